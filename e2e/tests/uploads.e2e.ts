import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@juntos/domain';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { createMember, openAs } from '../support/members';

const photo = () =>
  sharp({ create: { width: 160, height: 120, channels: 3, background: '#8a5a2b' } })
    .jpeg()
    .toBuffer();

/** A file one byte over the limit; its content is never read, as it must never be sent. */
const tooLarge = { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(MAX_IMAGE_BYTES + 1) };
const LIMIT_ERROR = 'This image is too large. The limit is 10 MB.';

/** Every request the page sends to `path` with `method`, counted from now. */
function countRequests(page: Page, method: string, path: RegExp) {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.id ? (document.querySelector(`label[for="${active.id}"]`)?.textContent ?? '') : '';
  });

describe('image uploads: the size is checked before sending, and the upload shows its progress', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('a post: an image over the limit is refused on the spot, a fitting one is sent with a progress bar', async () => {
    const member = await createMember('uploader');
    const { context, page } = await openAs(browser, member, '/new-post');
    const postRequests = countRequests(page, 'POST', /^\/api\/posts\/$/);
    const dialog = page.getByRole('dialog', { name: 'Write a post' });
    await dialog.getByLabel('What would you like to share? *').fill('A picture from the market');

    const picker = dialog.getByLabel('Image (optional)');
    await picker.setInputFiles(tooLarge);
    await dialog.getByText(LIMIT_ERROR).waitFor();
    expect(await picker.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('img', { name: 'Preview of the chosen image' }).count()).toBe(0);
    await expectNoAxeViolations(page, '/new-post with an image over the limit');
    // Publishing is refused too, and the focus goes to the field to mend.
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'file');
    expect(await focusedLabel(page)).toBe('Image (optional)');
    expect(postRequests()).toBe(0);

    // A fitting image: the answer is held back, so the bar can be seen while the request is open.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/posts/', async (route) => {
      await held;
      await route.continue();
    });
    await picker.setInputFiles({ name: 'market.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await dialog.getByText(LIMIT_ERROR).waitFor({ state: 'detached' });
    await dialog.getByLabel('Describe the image for people who cannot see it').fill('Apples on a stall');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    const bar = dialog.getByRole('progressbar', { name: /Sending the image|Image sent/ });
    await bar.waitFor();
    await expectNoAxeViolations(page, '/new-post while the image is sent');
    release();
    await page.getByText('Your post has been published.').waitFor();
    await bar.waitFor({ state: 'detached' });
    expect(postRequests()).toBe(1);
    await context.close();
  });

  it('a gallery image over the limit is refused on the spot, without any upload', async () => {
    const member = await createMember('gallery-uploader');
    const { context, page } = await openAs(browser, member, '/gallery');
    const uploads = countRequests(page, 'POST', /^\/api\/gallery\/images\/$/);
    await page.getByRole('button', { name: 'Add an image' }).click();
    const form = page.getByRole('dialog', { name: 'Add an image' });
    await form.getByLabel('Title *').fill('The whole valley');
    await form.getByLabel('Image *').setInputFiles(tooLarge);
    await form.getByText(LIMIT_ERROR).waitFor();
    expect(await form.getByLabel('Image *').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, 'gallery dialog with an image over the limit');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'file');
    expect(uploads()).toBe(0);
    await context.close();
  });

  it('a profile photo over the limit is refused on the spot, and the profile is not sent with it', async () => {
    const member = await createMember('photo-uploader');
    const { context, page } = await openAs(browser, member, '/edit-profile');
    const saves = countRequests(page, 'PUT', /^\/api\/profile\/$/);
    const picker = page.getByLabel('Choose a photo');
    await picker.waitFor();
    const welcome = page.getByRole('dialog', { name: 'Welcome to Juntos!' });
    if (await welcome.isVisible()) {
      await welcome.getByRole('button', { name: "Let's start" }).click();
      await welcome.waitFor({ state: 'hidden' });
    }
    await picker.setInputFiles(tooLarge);
    await page.getByText(LIMIT_ERROR).waitFor();
    expect(await picker.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, '/edit-profile with a photo over the limit');
    await page.getByRole('button', { name: 'Save my profile' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'file');
    expect(saves()).toBe(0);
    await context.close();
  });
});
