import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { createMember, openAs, makeFriends, publishPost } from '../support/members';

const photo = (colour: string) =>
  sharp({ create: { width: 160, height: 120, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('feed, posts, gallery and search (spec §2 "Feed", "Post card", "New post", "Gallery", "Search")', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('a member posts with an image and its description, likes, comments, edits and deletes it, with the keyboard', async () => {
    const member = await createMember('poster', { country: 'lu', nombre: 'Lena' });
    const { context, page } = await openAs(browser, member, '/feed');
    await page.getByRole('button', { name: 'Show posts from Luxembourg' }).waitFor();
    await page.getByText('No posts yet. Be the first to write one!').waitFor();
    await expectNoAxeViolations(page, '/feed (empty)');

    await tabTo(page, page.getByRole('link', { name: 'Write a post' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Write a post' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, '/new-post');
    // An empty text is refused on the spot (spec §5).
    await tabTo(page, dialog.getByRole('button', { name: 'Publish' }));
    await page.keyboard.press('Enter');
    await dialog.getByText('Please write some text for your post.').waitFor();
    await tabTo(page, dialog.getByLabel('What would you like to share? *'));
    await page.keyboard.type('Our first walk by the river. <b>not bold</b>');
    await dialog
      .getByLabel('Image (optional)')
      .setInputFiles({ name: 'walk.jpg', mimeType: 'image/jpeg', buffer: await photo('#3a7d44') });
    await tabTo(page, dialog.getByLabel('Describe the image for people who cannot see it'));
    await page.keyboard.type('A green meadow by the river');
    await tabTo(page, dialog.getByRole('button', { name: 'Publish' }));
    await page.keyboard.press('Enter');
    await page.getByText('Your post has been published.').waitFor();
    await page.waitForURL('**/feed');

    const post = page.getByRole('article').filter({ hasText: 'Our first walk by the river.' });
    await post.waitFor();
    // Markup typed by a member is shown as text.
    await post.getByText('<b>not bold</b>', { exact: false }).waitFor();
    expect(await post.locator('b').count()).toBe(0);
    await post.getByRole('img', { name: 'A green meadow by the river' }).waitFor();
    await expectNoAxeViolations(page, '/feed with a post');

    await tabTo(page, post.getByRole('button', { name: 'Show the image in full size' }));
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: 'Image in full size' });
    await viewer.getByRole('img', { name: 'A green meadow by the river' }).waitFor();
    await expectNoAxeViolations(page, 'image viewer');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });

    const like = post.getByRole('button', { name: /Like/ });
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await tabTo(page, like);
    await page.keyboard.press('Enter');
    await post.getByRole('button', { name: /Like \(1 like\)/ }).waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Enter');
    await post.getByRole('button', { name: /Like \(0 likes\)/ }).waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('false');

    const commentsToggle = post.getByRole('button', { name: /Comments/ });
    await tabTo(page, commentsToggle);
    await page.keyboard.press('Enter');
    expect(await commentsToggle.getAttribute('aria-expanded')).toBe('true');
    await tabTo(page, post.getByLabel('Write a comment'));
    await page.keyboard.type('What a lovely place');
    await page.keyboard.press('Enter');
    await page.getByText('Your comment has been sent.').waitFor();
    await post.getByText('What a lovely place').waitFor();
    await post.getByRole('button', { name: /Comments \(1 comment\)/ }).waitFor();
    await expectNoAxeViolations(page, '/feed with comments open');

    await tabTo(page, post.getByRole('button', { name: 'Edit' }));
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit your post' });
    await edit.waitFor();
    await expectNoAxeViolations(page, 'edit post dialog');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('Edit');
    await page.keyboard.press('Enter');
    await edit.getByLabel('What would you like to share? *').fill('Our first walk by the river, edited.');
    await tabTo(page, edit.getByRole('button', { name: 'Save changes' }));
    await page.keyboard.press('Enter');
    await page.getByText('Your post has been updated.').waitFor();
    const edited = page.getByRole('article').filter({ hasText: 'Our first walk by the river, edited.' });
    await edited.waitFor();

    await tabTo(page, edited.getByRole('button', { name: 'Delete' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
    await confirm.waitFor();
    await expectNoAxeViolations(page, 'delete confirmation');
    await tabTo(page, confirm.getByRole('button', { name: 'Delete the post' }));
    await page.keyboard.press('Enter');
    await page.getByText('The post has been deleted.').waitFor();
    await edited.waitFor({ state: 'detached' });
    await context.close();
  });

  it('loads the feed 5 at a time as the member scrolls, ends with "no more results", and filters by country', async () => {
    const author = await createMember('estonia', { country: 'ee' });
    const latvian = await createMember('latvia', { country: 'lv' });
    for (let i = 1; i <= 12; i += 1) await publishPost(author, { text: `Tallinn diary ${i}` });
    await publishPost(latvian, { text: 'Hello from Riga' });
    const reader = await createMember('reader', { country: 'ee' });
    const { context, page } = await openAs(browser, reader, '/feed');
    const articles = page.getByRole('article');
    await page.getByText('Tallinn diary 12').waitFor();
    expect(await articles.count()).toBe(5);

    await page.getByText('Tallinn diary 8').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await page.getByText('Tallinn diary 3').waitFor();
    await page.mouse.wheel(0, 5000);
    await page.getByText('Tallinn diary 1', { exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: 'No more results' }).waitFor();
    expect(await articles.count()).toBe(12);
    await expectNoAxeViolations(page, '/feed at its end');

    // The country list with the keyboard: open, move to Latvia, choose.
    const filter = page.getByRole('button', { name: 'Show posts from Estonia' });
    await tabTo(page, filter);
    await page.keyboard.press('ArrowDown');
    const list = page.getByRole('listbox', { name: 'Show posts from' });
    await list.waitFor();
    await expectNoAxeViolations(page, '/feed with the country list open');
    const activeName = () =>
      list.evaluate((element) => {
        const id = element.getAttribute('aria-activedescendant');
        return id ? (document.getElementById(id)?.querySelector('img')?.getAttribute('alt') ?? '') : '';
      });
    await page.keyboard.press('Home');
    for (let presses = 0; presses < 30 && (await activeName()) !== 'Latvia'; presses += 1)
      await page.keyboard.press('ArrowDown');
    expect(await activeName()).toBe('Latvia');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Show posts from Latvia' }).waitFor();
    await page.getByText('Hello from Riga').waitFor();
    expect(await articles.count()).toBe(1);
    await context.close();
  });

  it('gallery: upload, open, like, comment, edit and delete; a friend sees it and a stranger does not', async () => {
    const owner = await createMember('gallery', { nombre: 'Olga' });
    const friend = await createMember('friend', { nombre: 'Fran' });
    const stranger = await createMember('stranger');
    await makeFriends(owner, friend);
    const { context, page } = await openAs(browser, owner, '/gallery');
    await page.getByText('Your gallery is empty. Add your first image!').waitFor();
    await expectNoAxeViolations(page, '/gallery (empty)');

    await tabTo(page, page.getByRole('button', { name: 'Add an image' }));
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Add an image' });
    await form.waitFor();
    await tabTo(page, form.getByLabel('Title *'));
    await page.keyboard.type('Summer at the lake');
    await tabTo(page, form.getByLabel('Description'));
    await page.keyboard.type('Me in a kayak on a blue lake');
    await form
      .getByLabel('Image *')
      .setInputFiles({ name: 'lake.jpg', mimeType: 'image/jpeg', buffer: await photo('#2255aa') });
    await form.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    await expectNoAxeViolations(page, 'gallery upload dialog');
    await tabTo(page, form.getByRole('button', { name: 'Save changes' }));
    await page.keyboard.press('Enter');
    await page.getByText('The image has been added.').waitFor();
    await page.getByRole('heading', { name: 'Summer at the lake' }).waitFor();
    await expectNoAxeViolations(page, '/gallery with an image');

    await tabTo(page, page.getByRole('button', { name: 'Open Summer at the lake' }));
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'Summer at the lake' });
    await details.getByRole('img', { name: 'Me in a kayak on a blue lake' }).waitFor();
    await tabTo(page, details.getByRole('button', { name: /Like/ }));
    await page.keyboard.press('Enter');
    await details.getByRole('button', { name: /Like \(1 like\)/ }).waitFor();
    await tabTo(page, details.getByLabel('Write a comment'));
    await page.keyboard.type('My favourite day');
    await page.keyboard.press('Enter');
    await details.getByText('My favourite day').waitFor();
    await expectNoAxeViolations(page, 'gallery image details');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    await tabTo(page, page.getByRole('button', { name: 'Edit Summer at the lake' }));
    await page.keyboard.press('Enter');
    const editForm = page.getByRole('dialog', { name: 'Edit the image' });
    await editForm.getByLabel('Title *').fill('Summer at the big lake');
    await tabTo(page, editForm.getByRole('button', { name: 'Save changes' }));
    await page.keyboard.press('Enter');
    await page.getByText('The image has been updated.').waitFor();
    await page.getByRole('heading', { name: 'Summer at the big lake' }).waitFor();

    // A friend sees the gallery; a stranger is told it is not available.
    const asFriend = await openAs(browser, friend, `/gallery?owner=${owner.id}`);
    await asFriend.page.getByRole('heading', { name: 'Summer at the big lake' }).waitFor();
    await expectNoAxeViolations(asFriend.page, "a friend's gallery");
    // The picture loads from the address signed for the friend; its bare address is refused.
    const thumbnail = asFriend.page
      .getByRole('button', { name: 'Open Summer at the big lake' })
      .locator('img');
    await asFriend.page.waitForFunction(
      (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
      await thumbnail.elementHandle(),
    );
    const signed = (await thumbnail.getAttribute('src')) ?? '';
    expect(signed).toMatch(new RegExp(`^/media/users/${owner.id}/private/.+\\?v=${friend.id}&exp=\\d+&sig=`));
    const bareStatus = await asFriend.page.evaluate(
      async (url) => (await fetch(url)).status,
      signed.split('?')[0] ?? '',
    );
    expect(bareStatus).toBe(404);
    await asFriend.context.close();
    const asStranger = await openAs(browser, stranger, `/gallery?owner=${owner.id}`);
    await asStranger.page.getByText('This gallery is not available.', { exact: false }).waitFor();
    expect(await asStranger.page.getByRole('heading', { name: 'Summer at the big lake' }).count()).toBe(0);
    await expectNoAxeViolations(asStranger.page, 'a gallery the member may not see');
    await asStranger.context.close();

    await tabTo(page, page.getByRole('button', { name: 'Delete Summer at the big lake' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete this image?' });
    await tabTo(page, confirm.getByRole('button', { name: 'Delete the image' }));
    await page.keyboard.press('Enter');
    await page.getByText('The image has been deleted.').waitFor();
    await page.getByText('Your gallery is empty. Add your first image!').waitFor();
    await context.close();
  });

  it('searches posts from the top-bar search box', async () => {
    const author = await createMember('searched');
    const word = `Kingfisher${Date.now()}`;
    await publishPost(author, { text: `I saw a ${word.toLowerCase()} today` });
    await publishPost(author, { title: `${word.toUpperCase()} again`, text: 'Second sighting' });
    const reader = await createMember('searcher');
    const { context, page } = await openAs(browser, reader, '/feed');
    await tabTo(page, page.getByRole('searchbox', { name: 'Search posts' }));
    await page.keyboard.type(word);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/search?q=${word}`);
    await page.getByText(`Posts matching “${word}”`).waitFor();
    await page.getByText(`I saw a ${word.toLowerCase()} today`).waitFor();
    await page.getByText('Second sighting').waitFor();
    await page.getByRole('status').filter({ hasText: 'No more results' }).waitFor();
    await expectNoAxeViolations(page, '/search');
    await context.close();
  });
});
