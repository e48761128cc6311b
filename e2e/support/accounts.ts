import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser';
import { activationCodeFrom, waitForEmail } from './mail';
import { adultPayload } from '../../apps/api/src/test-support/payloads';

/** Long, unusual and not on any common-password list. */
export const STRONG_PASSWORD = 'Juntos-e2e-Lantern-42';

let counter = 0;
/** An address no other test uses (the database lives as long as the whole e2e run). */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.org`;
}

async function post(path: string, body: unknown) {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as unknown };
}

export type Account = { email: string; password: string; access: string; refresh: string };

/**
 * An active adult account made through the API (sign-up, then the code from the captured e-mail),
 * for journeys that start after sign-up.
 */
export async function createActiveAccount(prefix = 'member'): Promise<Account> {
  const email = uniqueEmail(prefix);
  const since = Date.now();
  const registered = await post('/register/', adultPayload({ email, password: STRONG_PASSWORD }));
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const code = activationCodeFrom(await waitForEmail(email, since));
  const activated = await post('/activate/', { email, code });
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  const tokens = activated.body as { access: string; refresh: string };
  return { email, password: STRONG_PASSWORD, access: tokens.access, refresh: tokens.refresh };
}

/** Signs in through the API, as another device of the member would: that session's tokens. */
export async function openSession(
  email: string,
  password: string,
): Promise<{ access: string; refresh: string }> {
  const signedIn = await post('/login/', { email, password });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return signedIn.body as { access: string; refresh: string };
}

/** Asks the API to renew a refresh token: 200 while it is valid, 401 once revoked. */
export async function refreshStatus(refresh: string): Promise<number> {
  return (await post('/token/refresh/', { refresh })).status;
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has the focus, as a keyboard-only member would. */
export async function tabTo(page: Page, target: Locator, maxPresses = 150) {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  expect(await isFocused(target), 'Tab never reached the element').toBe(true);
}

/**
 * Chooses an option of the focused native `<select>` by typing, as a keyboard-only member would.
 * Chromium's type-ahead forgets typed letters after about a second, so typing a whole label fails
 * on a loaded machine; pressing the label's first letter again steps to the next option starting
 * with it however long each press takes, so this presses it until `label` is chosen.
 */
export async function chooseByTyping(page: Page, select: Locator, label: string) {
  const optionCount = await select.locator('option').count();
  const chosenLabel = () =>
    select.evaluate(
      (element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent?.trim() ?? '',
    );
  for (let presses = 0; presses <= optionCount; presses += 1) {
    if ((await chosenLabel()) === label) return;
    await page.keyboard.press(label.charAt(0));
  }
  expect(await chosenLabel(), `typing never chose ${label}`).toBe(label);
}

export const storedTokens = (page: Page) =>
  page.evaluate(() => ({
    access: window.localStorage.getItem('access'),
    refresh: window.localStorage.getItem('refresh'),
  }));

/** Signs in through the login form and waits for the page it leads to (editor or info home). */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/edit-profile' || url.pathname === '/info');
  await page.getByRole('heading', { level: 1, name: /^(Edit your profile|Welcome to Juntos)$/ }).waitFor();
}
