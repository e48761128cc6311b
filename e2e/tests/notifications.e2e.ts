import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, newContext } from '../support/browser';
import { api, createMember, makeFriends, openAs, publishPost } from '../support/members';

describe('notifications (issue 20): the bell, the centre and the settings', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('the bell counts a friend’s comment as it happens; the centre lists it; opening it marks it read', async () => {
    const stamp = String(Date.now()).slice(-6);
    const ana = await createMember('ana', { nombre: `Ana${stamp}` });
    const bea = await createMember('bea', { nombre: `Bea${stamp}`, apellidos: 'Ruiz' });
    await makeFriends(ana, bea);
    const post = (await publishPost(ana, { text: 'Today was a good day' })) as { id: number };

    const { page } = await openAs(browser, ana, '/feed');
    const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    await bell.waitFor();
    expect(await bell.getAttribute('href')).toBe('/notificaciones');
    await page.getByRole('banner').getByRole('link', { name: 'Notifications', exact: true }).waitFor();

    // The friend comments while Ana has the feed open: the live connection raises the count.
    await api(bea, 'POST', `/posts/${post.id}/comment/`, { text: 'So glad to hear it' });
    await page
      .getByRole('banner')
      .getByRole('link', { name: 'Notifications 1 unread notification' })
      .waitFor();
    await expectNoAxeViolations(page, '/feed with an unread notification');

    await tabTo(page, bell);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const item = page.getByRole('link', { name: `Unread: Bea${stamp} Ruiz commented on your post` });
    await item.waitFor();
    await page.getByRole('main').getByRole('status').filter({ hasText: '1 unread notification' }).waitFor();
    await expectNoAxeViolations(page, '/notificaciones');

    await tabTo(page, item);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/feed');
    await page.getByRole('banner').getByRole('link', { name: 'Notifications', exact: true }).waitFor();

    await page.goto('/notificaciones');
    await page.getByRole('link', { name: `Bea${stamp} Ruiz commented on your post` }).waitFor();
    await page.getByRole('main').getByRole('status').filter({ hasText: 'Everything is read.' }).waitFor();
    await page.context().close();
  });

  it('a comment made while the live connection is still opening reaches the bell when it opens', async () => {
    const stamp = String(Date.now()).slice(-6);
    const ana = await createMember('late-socket', { nombre: `Ana${stamp}` });
    const bea = await createMember('late-socket-friend', { nombre: `Bea${stamp}` });
    await makeFriends(ana, bea);
    const post = (await publishPost(ana, { text: 'A slow connection today' })) as { id: number };

    // The socket is held until the comment is stored: its frame goes out while Ana's browser has
    // no connection, as on a slow network or after a break. Without catching up on opening, the
    // bell would wait for its next poll, minutes away.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const context = await newContext(browser, {
      consent: { advertising: false },
      localStorage: { access: ana.access, refresh: ana.refresh },
    });
    await context.routeWebSocket(/\/ws\/chat\//, async (socket) => {
      await released;
      socket.connectToServer();
    });
    const page = await context.newPage();
    await page.goto('/feed');
    await page.getByRole('banner').getByRole('link', { name: 'Notifications', exact: true }).waitFor();

    await api(bea, 'POST', `/posts/${post.id}/comment/`, { text: 'Hope it gets better' });
    release();
    await page
      .getByRole('banner')
      .getByRole('link', { name: 'Notifications 1 unread notification' })
      .waitFor();
    await context.close();
  });

  it('the settings screen is operable with the keyboard alone and says where e-mails go', async () => {
    const ana = await createMember('settings');
    const { page } = await openAs(browser, ana, '/profile');
    const settingsLink = page.getByRole('main').getByRole('link', { name: 'Notification settings' });
    await tabTo(page, settingsLink);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Notification settings' }).waitFor();
    await page.getByText(`E-mails go to ${ana.email}.`, { exact: false }).waitFor();
    await expectNoAxeViolations(page, '/ajustes/notificaciones');

    // Likes by e-mail on, weekly digests, quiet hours from 21:30 — all by keyboard.
    const likes = page.getByRole('group', { name: 'Likes on your posts and pictures' });
    const likesByEmail = likes.getByRole('checkbox', { name: 'By e-mail' });
    await tabTo(page, likesByEmail);
    await page.keyboard.press('Space');
    const weekly = page.getByRole('radio', { name: 'Once a week, a summary' });
    await tabTo(page, page.getByRole('radio', { name: 'Once a day, a summary' }));
    await page.keyboard.press('ArrowDown');
    expect(await weekly.isChecked()).toBe(true);
    await tabTo(page, page.getByRole('checkbox', { name: 'Use quiet hours' }));
    await page.keyboard.press('Space');
    const from = page.getByLabel('From');
    await from.waitFor();
    await tabTo(page, from);
    await page.keyboard.type('0930PM');
    // Time zones by place (issue 34): the member lives in France, so France's zones come first,
    // named by city, zone name and offset, not by raw IANA names; the world's on request.
    const zone = page.getByLabel('Time zone');
    const near = zone.locator('optgroup[label="Near you"] option');
    expect(await near.first().textContent()).toMatch(/^Paris — Central European .*GMT\+0?[12]/);
    expect(await near.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Reunion — /)]),
    );
    expect(await zone.locator('option').count()).toBeLessThan(12);
    await tabTo(page, page.getByRole('checkbox', { name: 'Show every time zone in the world' }));
    await page.keyboard.press('Space');
    await expect
      .poll(() => zone.locator('optgroup[label="Other places"] option').count())
      .toBeGreaterThan(300);
    expect(await zone.locator('option', { hasText: 'Africa/' }).count()).toBe(0);
    await expectNoAxeViolations(page, '/ajustes/notificaciones with quiet hours');
    await tabTo(page, page.getByRole('button', { name: 'Save settings' }));
    await page.keyboard.press('Enter');
    await page.getByText('Your notification settings have been saved.').waitFor();

    const saved = (await api(ana, 'GET', '/notificaciones/ajustes/')) as {
      settings: { email_frequency: string; quiet_from: string; channels: { like: { email: boolean } } };
    };
    expect(saved.settings).toMatchObject({
      email_frequency: 'weekly',
      quiet_from: '21:30',
      channels: { like: { email: true } },
    });
    await page.context().close();
  });

  it('the unsubscribe page works without signing in and says plainly when a link is not valid', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    await page.goto('/baja/1.not-a-real-signature');
    await page.getByRole('heading', { level: 1, name: 'Stop notification e-mails' }).waitFor();
    await expectNoAxeViolations(page, '/baja/:token');
    await tabTo(page, page.getByRole('main').getByRole('button', { name: 'Stop notification e-mails' }));
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid.' }).waitFor();
    await expectNoAxeViolations(page, '/baja/:token with the refusal');
    await context.close();
  });
});
