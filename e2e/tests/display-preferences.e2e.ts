import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, newContext } from '../support/browser';

const rootStyle = (page: Page, property: string) =>
  page.evaluate((p) => getComputedStyle(document.documentElement).getPropertyValue(p), property);
const bodyStyle = (page: Page, property: string) =>
  page.evaluate((p) => getComputedStyle(document.body).getPropertyValue(p), property);

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Display settings' }).click();
  return page.getByRole('dialog', { name: 'Display settings' });
}

describe('display preferences (text size, contrast, dark, motion, font)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('each preference changes the page and survives a reload; axe passes in every theme', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const defaults = {
      fontSize: await rootStyle(page, 'font-size'),
      background: await bodyStyle(page, 'background-color'),
      fontFamily: await bodyStyle(page, 'font-family'),
    };
    expect(defaults.fontSize).toBe('16px');

    let dialog = await openSettings(page);
    await expectNoAxeViolations(page, 'display settings dialog');
    await dialog.getByLabel('Text size').selectOption('200');
    expect(await rootStyle(page, 'font-size')).toBe('32px');

    await dialog.getByRole('switch', { name: 'Dark theme' }).click();
    const dark = await bodyStyle(page, 'background-color');
    expect(dark).not.toBe(defaults.background);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expectNoAxeViolations(page, 'dark theme at 200 %');

    dialog = await openSettings(page);
    await dialog.getByRole('switch', { name: 'High contrast' }).click();
    expect(await bodyStyle(page, 'background-color')).toBe('rgb(0, 0, 0)');
    expect(await bodyStyle(page, 'color')).toBe('rgb(255, 255, 255)');
    await dialog.getByRole('switch', { name: 'Reduce motion' }).click();
    await dialog.getByRole('switch', { name: 'Easy-to-read font' }).click();
    expect(await bodyStyle(page, 'font-family')).toContain('Atkinson Hyperlegible');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expectNoAxeViolations(page, 'high contrast theme');

    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await rootStyle(page, 'font-size')).toBe('32px');
    expect(await bodyStyle(page, 'background-color')).toBe('rgb(0, 0, 0)');
    expect(await bodyStyle(page, 'font-family')).toContain('Atkinson Hyperlegible');
    expect(await rootStyle(page, 'scroll-behavior')).toBe('auto');

    dialog = await openSettings(page);
    await dialog.getByRole('switch', { name: 'High contrast' }).click();
    expect(await bodyStyle(page, 'background-color')).toBe(dark);
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page, 'dark theme');

    dialog = await openSettings(page);
    await dialog.getByRole('button', { name: 'Reset to default' }).click();
    expect(await rootStyle(page, 'font-size')).toBe(defaults.fontSize);
    expect(await bodyStyle(page, 'background-color')).toBe(defaults.background);
    await context.close();
  });

  it('the page follows the device’s dark mode until the member chooses, and again after a reset', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    const theme = () => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await theme()).toBe('dark');
    let dialog = await openSettings(page);
    const darkSwitch = dialog.getByRole('switch', { name: 'Dark theme' });
    expect(await darkSwitch.getAttribute('aria-checked')).toBe('true');
    await dialog.getByText('Until you choose, this follows your device’s setting.').waitFor();
    await expectNoAxeViolations(page, 'display settings, dark from the device');
    // The device turns light while the dialog is open: the switch says so at once.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
    await expect.poll(() => darkSwitch.getAttribute('aria-checked')).toBe('false');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => darkSwitch.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');

    // A phone that turns light in the morning: the open page follows.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');

    // The member's choice wins over the device, after a reload too.
    dialog = await openSettings(page);
    await darkSwitch.click();
    expect(await theme()).toBe('light');
    expect(await darkSwitch.getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await theme()).toBe('light');

    dialog = await openSettings(page);
    await dialog.getByRole('button', { name: 'Reset to default' }).click();
    expect(await theme()).toBe('dark');
    await context.close();
  });

  it('a choice made in one tab applies in the member’s other open tabs', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const [first, second] = [await context.newPage(), await context.newPage()];
    for (const page of [first, second]) {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
    }
    const dialog = await openSettings(first);
    await dialog.getByLabel('Text size').selectOption('150');
    await dialog.getByRole('switch', { name: 'Easy-to-read font' }).click();

    await expect.poll(() => rootStyle(second, 'font-size')).toBe('24px');
    await expect.poll(() => bodyStyle(second, 'font-family')).toContain('Atkinson Hyperlegible');
    const other = await openSettings(second);
    expect(await other.getByLabel('Text size').inputValue()).toBe('150');
    const font = other.getByRole('switch', { name: 'Easy-to-read font' });
    expect(await font.getAttribute('aria-checked')).toBe('true');
    await context.close();
  });

  it('preferences apply before the first paint (no flash)', async () => {
    const context = await newContext(browser, {
      consent: { advertising: false },
      localStorage: { display_preferences: JSON.stringify({ textSize: 150, dark: true }) },
    });
    const page = await context.newPage();
    // Hold the app's code back until the checks are done: what is on screen comes from the
    // pre-paint script alone.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');
    expect(await page.evaluate(() => document.querySelector('#root')?.childElementCount ?? 0)).toBe(0);
    expect(await rootStyle(page, 'font-size')).toBe('24px');
    release();
    await context.close();
  });
});
