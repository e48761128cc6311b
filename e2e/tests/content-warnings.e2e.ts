import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { createMember, makeFriends, openAs } from '../support/members';

/** Sets one kind's choice in the display settings, by keyboard, and closes the dialog. */
async function chooseInSettings(page: Page, kind: string, choice: string) {
  await tabTo(page, page.getByRole('button', { name: 'Display settings' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Display settings' });
  const group = dialog.getByRole('group', { name: 'Content warnings' });
  await group.waitFor();
  await group.getByLabel(kind).selectOption({ label: choice });
  await expectNoAxeViolations(page, `display settings, content warnings (${kind}: ${choice})`);
  await tabTo(page, dialog.getByRole('button', { name: 'Close' }));
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
}

describe('content warnings (issue 37)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('a writer puts a warning on a post; a reader opens it by keyboard, and chooses per kind to show or hide such posts', async () => {
    const stamp = Date.now().toString(36);
    const author = await createMember('warning-author', { country: 'mt', nombre: `Alba${stamp}` });
    const reader = await createMember('warning-reader', { country: 'mt', nombre: `Rui${stamp}` });
    const text = `The operation on my spine is tomorrow. ${stamp}`;

    const writing = await openAs(browser, author, '/new-post');
    const dialog = writing.page.getByRole('dialog', { name: 'Write a post' });
    await dialog.waitFor();
    await tabTo(writing.page, dialog.getByLabel('What would you like to share? *'));
    await writing.page.keyboard.type(text);
    await dialog.getByLabel('Image (optional)').setInputFiles({
      name: 'scar.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 160, height: 120, channels: 3, background: '#b04040' } })
        .jpeg()
        .toBuffer(),
    });
    await dialog.getByLabel('Describe the image for people who cannot see it').fill('The scar after surgery');
    // "Other" asks for the writer's own words; the list's kinds do not.
    await dialog.getByLabel('Content warning').selectOption({ label: 'Other (write your own)' });
    await tabTo(writing.page, dialog.getByRole('button', { name: 'Publish' }));
    await writing.page.keyboard.press('Enter');
    await dialog.getByText('Write what the warning is about, or choose a kind from the list.').waitFor();
    await expectNoAxeViolations(writing.page, '/new-post with a content warning of its own, refused');
    await dialog.getByLabel('Content warning').selectOption({ label: 'Surgery' });
    expect(await dialog.getByLabel('Your warning *').count()).toBe(0);
    await tabTo(writing.page, dialog.getByRole('button', { name: 'Publish' }));
    await writing.page.keyboard.press('Enter');
    await writing.page.getByText('Your post has been published.').waitFor();
    await writing.context.close();

    const { context, page } = await openAs(browser, reader, '/feed');
    const post = page.getByRole('article').filter({ hasText: `Alba${stamp}` });
    await post.getByText('Content warning: Surgery').waitFor();
    // Closed: neither the text nor the picture is in the page (the picture is not even loaded).
    expect(await post.getByText(text).count()).toBe(0);
    expect(await post.locator('img.post-card__image').count()).toBe(0);
    const show = post.getByRole('button', { name: 'Show anyway' });
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    await expectNoAxeViolations(page, '/feed with a post behind its warning');

    await tabTo(page, show);
    await page.keyboard.press('Enter');
    await post.getByText(text).waitFor();
    await post.getByRole('img', { name: 'The scar after surgery' }).waitFor();
    const hide = post.getByRole('button', { name: 'Hide again' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    await expectNoAxeViolations(page, '/feed with a warned post opened');
    await page.keyboard.press('Enter');
    await post.getByRole('button', { name: 'Show anyway' }).waitFor();
    expect(await post.getByText(text).count()).toBe(0);

    // The reader's other choices are made in another tab while this one waits in the background
    // with its focus in the post: Playwright makes every page count as focused unless told not
    // to, and a page in the background hears no event when the focused element leaves it.
    await page.keyboard.press('Enter');
    const imageButton = post.getByRole('button', { name: 'Show the image in full size' });
    await tabTo(page, imageButton);
    const imageButtonBefore = await imageButton.elementHandle();
    const focusEmulation = await context.newCDPSession(page);
    await focusEmulation.send('Emulation.setFocusEmulationEnabled', { enabled: false });
    const otherTab = await context.newPage();
    await otherTab.goto('/feed');
    /** Chooses in the other tab, in front, then comes back to this one. */
    const chooseElsewhere = async (choice: string) => {
      await otherTab.bringToFront();
      expect(await page.evaluate(() => document.hasFocus())).toBe(false);
      await chooseInSettings(otherTab, 'Surgery', choice);
      await page.bringToFront();
    };
    const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

    // Surgery at once: the warning stays above the post, which shows without asking. The post
    // stays as it was, the same picture with the focus on it.
    await chooseElsewhere('Show at once');
    await expect.poll(() => post.getByRole('button', { name: 'Hide again' }).count()).toBe(0);
    await post.getByText('Content warning: Surgery').waitFor();
    expect(await post.getByRole('button', { name: 'Show anyway' }).count()).toBe(0);
    expect(await imageButtonBefore?.evaluate((element) => element === document.activeElement)).toBe(true);
    // …or never: a line says what is hidden and why, and nothing opens it. The focused picture
    // leaves the page: the focus goes to the line that took its place, not to the page's start.
    await chooseElsewhere('Always hide');
    const hiddenLine = post.getByText(
      'Hidden: content with a warning about “Surgery”, as you chose in the display settings.',
    );
    await hiddenLine.waitFor();
    expect(await post.getByText(text).count()).toBe(0);
    expect(await post.getByRole('button', { name: 'Show anyway' }).count()).toBe(0);
    expect(await focused(hiddenLine)).toBe(true);
    // Asked again from there: the post is closed again (it was open before it was hidden), and
    // the focus goes to the button that opens it.
    await chooseElsewhere('Ask me first');
    await expect.poll(() => focused(post.getByRole('button', { name: 'Show anyway' }))).toBe(true);
    expect(await post.getByText(text).count()).toBe(0);
    await chooseElsewhere('Always hide');
    await hiddenLine.waitFor();
    expect(await focused(hiddenLine)).toBe(true);
    // Once the reader has moved on, a later change leaves the focus where they took it.
    const like = post.getByRole('button', { name: /Like/ });
    await tabTo(page, like);
    await chooseElsewhere('Ask me first');
    await post.getByRole('button', { name: 'Show anyway' }).waitFor();
    expect(await focused(like)).toBe(true);
    await chooseElsewhere('Always hide');
    await hiddenLine.waitFor();
    await otherTab.close();
    // The choice is kept on this device.
    await page.reload();
    await post.getByText('Hidden: content with a warning about “Surgery”', { exact: false }).waitFor();
    await expectNoAxeViolations(page, '/feed with a warned post hidden by choice');
    await context.close();
  });

  it('a gallery picture and a comment carry warnings too: the picture is not loaded until the friend opens it', async () => {
    const stamp = Date.now().toString(36);
    const owner = await createMember('warning-gallery', { nombre: `Olga${stamp}` });
    const friend = await createMember('warning-friend', { nombre: `Fede${stamp}` });
    await makeFriends(owner, friend);
    const title = `The first scan ${stamp}`;

    const asOwner = await openAs(browser, owner, '/gallery');
    await tabTo(asOwner.page, asOwner.page.getByRole('button', { name: 'Add an image' }));
    await asOwner.page.keyboard.press('Enter');
    const form = asOwner.page.getByRole('dialog', { name: 'Add an image' });
    await tabTo(asOwner.page, form.getByLabel('Title *'));
    await asOwner.page.keyboard.type(title);
    await form.getByLabel('Content warning').selectOption({ label: 'Medical images' });
    await form.getByLabel('Image *').setInputFiles({
      name: 'scan.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 160, height: 120, channels: 3, background: '#404040' } })
        .jpeg()
        .toBuffer(),
    });
    await expectNoAxeViolations(asOwner.page, 'gallery upload dialog with a content warning');
    await tabTo(asOwner.page, form.getByRole('button', { name: 'Save changes' }));
    await asOwner.page.keyboard.press('Enter');
    await asOwner.page.getByText('The image has been added.').waitFor();
    await asOwner.context.close();

    const { context, page } = await openAs(browser, friend, `/gallery?owner=${owner.id}`);
    const item = page.getByRole('listitem').filter({ hasText: title });
    await item.getByText('Content warning: Medical images').waitFor();
    // Closed: the picture is neither shown nor loaded, and cannot be opened past its warning.
    expect(await item.locator('img').count()).toBe(0);
    expect(await page.getByRole('button', { name: `Open ${title}` }).count()).toBe(0);
    await expectNoAxeViolations(page, "a friend's gallery with a picture behind its warning");
    await tabTo(page, item.getByRole('button', { name: 'Show anyway' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: `Open ${title}` }));
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: title });
    await details.getByRole('img').waitFor();

    // The friend's comment gets a warning of its own, chosen behind one button.
    const comment = `My father had the same, and did not survive it. ${stamp}`;
    await tabTo(page, details.getByLabel('Write a comment'));
    await page.keyboard.type(comment);
    const warningToggle = details.getByRole('button', { name: 'Content warning' });
    expect(await warningToggle.getAttribute('aria-expanded')).toBe('false');
    await tabTo(page, warningToggle);
    await page.keyboard.press('Enter');
    await details
      .getByRole('combobox', { name: 'Content warning' })
      .selectOption({ label: 'Death and grief' });
    await expectNoAxeViolations(page, 'a comment with a content warning being written');
    await tabTo(page, details.getByRole('button', { name: 'Send' }));
    await page.keyboard.press('Enter');
    const written = details.getByRole('listitem').filter({ hasText: 'Content warning: Death and grief' });
    await written.waitFor();
    expect(await written.getByText(comment).count()).toBe(0);
    // The box is empty again, its warning closed.
    expect(await details.getByRole('button', { name: 'Content warning' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    await expectNoAxeViolations(page, 'gallery details with a comment behind its warning');
    await tabTo(page, written.getByRole('button', { name: 'Show anyway' }));
    await page.keyboard.press('Enter');
    await written.getByText(comment).waitFor();

    // A warning chosen and then closed again is not sent: the comment shows as it was written.
    const plainComment = `Thinking of you all. ${stamp}`;
    await tabTo(page, details.getByLabel('Write a comment'));
    await page.keyboard.type(plainComment);
    await tabTo(page, warningToggle);
    await page.keyboard.press('Enter');
    await details.getByRole('combobox', { name: 'Content warning' }).selectOption({ label: 'Surgery' });
    await tabTo(page, warningToggle);
    await page.keyboard.press('Enter');
    expect(await warningToggle.getAttribute('aria-expanded')).toBe('false');
    await tabTo(page, details.getByRole('button', { name: 'Send' }));
    await page.keyboard.press('Enter');
    const sent = details.getByRole('listitem').filter({ hasText: plainComment });
    await sent.getByText(plainComment).waitFor();
    expect(await sent.getByText(/Content warning/).count()).toBe(0);
    await context.close();
  });
});
