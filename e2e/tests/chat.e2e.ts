import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { trackLiveConnection, untilLive } from '../support/live-connection';
import { baseUrl, launchBrowser } from '../support/browser';
import {
  api,
  createMember,
  makeAdmin,
  createFriends,
  makeFriends,
  openAs,
  type Member,
} from '../support/members';

const ACKNOWLEDGED = { chat_modal_ack: '1' };

async function historyBetween(viewer: Member, friend: Member) {
  const response = await fetch(`${baseUrl()}/api/chat/historial/${friend.id}/`, {
    headers: { Authorization: `Bearer ${viewer.access}` },
  });
  return ((await response.json()) as { results: { message: string }[] }).results.map((m) => m.message);
}

/**
 * Whether all of an element is on a screen of the given height, give or take the pixel that
 * rounding heights measured in fractions of a pixel may leave.
 */
async function wholeInView(element: Locator, screenHeight: number) {
  const bounds = await element.boundingBox();
  return bounds !== null && bounds.y >= -1 && bounds.y + bounds.height <= screenHeight + 1;
}

const friendButton = (page: Page, name: string) =>
  page.getByRole('main').getByRole('button', { name: new RegExp(name) });

describe('chat between friends (spec §2 "Chat", §4, §7 WebSocket)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('a message arrives live, the unread badge and the read tick follow, presence changes when a page closes', async () => {
    const {
      stamp,
      members: [ana, bruno],
    } = await createFriends('chat', 'Ana', 'Bruno');

    const asBruno = await openAs(browser, bruno, '/feed');
    const b = asBruno.page;
    await b.getByRole('heading', { level: 1 }).waitFor();

    const asAna = await openAs(browser, ana, '/chat');
    const a = asAna.page;
    // First use: the information dialog, acknowledged once and remembered.
    const intro = a.getByRole('dialog', { name: 'Before you start chatting' });
    await intro.waitFor();
    await expectNoAxeViolations(a, '/chat first-use dialog');
    await a.keyboard.press('Enter');
    await intro.waitFor({ state: 'detached' });
    await a.reload();
    await a.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
    await friendButton(a, `Bruno${stamp}`).waitFor();
    expect(await a.getByRole('dialog').count()).toBe(0);

    // Bruno's page is open, so he is online.
    await friendButton(a, `Bruno${stamp}.*Online`).waitFor();
    await tabTo(a, friendButton(a, `Bruno${stamp}`));
    await a.keyboard.press('Enter');
    const anaLog = a.getByRole('log', { name: `Conversation with Bruno${stamp}` });
    await anaLog.waitFor();
    await expectNoAxeViolations(a, '/chat with a conversation');

    await tabTo(a, a.getByLabel(`Message to Bruno${stamp}`));
    await a.keyboard.type('Hola Bruno, ¿qué tal?');
    await a.keyboard.press('Enter');
    const sent = anaLog.getByRole('listitem').filter({ hasText: 'Hola Bruno, ¿qué tal?' });
    await sent.waitFor();
    await sent.getByText('Sent', { exact: true }).waitFor();
    expect(await a.getByLabel(`Message to Bruno${stamp}`).inputValue()).toBe('');

    // Bruno, on the feed, gets the live notification and the unread badge.
    await b.getByText(`New message from Ana${stamp}`).waitFor();
    const chatLink = b.getByRole('link', { name: /Chat.*1 unread message/ });
    await chatLink.waitFor();
    await expectNoAxeViolations(b, '/feed with an unread badge');
    await tabTo(b, chatLink);
    await b.keyboard.press('Enter');
    await b.getByRole('dialog', { name: 'Before you start chatting' }).waitFor();
    await b.keyboard.press('Escape');
    await tabTo(b, friendButton(b, `Ana${stamp}`));
    await b.keyboard.press('Enter');
    const brunoLog = b.getByRole('log', { name: `Conversation with Ana${stamp}` });
    await brunoLog.getByText('Hola Bruno, ¿qué tal?').waitFor();

    // Reading it sends the receipt: Ana's message gets its tick.
    // The state, not the message's "Read aloud" button.
    await sent.locator('.chat-message__state').getByText('Read').waitFor();
    expect(await sent.locator('.chat-message__tick').count()).toBe(1);
    await expect.poll(() => b.getByRole('link', { name: /unread message/ }).count()).toBe(0);

    // Shift+Enter breaks the line, Enter sends; Ana sees it arrive live in her log.
    await tabTo(b, b.getByLabel(`Message to Ana${stamp}`));
    await b.keyboard.type('Muy bien.');
    await b.keyboard.press('Shift+Enter');
    await b.keyboard.type('¿Y tú?');
    await b.keyboard.press('Enter');
    const reply = anaLog.getByRole('listitem').filter({ hasText: 'Muy bien.' });
    await reply.waitFor();
    expect(await reply.locator('.chat-message__text').innerText()).toBe('Muy bien.\n¿Y tú?');
    await expectNoAxeViolations(b, '/chat as the receiver');
    expect(await historyBetween(ana, bruno)).toEqual(['Hola Bruno, ¿qué tal?', 'Muy bien.\n¿Y tú?']);

    // Bruno closes his page: Ana sees him go offline.
    await asBruno.context.close();
    await a
      .getByRole('main')
      .getByText(/Offline/)
      .first()
      .waitFor({ timeout: 15_000 });
    await friendButton(a, `Bruno${stamp}.*Offline`).waitFor();
    await expectNoAxeViolations(a, '/chat after the friend left');

    // Signing out removes the conversation from this browser and hides Ana's copy on the server;
    // Bruno keeps his (issue 16: nobody erases what they wrote to someone else).
    await a.goto('/logout');
    await a.waitForURL('**/login');
    const left = await a.evaluate(() => Object.keys(window.localStorage));
    expect(left.filter((key) => key.startsWith('chat_'))).toEqual([]);
    expect(await historyBetween(bruno, ana)).toEqual(['Hola Bruno, ¿qué tal?', 'Muy bien.\n¿Y tú?']);
    await asAna.context.close();
  });

  it('a received message is reported from the chat screen; the moderators read it with the messages around it', async () => {
    const stamp = String(Date.now()).slice(-6);
    const ana = await createMember('chat-report-ana', { nombre: `Ana${stamp}` });
    const bruno = await createMember('chat-report-bruno', { nombre: `Bruno${stamp}` });
    const admin = await createMember('chat-report-admin', { nombre: 'Mod' });
    await makeFriends(ana, bruno);
    await makeAdmin(admin);

    const asAna = await openAs(browser, ana, `/chat?amigo=${bruno.id}`, { localStorage: ACKNOWLEDGED });
    const composer = asAna.page.getByLabel(`Message to Bruno${stamp}`);
    for (const text of ['Hi there', `Send me a photo ${stamp}`]) {
      await tabTo(asAna.page, composer);
      await asAna.page.keyboard.type(text);
      await asAna.page.keyboard.press('Enter');
      // Leaving while a message still says "Sending" would take it along (a page load closes the
      // socket), so Ana waits for "Sent", as a member would.
      const own = asAna.page.getByRole('log').getByRole('listitem').filter({ hasText: text });
      await own.getByText('Sent', { exact: true }).waitFor();
    }
    // Ana signs out: her copy is hidden, the evidence stays for Bruno and the moderators.
    await asAna.page.goto('/logout');
    await asAna.page.waitForURL('**/login');
    await asAna.context.close();

    const { context, page } = await openAs(browser, bruno, `/chat?amigo=${ana.id}`, {
      localStorage: ACKNOWLEDGED,
    });
    const received = page
      .getByRole('log', { name: `Conversation with Ana${stamp}` })
      .getByRole('listitem')
      .filter({ hasText: `Send me a photo ${stamp}` });
    const reportButton = received.getByRole('button', {
      name: new RegExp(`^Report the message from Ana${stamp}`),
    });
    await reportButton.waitFor();
    // Own messages have no report button; the conversation has one of its own.
    await page.getByRole('button', { name: 'Report this conversation' }).waitFor();
    await tabTo(page, reportButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Report this message' });
    await dialog.waitFor();
    await dialog.getByLabel('Reason').selectOption('danger');
    await expectNoAxeViolations(page, '/chat, report dialog');
    await tabTo(page, dialog.getByRole('button', { name: 'Send the report' }));
    await page.keyboard.press('Enter');
    await page.getByText('Your report has been sent to the moderators.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await context.close();

    const asAdmin = await openAs(browser, admin, '/admin/moderacion');
    const card = asAdmin.page.getByRole('article').filter({ hasText: `Send me a photo ${stamp}` });
    await card
      .getByRole('heading', { level: 2, name: `Report about a chat message by Ana${stamp}` })
      .waitFor();
    const around = card.getByRole('region', { name: 'The conversation around it' });
    await around.getByText('Hi there').waitFor();
    await around
      .getByRole('listitem')
      .filter({ hasText: 'Reported message' })
      .getByText(`Send me a photo ${stamp}`)
      .waitFor();
    expect(await card.getByRole('button', { name: 'Hide the content' }).count()).toBe(0);
    await expectNoAxeViolations(asAdmin.page, '/admin/moderacion with a chat report');
    await asAdmin.context.close();
  });

  it('on a phone shows one pane at a time, the message box in view, and no bottom bar: the destinations wait in the Menu', async () => {
    const {
      stamp,
      members: [ana],
    } = await createFriends('chat-phone', 'Ana', 'Bruno');
    // A small phone (iPhone SE): the height is what the conversation has to share.
    const viewport = { width: 375, height: 667 };
    const { context, page } = await openAs(browser, ana, '/chat', { viewport, localStorage: ACKNOWLEDGED });
    await trackLiveConnection(context);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
    await friendButton(page, `Bruno${stamp}`).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    expect(await nav.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Feed', exact: true }).isVisible()).toBe(false);
    expect(await page.getByText('Choose a friend to read and write messages.').isVisible()).toBe(false);
    await expectNoAxeViolations(page, '/chat on a phone, friend list');

    await tabTo(page, friendButton(page, `Bruno${stamp}`));
    await page.keyboard.press('Enter');
    const log = page.getByRole('log', { name: `Conversation with Bruno${stamp}` });
    await log.waitFor();
    expect(await friendButton(page, `Bruno${stamp}`).isVisible()).toBe(false);
    // The button that opened it is gone: the focus is on the conversation's heading.
    const heading = page.getByRole('heading', { level: 2, name: new RegExp(`Bruno${stamp}`) });
    expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page, '/chat on a phone, conversation');

    // More messages than the log can show: it follows the latest, and the box stays in view.
    const box = page.getByLabel(`Message to Bruno${stamp}`);
    await untilLive(page);
    await tabTo(page, box);
    for (let line = 1; line <= 8; line += 1) {
      await page.keyboard.type(`Line ${line} of a long story`);
      await page.keyboard.press('Enter');
      await log
        .getByRole('listitem')
        .filter({ hasText: `Line ${line} of a long story` })
        .waitFor();
    }
    await log.getByRole('listitem').last().getByText('Sent', { exact: true }).waitFor();
    const inView = () => wholeInView(box, viewport.height);
    const atLatest = () =>
      log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight <= 1);
    await expect.poll(atLatest).toBe(true);
    expect(await inView()).toBe(true);

    await tabTo(page, page.getByRole('button', { name: 'Back to friends' }), 400);
    await page.keyboard.press('Enter');
    await friendButton(page, `Bruno${stamp}`).waitFor();
    expect(await page.getByRole('log').isVisible()).toBe(false);
    // Back on the list, the focus is on the friend whose conversation was open.
    expect(
      await friendButton(page, `Bruno${stamp}`).evaluate((element) => element === document.activeElement),
    ).toBe(true);

    // Opened again, from its history: the latest message and the box in view at once.
    await page.keyboard.press('Enter');
    await log.getByRole('listitem').filter({ hasText: 'Line 8 of a long story' }).waitFor();
    await expect.poll(atLatest).toBe(true);
    expect(await inView()).toBe(true);
    await context.close();
  });

  it('beside the list with large text, opening a conversation keeps the message box in view', async () => {
    const {
      stamp,
      members: [ana],
    } = await createFriends('chat-wide', 'Ana', 'Bruno');
    // A small laptop at 125 % text: the page's frame wraps and takes a third of the height.
    const viewport = { width: 1024, height: 768 };
    const { context, page } = await openAs(browser, ana, '/chat', {
      viewport,
      localStorage: { ...ACKNOWLEDGED, display_preferences: JSON.stringify({ textSize: 125 }) },
    });
    await friendButton(page, `Bruno${stamp}`).click();
    const log = page.getByRole('log', { name: `Conversation with Bruno${stamp}` });
    await log.waitFor();
    // Both panes stay: the list is beside the conversation.
    expect(await friendButton(page, `Bruno${stamp}`).isVisible()).toBe(true);
    const box = page.getByLabel(`Message to Bruno${stamp}`);
    const inView = () => wholeInView(box, viewport.height);
    await expect.poll(inView).toBe(true);
    // The log keeps a useful height (12rem at 20 px), not squeezed to make room.
    expect((await log.boundingBox())!.height).toBeGreaterThanOrEqual(12 * 20);
    await expectNoAxeViolations(page, '/chat beside the list at 125 % text');

    // A window made shorter keeps the box in view too.
    const shorter = { width: 1024, height: 640 };
    await page.setViewportSize(shorter);
    await expect.poll(() => wholeInView(box, shorter.height)).toBe(true);
    await context.close();
  });

  it('on a phone, what a member who deleted their account sent stays readable and reportable, not answerable', async () => {
    const {
      stamp,
      members: [ana, bruno],
    } = await createFriends('chat-former', 'Ana', 'Bruno');
    const asBruno = await openAs(browser, bruno, `/chat?amigo=${ana.id}`, { localStorage: ACKNOWLEDGED });
    const text = `Thank you for everything ${stamp}`;
    await tabTo(asBruno.page, asBruno.page.getByLabel(`Message to Ana${stamp}`));
    await asBruno.page.keyboard.type(text);
    await asBruno.page.keyboard.press('Enter');
    await asBruno.page
      .getByRole('log')
      .getByRole('listitem')
      .filter({ hasText: text })
      .getByText('Sent', { exact: true })
      .waitFor();
    await asBruno.context.close();
    await api(bruno, 'DELETE', '/delete-account/', { password: bruno.password });

    const { context, page } = await openAs(browser, ana, '/chat', {
      viewport: { width: 375, height: 667 },
      localStorage: ACKNOWLEDGED,
    });
    expect(await friendButton(page, `Bruno${stamp}`).count()).toBe(0);
    const former = page
      .getByRole('list', { name: 'Members who have left' })
      .getByRole('button', { name: /A former member/ });
    await tabTo(page, former);
    await page.keyboard.press('Enter');
    const log = page.getByRole('log', { name: 'Messages from a former member' });
    await log.getByRole('listitem').filter({ hasText: text }).waitFor();
    // No name, no message box; the focus on the heading of what replaced the list.
    expect(await page.getByText(`Bruno${stamp}`).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: /Message to/ }).count()).toBe(0);
    const heading = page.getByRole('heading', { level: 2, name: 'A former member' });
    expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await log.getByRole('button', { name: /Report/ }).count()).toBe(1);
    await expectNoAxeViolations(page, '/chat on a phone, a former member’s messages');

    await page.getByRole('button', { name: 'Back to friends' }).click();
    await former.waitFor();
    expect(await former.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it('finds a friend by the start of a name, and an empty search shows everyone', async () => {
    const stamp = String(Date.now()).slice(-6);
    const marta = await createMember('chat-search-marta', { nombre: `Marta${stamp}` });
    const jose = await createMember('chat-search-jose', { nombre: `José${stamp}` });
    const joana = await createMember('chat-search-joana', { nombre: `Joana${stamp}` });
    await makeFriends(marta, jose);
    await makeFriends(marta, joana);
    const { context, page } = await openAs(browser, marta, '/chat', { localStorage: ACKNOWLEDGED });
    await friendButton(page, `Joana${stamp}`).waitFor();
    await tabTo(page, page.getByLabel('Find a friend'));
    await page.keyboard.type(`jose${stamp}`);
    await page.getByRole('status').filter({ hasText: '1 result' }).waitFor();
    await friendButton(page, `Joana${stamp}`).waitFor({ state: 'detached' });
    expect(await friendButton(page, `José${stamp}`).isVisible()).toBe(true);
    await expectNoAxeViolations(page, '/chat, friend search');
    await page.getByLabel('Find a friend').fill('   ');
    await friendButton(page, `Joana${stamp}`).waitFor();
    expect(await friendButton(page, `José${stamp}`).isVisible()).toBe(true);
    await context.close();
  });

  it('reads the friend list again every 30 seconds (spec §9)', async () => {
    const stamp = String(Date.now()).slice(-6);
    const rosa = await createMember('chat-refresh-rosa', { nombre: `Rosa${stamp}` });
    const first = await createMember('chat-refresh-first', { nombre: `Primero${stamp}` });
    const later = await createMember('chat-refresh-later', { nombre: `Luego${stamp}` });
    await makeFriends(rosa, first);
    const { context, page } = await openAs(browser, rosa, '/dashboard', { localStorage: ACKNOWLEDGED });
    // The live connection is held back: an opening connection reads the list again to catch up,
    // and then the new friend could show without the 30-second reading this test is about.
    await context.routeWebSocket(/\/ws\/chat\//, () => new Promise<void>(() => {}));
    await page.clock.install();
    await page.goto('/chat');
    await friendButton(page, `Primero${stamp}`).waitFor();
    // A friendship made elsewhere (no live event reaches this page) shows at the next reading.
    await makeFriends(rosa, later);
    await page.clock.fastForward(20_000);
    expect(await friendButton(page, `Luego${stamp}`).count()).toBe(0);
    await page.clock.fastForward(11_000);
    await friendButton(page, `Luego${stamp}`).waitFor();
    await context.close();
  });

  it('shows the copy kept on the device, with a warning, when the history cannot be loaded', async () => {
    const {
      stamp,
      members: [ana, bruno],
    } = await createFriends('chat-cache', 'Ana', 'Bruno');
    const kept = {
      id: 1,
      temp_id: 'kept-1',
      sender_id: bruno.id,
      sender: { nombre: `Bruno${stamp}`, apellidos: '' },
      sender_nombre: `Bruno${stamp}`,
      sender_apellidos: '',
      receiver_id: ana.id,
      message: 'Kept on this device',
      timestamp: new Date().toISOString(),
      read: true,
    };
    const { context, page } = await openAs(browser, ana, `/chat?amigo=${bruno.id}`, {
      localStorage: { ...ACKNOWLEDGED, [`chat_messages_${bruno.id}`]: JSON.stringify([kept]) },
    });
    await page.route('**/api/chat/historial/**', (route) => route.fulfill({ status: 503, body: '{}' }));
    await page.reload();
    const log = page.getByRole('log', { name: `Conversation with Bruno${stamp}` });
    await log.getByText('Kept on this device').waitFor();
    await page.getByText('The conversation could not be loaded from the server.').waitFor();
    await expectNoAxeViolations(page, '/chat with the history unavailable');
    await context.close();
  });

  it('a message to someone who blocked the member is refused with a toast and marked as not sent', async () => {
    const {
      stamp,
      members: [ana, carla],
    } = await createFriends('chat-block', 'Ana', 'Carla');
    const { context, page } = await openAs(browser, ana, '/chat', { localStorage: ACKNOWLEDGED });
    await tabTo(page, friendButton(page, `Carla${stamp}`));
    await page.keyboard.press('Enter');
    await page.getByRole('log', { name: `Conversation with Carla${stamp}` }).waitFor();
    await api(carla, 'POST', `/bloqueos/${ana.id}/`);

    await tabTo(page, page.getByLabel(`Message to Carla${stamp}`));
    await page.keyboard.type('¿Estás ahí?');
    await page.keyboard.press('Enter');
    await page.getByText('This message was not sent').waitFor();
    await page
      .getByRole('log')
      .getByRole('listitem')
      .filter({ hasText: '¿Estás ahí?' })
      .getByText('Not sent')
      .waitFor();
    await expectNoAxeViolations(page, '/chat with a refused message');
    expect(await historyBetween(ana, carla)).toEqual([]);
    await context.close();
  });

  it('friend events refresh the requests page, its badge and the friends list without reloading', async () => {
    const stamp = String(Date.now()).slice(-6);
    const dana = await createMember('live-dana', { nombre: `Dana${stamp}` });
    const eva = await createMember('live-eva', { nombre: `Eva${stamp}` });
    const asDana = await openAs(browser, dana, '/solicitudes');
    const d = asDana.page;
    await d.getByText('You have no friend requests.').waitFor();
    const asEva = await openAs(browser, eva, '/buscar/amigos');
    const e = asEva.page;
    await e.getByRole('heading', { level: 1, name: 'Your friends' }).waitFor();

    await api(eva, 'POST', `/solicitudes/enviar/${dana.id}/`);
    await d.getByRole('link', { name: /Requests 1 new friend request/ }).waitFor();
    const accept = d.getByRole('button', { name: `Accept Eva${stamp}` });
    await accept.waitFor();
    await expectNoAxeViolations(d, '/solicitudes after a live request');
    await tabTo(d, accept);
    await d.keyboard.press('Enter');
    await d.getByText('You have no friend requests.').waitFor();

    // Eva's friends list shows Dana as soon as she accepts.
    await e.getByRole('link', { name: `Dana${stamp}` }).waitFor();
    await expectNoAxeViolations(e, '/buscar/amigos after a live acceptance');
    await asDana.context.close();
    await asEva.context.close();
  });
});
