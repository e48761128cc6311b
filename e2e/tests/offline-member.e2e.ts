import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedTokens } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, newContext } from '../support/browser';
import { createMember, createFriends, publishPost, type Member } from '../support/members';

const offlineNotice = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline.' });
const couldNotLoadOffline = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'You are offline, so this could not be loaded.' }).first();
const signInForm = (page: Page) => page.getByRole('heading', { level: 1, name: 'Sign in' });
const friendButton = (page: Page, name: string) =>
  page.getByRole('main').getByRole('button', { name: new RegExp(name) });

/** A member's tab with the service worker allowed (it keeps the app shell), the chat dialog seen. */
async function openWithWorker(browser: Browser, member: Member, path: string) {
  const context = await newContext(browser, {
    consent: { advertising: false },
    serviceWorkers: 'allow',
    localStorage: { access: member.access, refresh: member.refresh, chat_modal_ack: '1' },
  });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

/**
 * Offline as a member is: the page's requests fail (setOffline) and so do the worker's own
 * requests, which Playwright's offline mode does not reach (as in installable-app.e2e.ts).
 */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

/**
 * Counts the profile reads that got no usable answer (failed, or a 401 whose renewal failed): the
 * session check at start tries twice, and signed the member out after the second before issue 34.
 */
function watchProfileReads(page: Page) {
  const failed = { count: 0 };
  const isProfile = (url: string) => new URL(url).pathname === '/api/me';
  page.on('requestfailed', (request) => {
    if (isProfile(request.url())) failed.count += 1;
  });
  page.on('response', (response) => {
    if (isProfile(response.url()) && response.status() === 401) failed.count += 1;
  });
  return failed;
}

/** Both tries of the session check have failed, and what followed them has settled. */
async function afterBothProfileTries(page: Page, failed: { count: number }) {
  await expect.poll(() => failed.count, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await page.waitForLoadState('networkidle');
}

async function goOnline(context: BrowserContext) {
  await context.unrouteAll();
  await context.setOffline(false);
}

describe('offline, a signed-in member keeps their screens (issue 34)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('the shell, the last data and the offline notice stay, never the sign-in form; sending says why it waits', async () => {
    const {
      stamp,
      members: [ana, bruno],
    } = await createFriends('offline', 'Ana', 'Bruno');
    await publishPost(bruno, { text: `Written before the train ${stamp}` });

    const { context, page } = await openWithWorker(browser, ana, '/feed');
    await page.getByRole('heading', { level: 1, name: 'Feed' }).waitFor();
    const post = page.getByRole('article').filter({ hasText: `Written before the train ${stamp}` });
    await post.waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /^Chat/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
    await friendButton(page, `Bruno${stamp}`).click();
    const composer = page.getByLabel(`Message to Bruno${stamp}`);
    await composer.waitFor();

    // Offline with the page open: what was shown stays, and the send button says why it waits.
    await goOffline(context);
    await offlineNotice(page).waitFor();
    await composer.fill('Hola, ¿me lees?');
    const reason = page.getByText('You are offline. Your message stays here');
    await reason.waitFor();
    const send = page.getByRole('button', { name: 'Send', exact: true });
    expect(await send.getAttribute('aria-disabled')).toBe('true');
    expect(await send.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));
    // Pressed by keyboard (an aria-disabled button keeps its focus), and Enter in the message box.
    await send.focus();
    await page.keyboard.press('Enter');
    expect(await send.evaluate((element) => element === document.activeElement)).toBe(true);
    await composer.press('Enter');
    expect(await composer.inputValue()).toBe('Hola, ¿me lees?');
    const log = page.getByRole('log', { name: `Conversation with Bruno${stamp}` });
    expect(await log.getByRole('listitem').count()).toBe(0);
    await friendButton(page, `Bruno${stamp}`).waitFor();
    await expectNoAxeViolations(page, '/chat offline');

    // Back on the feed, the posts shown before are still there; a change tried offline is not
    // held back in silence: it fails at once and says why.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /^Feed/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Feed' }).waitFor();
    await post.getByRole('button', { name: /Like/ }).click();
    await page.getByText('You are offline: nothing was sent.').waitFor();
    await expectNoAxeViolations(page, '/feed offline');

    // The access token has expired meanwhile; reloaded offline, the app opens from the worker.
    await page.evaluate(() => window.localStorage.setItem('access', 'expired.access.token'));
    const profileReads = watchProfileReads(page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Feed' }).waitFor();
    await offlineNotice(page).waitFor();
    await couldNotLoadOffline(page).waitFor();
    profileReads.count = 0;
    await page.goto('/chat');
    await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
    await offlineNotice(page).waitFor();
    await couldNotLoadOffline(page).waitFor();
    // Past the profile check's second try: the session is still here.
    await afterBothProfileTries(page, profileReads);
    expect(new URL(page.url()).pathname).toBe('/chat');
    expect(await signInForm(page).count()).toBe(0);
    expect(await storedTokens(page)).toEqual({ access: 'expired.access.token', refresh: ana.refresh });
    await expectNoAxeViolations(page, '/chat reloaded offline');

    // The server answers again but the renewal does not get through: the session stays too.
    await goOnline(context);
    const refreshes: string[] = [];
    await context.route('**/api/token/refresh/', async (route) => {
      refreshes.push(route.request().url());
      await route.abort('internetdisconnected');
    });
    profileReads.count = 0;
    await page.goto('/feed');
    await page.getByRole('heading', { level: 1, name: 'Feed' }).waitFor();
    await afterBothProfileTries(page, profileReads);
    // The renewal was tried (one or two times: a try still under way takes the second 401 along,
    // which depends on timing), and what follows does not depend on how many.
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    expect(new URL(page.url()).pathname).toBe('/feed');
    expect(await signInForm(page).count()).toBe(0);
    expect((await storedTokens(page)).refresh).toBe(ana.refresh);

    // Back online for good: the tokens are renewed, the lists load and a change goes through.
    await context.unrouteAll();
    // The open page renews the tokens by itself (the live connection tries again every few
    // seconds): the next page starts from the new pair. (Leaving while a renewal is on its way
    // sends the old refresh token again, which the server accepts within its reuse grace.)
    await expect
      .poll(async () => (await storedTokens(page)).access, { timeout: 30_000 })
      .not.toBe('expired.access.token');
    await page.goto('/chat');
    await friendButton(page, `Bruno${stamp}`).waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /^Feed/ }).click();
    await post.getByRole('button', { name: /Like/ }).click();
    await post.getByRole('button', { name: /Like \(1 like\)/ }).waitFor();
    expect(await signInForm(page).count()).toBe(0);
    await context.close();
  });
});

describe('turning push notifications on says what happened (issue 34)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  /**
   * A new member's notification settings with the worker registered (each test its own member, so
   * one's device is not in another's list); `browserSide` runs before the page's scripts.
   */
  async function pressTurnOn(browserSide?: () => void) {
    const member = await createMember('push-outcome');
    const { context, page } = await openWithWorker(browser, member, '/ajustes/notificaciones');
    if (browserSide) {
      await context.addInitScript(browserSide);
      await page.reload();
    }
    await page.evaluate(async () => {
      if ('serviceWorker' in navigator) await navigator.serviceWorker.ready;
    });
    const button = page.getByRole('button', { name: 'Turn on push notifications on this device' });
    await button.click();
    return { context, page };
  }

  /** Waits for the alert that holds every one of `texts`, then checks the page with axe. */
  async function alertSays(page: Page, axeLabel: string, ...texts: string[]) {
    let alert = page.getByRole('alert');
    for (const text of texts) alert = alert.filter({ hasText: text });
    await alert.waitFor();
    await expectNoAxeViolations(page, axeLabel);
  }

  it('the browser subscribes: a status says push is on, and the list names this device', async () => {
    const { context, page } = await pressTurnOn(() => {
      // A subscription as a push service gives one; headless Chromium has no push service to ask.
      Notification.requestPermission = () => Promise.resolve('granted');
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Date.now()}`;
      const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
      PushManager.prototype.subscribe = () =>
        Promise.resolve({
          endpoint,
          toJSON: () => ({ endpoint, keys }),
          unsubscribe: () => Promise.resolve(true),
        } as unknown as PushSubscription);
    });
    await page
      .getByRole('status')
      .filter({ hasText: 'Push notifications are on for this device.' })
      .waitFor();
    await page.getByText('(this device)').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Error' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'push on');
    await context.close();
  });

  it('the browser refuses the permission: an alert says how to allow it in the site settings', async () => {
    const { context, page } = await pressTurnOn();
    await alertSays(
      page,
      'push refused',
      'your browser has blocked notifications for this site',
      'open the site settings',
    );
    await context.close();
  });

  it('a browser without push: an alert says so', async () => {
    const { context, page } = await pressTurnOn(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    await alertSays(page, 'push unsupported', 'this browser cannot receive push notifications');
    await context.close();
  });

  it('the push service cannot be reached: an alert says to check the connection or try later', async () => {
    const { context, page } = await pressTurnOn(() => {
      Notification.requestPermission = () => Promise.resolve('granted');
      PushManager.prototype.subscribe = () =>
        Promise.reject(new DOMException('Registration failed - push service error', 'AbortError'));
    });
    await alertSays(page, 'push service unreachable', 'the push notification service could not be reached');
    expect(await page.getByRole('status').filter({ hasText: 'Push notifications are on' }).count()).toBe(0);
    await context.close();
  });
});
