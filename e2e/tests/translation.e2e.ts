import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@juntos/domain';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { baseUrl, launchBrowser } from '../support/browser';
import { api, createMember, makeFriends, openAs, publishPost, type Member } from '../support/members';

/**
 * A stand-in for the browser's on-device Translator API (Chrome 138+), which headless Chromium
 * does not have: it "translates" by marking the text with the pair of languages, and counts its
 * calls on `window.translatorCalls`.
 */
const DEVICE_TRANSLATOR = `
  window.translatorCalls = [];
  window.Translator = {
    availability: async () => 'available',
    create: async ({ sourceLanguage, targetLanguage }) => ({
      translate: async (text) => {
        window.translatorCalls.push({ sourceLanguage, targetLanguage, text });
        return '(' + sourceLanguage + '>' + targetLanguage + ') ' + text;
      },
    }),
  };
`;

const article = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });
const translatorCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { translatorCalls: unknown[] }).translatorCalls.length);

/** Sends a chat message as `from` through the chat socket, as the web app does, and waits for its echo. */
async function sendChatMessage(from: Member, to: Member, message: string) {
  const socket = new WebSocket(`${baseUrl().replace('http', 'ws')}/ws/chat/?token=${from.access}&lang=en`);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  const echoed = new Promise<void>((resolve) =>
    socket.addEventListener('message', (event: MessageEvent<string>) => {
      if (String(event.data).includes('"temp_id":"translation-e2e"')) resolve();
    }),
  );
  socket.send(JSON.stringify({ receiver_id: to.id, message, temp_id: 'translation-e2e' }));
  await echoed;
  socket.close();
}

describe('reading posts and comments written in another language (issue 37 point 4)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('offers nothing where there is no translator, and translates on the device where there is one, by keyboard and back', async () => {
    const stamp = Date.now().toString(36);
    const writer = await createMember('greek', { country: 'gr', nombre: `Eleni${stamp}` });
    const commenter = await createMember('polish', { country: 'gr', nombre: `Jan${stamp}` });
    const reader = await createMember('reader', { country: 'gr', nombre: `Ruth${stamp}` });
    const greek = `Σήμερα ο γιος μου είχε την πρώτη του συνεδρία φυσικοθεραπείας και ήταν πολύ γενναίος. ${stamp}`;
    const english = `Our daughter started at a new school today and loved it. ${stamp}`;
    const polish = `Trzymamy kciuki za was i waszego dzielnego syna. ${stamp}`;
    const post = (await publishPost(writer, { text: greek })) as Post;
    await publishPost(writer, { text: english });
    await api(commenter, 'POST', `/posts/${post.id}/comment/`, { text: polish });

    // No translator on the device (the test contexts have none) and none on this test server:
    // no action, and no text sent.
    const plain = await openAs(browser, reader, '/feed');
    await article(plain.page, greek).waitFor();
    await plain.page.waitForLoadState('networkidle');
    expect(await plain.page.getByRole('button', { name: 'Translate' }).count()).toBe(0);
    await plain.context.close();

    const { context, page } = await openAs(browser, reader, '/feed', { deviceTranslator: DEVICE_TRANSLATOR });
    const greekPost = article(page, greek);
    await greekPost.getByRole('button', { name: 'Translate' }).first().waitFor();
    // The text is marked with its language, for screen readers; the English post offers nothing.
    expect(await greekPost.locator('span[lang="el"]').first().textContent()).toBe(greek);
    expect(await article(page, english).getByRole('button', { name: 'Translate' }).count()).toBe(0);
    await expectNoAxeViolations(page, '/feed with a post in another language');

    await tabTo(page, greekPost.getByRole('button', { name: 'Translate' }).first());
    await page.keyboard.press('Enter');
    const translated = greekPost.getByText(`(el>en) ${greek}`);
    await translated.waitFor();
    expect(await translated.getAttribute('lang')).toBe('en');
    await greekPost.getByText('Translated from Greek').waitFor();
    const showOriginal = greekPost.getByRole('button', { name: 'Show original' });
    // Focus follows the action, so a keyboard user goes on from where they were.
    expect(await showOriginal.evaluate((button) => button === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page, '/feed with a translated post');

    await page.keyboard.press('Enter');
    await greekPost.getByText(greek).first().waitFor();
    expect(await greekPost.getByText(`(el>en) ${greek}`).count()).toBe(0);
    // Opened again, the same text comes from the cache: the translator is asked once.
    await greekPost.getByRole('button', { name: 'Translate' }).first().click();
    await translated.waitFor();
    expect(await translatorCalls(page)).toBe(1);

    // A comment in Polish is offered the same.
    await greekPost.getByRole('button', { name: /Comments/ }).click();
    const comment = greekPost.getByRole('listitem').filter({ hasText: polish });
    await comment.getByRole('button', { name: 'Translate' }).click();
    await comment.getByText(`(pl>en) ${polish}`).waitFor();
    await comment.getByText('Translated from Polish').waitFor();
    await expectNoAxeViolations(page, '/feed with a translated comment');
    await context.close();

    // The writer knows what she wrote: her own post offers nothing, another's comment on it does.
    const own = await openAs(browser, writer, '/feed', { deviceTranslator: DEVICE_TRANSLATOR });
    const ownPost = article(own.page, greek);
    await ownPost.getByRole('button', { name: /Comments/ }).click();
    await ownPost
      .getByRole('listitem')
      .filter({ hasText: polish })
      .getByRole('button', { name: 'Translate' })
      .waitFor();
    expect(await ownPost.getByRole('button', { name: 'Translate' }).count()).toBe(1);
    await own.context.close();
  });
  it('a chat message in another language is translated in the conversation', async () => {
    const stamp = Date.now().toString(36);
    const reader = await createMember('chat-reader', { nombre: `Rhea${stamp}` });
    const friend = await createMember('chat-friend', { nombre: `Piotr${stamp}` });
    await makeFriends(reader, friend);
    const polish = `Dziękuję za wczorajszą rozmowę, bardzo nam pomogła. ${stamp}`;
    await sendChatMessage(friend, reader, polish);

    const { context, page } = await openAs(browser, reader, `/chat?amigo=${friend.id}`, {
      localStorage: { chat_modal_ack: '1' },
      deviceTranslator: DEVICE_TRANSLATOR,
    });
    const log = page.getByRole('log', { name: `Conversation with Piotr${stamp}` });
    const message = log.getByRole('listitem').filter({ hasText: polish });
    await tabTo(page, message.getByRole('button', { name: 'Translate' }));
    await page.keyboard.press('Enter');
    await message.getByText(`(pl>en) ${polish}`).waitFor();
    await message.getByText('Translated from Polish').waitFor();
    await expectNoAxeViolations(page, '/chat with a translated message');
    await context.close();
  });
});
