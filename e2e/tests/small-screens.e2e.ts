import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { setTextSize } from '../support/reflow';
import { createMember, openAs } from '../support/members';

const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pl', 'ro', 'nl', 'pt', 'el'] as const;
const PHONE_WIDTHS = [320, 375, 414] as const;

/**
 * Each word of each bottom-bar label, with the number of line boxes it was laid out in (one
 * when whole) and whether it stays inside its place's box. The bar's places have no accessible
 * role of their own beyond links and a button, so its list is found by its class.
 */
const brokenWords = (page: Page) =>
  page.evaluate(() => {
    const problems: string[] = [];
    const places = document.querySelectorAll<HTMLElement>('.member-nav__list > li');
    for (const place of places) {
      if (place.getBoundingClientRect().width === 0) continue;
      const label = place.querySelector('.member-nav__text');
      const text = label?.firstChild;
      if (!label || !text || text.nodeType !== Node.TEXT_NODE) continue;
      const box = place.getBoundingClientRect();
      const link = place.querySelector('.member-nav__link')?.getBoundingClientRect();
      if (link && link.width < 43.5) problems.push(`"${label.textContent}" is ${link.width} px wide`);
      for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
        const rect = range.getBoundingClientRect();
        if (rects.length !== 1) problems.push(`"${match[0]}" in ${rects.length} pieces`);
        else if (rect.left < box.left - 1 || rect.right > box.right + 1) {
          problems.push(`"${match[0]}" overflows its place`);
        }
      }
    }
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push('the page scrolls sideways');
    return problems;
  });

describe('small screens (issue 34)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it("the bottom bar's labels never break inside a word, in any language, at 320, 375 and 414 px (44 px places)", async () => {
    const member = await createMember('bottom-bar');
    for (const language of LANGUAGES) {
      const { page, context } = await openAs(browser, member, '/feed', {
        viewport: { width: PHONE_WIDTHS[0], height: 740 },
        localStorage: { i18nextLng: language },
      });
      const bar = page.locator('.member-nav__list');
      await bar.waitFor();
      await page.locator('html[lang="' + language + '"]').waitFor();
      for (const width of PHONE_WIDTHS) {
        await page.setViewportSize({ width, height: 740 });
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        expect(await brokenWords(page), `${language} at ${width} px`).toEqual([]);
      }
      await page.setViewportSize({ width: PHONE_WIDTHS[0], height: 740 });
      await expectNoAxeViolations(page, `/feed in ${language} at 320 px (bottom bar)`);
      await context.close();
    }
  });

  it("the chat's first-use notice keeps its button on screen at 320 px with text at 200 %", async () => {
    const member = await createMember('chat-notice');
    const { page } = await openAs(browser, member, '/chat', { viewport: { width: 320, height: 568 } });
    const dialog = page.getByRole('dialog', { name: 'Before you start chatting' });
    await dialog.waitFor();
    await setTextSize(page, 200);
    const button = dialog.getByRole('button', { name: 'I understand' });
    // The answer has the focus, as before the body scrolled on its own.
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    expect(box!.y + box!.height).toBeLessThanOrEqual(568);
    // The point at the button's centre is the button itself: nothing covers it, it is not clipped.
    expect(
      await button.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return top !== null && element.contains(top);
      }),
    ).toBe(true);
    // The text scrolls instead, and a keyboard can reach it to scroll it.
    const overflow = await dialog
      .locator('.dialog__body')
      .evaluate((body) => ({ scrolls: body.scrollHeight > body.clientHeight, tabIndex: body.tabIndex }));
    expect(overflow.tabIndex).toBe(0);
    expect(overflow.scrolls).toBe(true);
    await expectNoAxeViolations(page, '/chat notice at 320 px and 200 %');
    await button.click({ trial: true });
    await button.click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
