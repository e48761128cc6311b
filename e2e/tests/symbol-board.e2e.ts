import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { reflowBreaches, setTextSize } from '../support/reflow';
import { createMember, createFriends, openAs } from '../support/members';

const ACKNOWLEDGED = { chat_modal_ack: '1' };

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Where the focused element is on screen, to follow the arrow keys through the grid's rows. */
const focusedBox = (page: Page) =>
  page.evaluate(() => {
    const box = document.activeElement?.getBoundingClientRect();
    return { left: Math.round(box?.left ?? -1), top: Math.round(box?.top ?? -1) };
  });

/**
 * From the focused "Symbols" button, with Tab, arrows, Enter and Escape only: Enter opens the
 * board on its selected category, the arrows move `steps` categories on, Tab goes into the
 * symbols, the arrows reach `symbol`, Enter writes it, and Escape closes the board back onto the
 * "Symbols" button.
 */
async function chooseByKeyboard(page: Page, toggle: Locator, board: Locator, steps: number, symbol: string) {
  expect(await isFocused(toggle)).toBe(true);
  await page.keyboard.press('Enter');
  await expect.poll(() => isFocused(board.getByRole('tab', { selected: true }))).toBe(true);
  for (let step = 0; step < steps; step += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Tab');
  const target = board.getByRole('tabpanel').getByRole('button', { name: symbol, exact: true });
  for (let presses = 0; presses < 40 && !(await isFocused(target)); presses += 1) {
    await page.keyboard.press('ArrowRight');
  }
  expect(await isFocused(target), `the arrows never reached ${symbol}`).toBe(true);
  await page.keyboard.press('Enter');
  await board.getByRole('status').getByText(`Added: ${symbol}`).waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => isFocused(toggle)).toBe(true);
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
}

describe('symbol-supported writing (issue 21)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('a member writes a chat message with symbols using only Tab, arrows, Enter and Escape; the friend sees them above the words', async () => {
    const {
      stamp,
      members: [ana, bruno],
    } = await createFriends('symbols', 'Ana', 'Bruno');

    const { page: a } = await openAs(browser, ana, '/chat', { localStorage: ACKNOWLEDGED });
    const friend = a.getByRole('main').getByRole('button', { name: new RegExp(`Bruno${stamp}`) });
    await friend.waitFor();
    await tabTo(a, friend);
    await a.keyboard.press('Enter');
    await a.getByRole('log', { name: `Conversation with Bruno${stamp}` }).waitFor();

    const toggle = a.getByRole('button', { name: /^Symbols/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await tabTo(a, toggle);
    // Opening moves the focus into the board, onto its selected category (issue 34).
    await a.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const board = a.getByRole('region', { name: 'Symbol board' });
    const people = board.getByRole('tab', { name: 'People', selected: true });
    await people.waitFor();
    await expect.poll(() => isFocused(people)).toBe(true);
    await expectNoAxeViolations(a, '/chat with the symbol board open');

    // The tabs follow the ARIA pattern: the arrows, Home and End move between them.
    await a.keyboard.press('End');
    await board.getByRole('tab', { name: 'My phrases', selected: true }).waitFor();
    await a.keyboard.press('Home');
    await board.getByRole('tab', { name: 'People', selected: true }).waitFor();

    // The symbols are one Tab stop, and the arrows follow the grid as it is laid out.
    await a.keyboard.press('Tab');
    const grid = board.getByRole('tabpanel').getByRole('button');
    expect(await isFocused(grid.first())).toBe(true);
    const first = await focusedBox(a);
    await a.keyboard.press('ArrowRight');
    expect(await isFocused(grid.nth(1))).toBe(true);
    const right = await focusedBox(a);
    expect(right.left).toBeGreaterThan(first.left);
    await a.keyboard.press('ArrowLeft');
    expect(await isFocused(grid.first())).toBe(true);
    await a.keyboard.press('ArrowDown');
    const below = await focusedBox(a);
    expect(below).toEqual({ left: first.left, top: expect.any(Number) });
    expect(below.top).toBeGreaterThan(first.top);
    await a.keyboard.press('ArrowUp');
    expect(await isFocused(grid.first())).toBe(true);
    await a.keyboard.press('End');
    expect(await isFocused(grid.last())).toBe(true);
    await a.keyboard.press('Home');
    expect(await isFocused(grid.first())).toBe(true);
    expect(
      await grid.evaluateAll((buttons) => buttons.filter((button) => button.tabIndex === 0).length),
    ).toBe(1);

    // Escape closes the board and gives the focus back to "Symbols".
    await a.keyboard.press('Escape');
    await expect.poll(() => isFocused(toggle)).toBe(true);
    expect(await board.count()).toBe(0);

    await chooseByKeyboard(a, toggle, board, 2, 'pain'); // Body and health
    await chooseByKeyboard(a, toggle, board, 1, 'hospital'); // Places
    await chooseByKeyboard(a, toggle, board, 1, 'help'); // Actions
    await chooseByKeyboard(a, toggle, board, 2, 'yes'); // Yes, no, thanks
    const composer = a.getByLabel(`Message to Bruno${stamp}`);
    expect(await composer.inputValue()).toBe('pain hospital help yes ');

    // One taken out again, by keyboard: Tab runs from "Symbols" through the board to its chips.
    await a.keyboard.press('Enter');
    const chosen = board.getByRole('list', { name: 'Symbols in your text' });
    expect(await chosen.getByRole('listitem').count()).toBe(4);
    await tabTo(a, chosen.getByRole('button', { name: 'Remove the symbol yes' }), 20);
    await a.keyboard.press('Enter');
    await board.getByRole('status').getByText('Removed: yes').waitFor();
    expect(await chosen.getByRole('listitem').count()).toBe(3);
    // The focus moves to the next chip in the frame after the removal: wait for it.
    await expect
      .poll(() =>
        chosen
          .getByRole('button')
          .evaluateAll((buttons) => buttons.some((button) => button === document.activeElement)),
      )
      .toBe(true);

    // Own phrases: added with a pictogram, listed on the board.
    await a.keyboard.press('Escape');
    await expect.poll(() => isFocused(toggle)).toBe(true);
    await a.keyboard.press('Enter');
    await expect.poll(() => isFocused(board.getByRole('tab', { selected: true }))).toBe(true);
    await a.keyboard.press('End');
    await tabTo(a, board.getByLabel('Your phrase'), 20);
    await a.keyboard.type('My knee hurts');
    await tabTo(a, board.getByRole('button', { name: 'Add the phrase' }), 20);
    await a.keyboard.press('Enter');
    await board.getByRole('button', { name: 'My knee hurts', exact: true }).waitFor();
    await board.getByRole('button', { name: 'Remove the phrase “My knee hurts”' }).waitFor();
    await expectNoAxeViolations(a, '/chat with the board on My phrases');

    // Escape from wherever the focus is in the board; then Tab goes round the page to Send.
    expect(await board.evaluate((region) => region.contains(document.activeElement))).toBe(true);
    await a.keyboard.press('Escape');
    await expect.poll(() => isFocused(toggle)).toBe(true);
    await tabTo(a, a.getByRole('button', { name: 'Send' }));
    await a.keyboard.press('Enter');
    const text = 'pain hospital help yes';
    // "yes" stays in the words (the member may keep the word); the symbol went with the chip.
    const sent = a.getByRole('log').getByRole('listitem').filter({ hasText: text });
    await sent.getByText('Sent').waitFor();
    expect(await composer.inputValue()).toBe('');

    const { page: b } = await openAs(browser, bruno, '/chat', { localStorage: ACKNOWLEDGED });
    const anaButton = b.getByRole('main').getByRole('button', { name: new RegExp(`Ana${stamp}`) });
    await anaButton.waitFor();
    await tabTo(b, anaButton);
    await b.keyboard.press('Enter');
    const received = b
      .getByRole('log', { name: `Conversation with Ana${stamp}` })
      .getByRole('listitem')
      .filter({ hasText: text })
      .first();
    const strip = received.getByRole('list', { name: 'Written with symbols' });
    await strip.waitFor();
    expect(await strip.getByRole('listitem').allInnerTexts()).toEqual(['pain', 'hospital', 'help']);
    expect(await strip.locator('img').count()).toBe(3);
    // Every picture is loaded (bundled with the app), and the strip is above the words.
    // (They may still be arriving when the words are shown: waited for, on a busy machine too.)
    await expect
      .poll(
        () =>
          strip
            .locator('img')
            .evaluateAll((images) =>
              images.every(
                (image) =>
                  (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
              ),
            ),
        { timeout: 15_000 },
      )
      .toBe(true);
    const stripBox = await strip.boundingBox();
    const textBox = await received.getByText(text, { exact: true }).boundingBox();
    expect(stripBox && textBox && stripBox.y + stripBox.height <= textBox.y + 1).toBe(true);
    await expectNoAxeViolations(b, '/chat with a message written with symbols');
  });

  it('a post written with symbols by keyboard alone shows them above its text in the feed', async () => {
    const member = await createMember('symbols-poster', { nombre: 'Sara' });
    const { page } = await openAs(browser, member, '/new-post');
    const dialog = page.getByRole('dialog', { name: 'Write a post' });
    await dialog.waitFor();
    const toggle = dialog.getByRole('button', { name: /^Symbols/ });
    await tabTo(page, toggle);
    const board = dialog.getByRole('region', { name: 'Symbol board' });
    await chooseByKeyboard(page, toggle, board, 1, 'tired'); // Feelings
    await chooseByKeyboard(page, toggle, board, 1, 'medicine'); // Body and health
    // Escape closed the board only: the post's dialog is still open.
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel(/^What would you like to share/).inputValue()).toBe('tired medicine ');
    await page.keyboard.press('Enter');
    await board.getByRole('tab', { selected: true }).waitFor();
    await expectNoAxeViolations(page, '/new-post with the symbol board open');
    await page.keyboard.press('Escape');
    await expect.poll(() => isFocused(toggle)).toBe(true);
    await tabTo(page, dialog.getByRole('button', { name: 'Publish' }), 30);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/feed');
    const post = page.getByRole('article').filter({ hasText: 'tired medicine' });
    const strip = post.getByRole('list', { name: 'Written with symbols' });
    await strip.waitFor();
    expect(await strip.getByRole('listitem').allInnerTexts()).toEqual(['tired', 'medicine']);
    await expectNoAxeViolations(page, '/feed with a post written with symbols');

    // The pictures' licence asks for their source where they are used: /info names it with links.
    await page.goto('/info');
    const credit = page.getByText('Symbols:', { exact: false }).filter({ hasText: 'CC BY-SA 4.0' });
    await credit.getByRole('link', { name: /OpenMoji/ }).waitFor();
    expect(await credit.getByRole('link', { name: /CC BY-SA 4\.0/ }).getAttribute('href')).toBe(
      'https://creativecommons.org/licenses/by-sa/4.0/',
    );
  });

  it('the open board reflows at 320 px with text at 200 %, in German', async () => {
    const {
      stamp,
      members: [eva],
    } = await createFriends('symbols', 'Eva', 'Jan');
    const { page } = await openAs(browser, eva, '/chat', {
      viewport: { width: 320, height: 640 },
      localStorage: { ...ACKNOWLEDGED, i18nextLng: 'de' },
    });
    const friend = page.getByRole('main').getByRole('button', { name: new RegExp(`Jan${stamp}`) });
    await friend.waitFor();
    await friend.click();
    await setTextSize(page, 200);
    await page.getByRole('button', { name: /^Symbole/ }).click();
    const board = page.getByRole('region', { name: 'Symboltafel' });
    await board.getByRole('tab', { name: 'Körper und Gesundheit' }).click();
    await board.getByRole('tabpanel').getByRole('button', { name: 'Rollstuhl', exact: true }).click();
    expect(await reflowBreaches(page)).toEqual([]);
    await board.getByRole('tab', { name: 'Meine Sätze' }).click();
    await board.getByLabel('Ihr Satz').waitFor();
    expect(await reflowBreaches(page)).toEqual([]);
    await expectNoAxeViolations(page, '/chat in German at 320 px and 200 % with the board open');
  });
});
