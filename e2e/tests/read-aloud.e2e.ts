import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { trackLiveConnection, untilLive } from '../support/live-connection';
import { createMember, makeFriends, openAs, publishPost } from '../support/members';

type Spoken = { text: string; lang: string; rate: number; voice: string | null };

/**
 * Headless Chromium has no voices and speaks nothing, so the page gets a recording stand-in for
 * speechSynthesis: `speak` records the utterance and starts it; the test ends each sentence with
 * `__speech.finish()` (the next one is then spoken) and `cancel` interrupts, as a browser does.
 */
function fakeSpeech() {
  type FakeUtterance = {
    text: string;
    lang: string;
    rate: number;
    voice: { voiceURI: string } | null;
    onstart: (() => void) | null;
    onend: (() => void) | null;
    onerror: ((event: { error: string }) => void) | null;
  };
  const record = { spoken: [] as unknown[], cancels: 0, current: null as FakeUtterance | null };
  const voices = [
    { voiceURI: 'test:de', name: 'Test Deutsch', lang: 'de-DE', default: false, localService: true },
    { voiceURI: 'test:en', name: 'Test English', lang: 'en-GB', default: true, localService: true },
  ];
  class Utterance {
    text: string;
    lang = '';
    rate = 1;
    voice: { voiceURI: string } | null = null;
    onstart: (() => void) | null = null;
    onend: (() => void) | null = null;
    onerror: ((event: { error: string }) => void) | null = null;
    constructor(text: string) {
      this.text = text;
    }
  }
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
  const synthesis = window.speechSynthesis;
  Object.defineProperties(synthesis, {
    getVoices: { value: () => voices, configurable: true },
    speak: {
      value: (utterance: FakeUtterance) => {
        record.spoken.push({
          text: utterance.text,
          lang: utterance.lang,
          rate: utterance.rate,
          voice: utterance.voice?.voiceURI ?? null,
        });
        record.current = utterance;
        setTimeout(() => utterance.onstart?.(), 0);
      },
      configurable: true,
    },
    cancel: {
      value: () => {
        record.cancels += 1;
        const interrupted = record.current;
        record.current = null;
        if (interrupted) setTimeout(() => interrupted.onerror?.({ error: 'interrupted' }), 0);
      },
      configurable: true,
    },
  });
  Object.assign(window, {
    __speech: {
      record,
      finish: () => {
        const ended = record.current;
        record.current = null;
        ended?.onend?.();
      },
    },
  });
}

const spoken = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __speech: { record: { spoken: Spoken[] } } }).__speech.record.spoken,
  );
const cancels = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __speech: { record: { cancels: number } } }).__speech.record.cancels,
  );
const finishSentence = (page: Page) =>
  page.evaluate(() => (window as unknown as { __speech: { finish: () => void } }).__speech.finish());
/** The text under the read-aloud highlight, or null when there is none. */
const highlighted = (page: Page) =>
  page.evaluate(() => {
    const highlight = CSS.highlights.get('read-aloud');
    if (!highlight) return null;
    return [...highlight].map((range) => (range instanceof Range ? range.toString() : '')).join(' ');
  });

async function open(
  browser: Browser,
  path: string,
  member: Awaited<ReturnType<typeof createMember>>,
  localStorage: Record<string, string> = {},
) {
  const opened = await openAs(browser, member, path, { localStorage });
  await opened.context.addInitScript(fakeSpeech);
  await trackLiveConnection(opened.context);
  // The stand-in is installed before the page's scripts from the next load on.
  await opened.page.reload();
  return opened;
}

describe('read aloud (issue 21, point 2)', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser.close();
  });

  it('reads a post in the page language with the chosen speed and voice, highlights the sentence, stops on Escape', async () => {
    const stamp = Date.now().toString(36);
    const author = await createMember('read-aloud', { nombre: `Ana${stamp}` });
    await publishPost(author, { text: `First sentence ${stamp}. Second sentence here.` });
    const opened = await open(browser, '/feed', author);
    context = opened.context;
    const { page } = opened;
    const post = page.getByRole('article').filter({ hasText: `First sentence ${stamp}` });
    const readPost = post.getByRole('button', { name: `Read aloud: post by Ana${stamp}` });
    await readPost.waitFor();
    await expectNoAxeViolations(page, '/feed with read-aloud buttons');

    // Speed and voice in the display settings; voices of the page's language come first.
    await page.getByRole('button', { name: 'Display settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Display settings' });
    const voice = dialog.getByLabel('Voice');
    expect(await voice.locator('option').allInnerTexts()).toEqual([
      'Automatic',
      'Test English – British English',
      'Test Deutsch – German (Germany)',
    ]);
    await voice.selectOption('test:de');
    await dialog.getByLabel('Speed').selectOption('1.5');
    await expectNoAxeViolations(page, 'display settings with read aloud');
    await dialog.getByRole('button', { name: 'Try it' }).click();
    await expect.poll(async () => (await spoken(page)).at(-1)?.text).toContain('This is how texts are read');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await readPost.click();
    await expect.poll(async () => (await spoken(page)).length).toBeGreaterThan(1);
    const first = (await spoken(page)).at(-1)!;
    // English content: the German voice is not used, the browser picks one for "en".
    expect(first).toMatchObject({ lang: 'en', rate: 1.5, voice: null, text: `Ana${stamp}` });
    expect(await highlighted(page)).toBe(`Ana${stamp}`);
    const stop = post.getByRole('button', { name: `Stop reading: post by Ana${stamp}` });
    await stop.waitFor();
    await expectNoAxeViolations(page, '/feed while reading a post');

    // Sentence by sentence, the highlight following, to the post's text (the date comes between).
    const texts: string[] = [];
    for (let step = 0; step < 6 && !texts.includes('Second sentence here.'); step += 1) {
      await finishSentence(page);
      const last = (await spoken(page)).at(-1)!;
      texts.push(last.text);
      expect(await highlighted(page)).toBe(last.text);
    }
    expect(texts).toContain(`First sentence ${stamp}.`);
    expect(texts.at(-1)).toBe('Second sentence here.');

    const cancelled = await cancels(page);
    await page.keyboard.press('Escape');
    await readPost.waitFor();
    expect(await cancels(page)).toBeGreaterThan(cancelled);
    expect(await highlighted(page)).toBeNull();

    // In German, the same post is read with lang "de" and the chosen German voice.
    await page.getByLabel('Language').selectOption('de');
    const vorlesen = post.getByRole('button', { name: `Vorlesen: Beitrag von Ana${stamp}` });
    await vorlesen.click();
    await expect.poll(async () => (await spoken(page)).at(-1)?.lang).toBe('de');
    expect((await spoken(page)).at(-1)).toMatchObject({ rate: 1.5, voice: 'test:de' });
    // Pressing the button again stops it.
    await post.getByRole('button', { name: `Vorlesen beenden: Beitrag von Ana${stamp}` }).click();
    await vorlesen.waitFor();
    expect(await highlighted(page)).toBeNull();

    // "Read the page" reads <main> from its heading.
    const before = (await spoken(page)).length;
    await page.getByRole('button', { name: 'Seite vorlesen' }).click();
    await expect.poll(async () => (await spoken(page)).length).toBe(before + 1);
    const heading = await page.getByRole('main').getByRole('heading', { level: 1 }).innerText();
    expect((await spoken(page)).at(-1)).toMatchObject({ lang: 'de', text: heading.trim() });
    await page.getByRole('button', { name: 'Vorlesen beenden: die Seite' }).waitFor();
    await expectNoAxeViolations(page, '/feed in German, reading the page');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Seite vorlesen' }).waitFor();
    await context.close();
    context = undefined;
  });

  it('resource cards and legal sections each have a read-aloud button', async () => {
    const member = await createMember('read-aloud-pages');
    const opened = await open(browser, '/recursos/asociaciones', member);
    context = opened.context;
    const { page } = opened;
    const card = page.getByRole('article').first();
    await card.waitFor();
    const name = await card.getByRole('heading').innerText();
    await card.getByRole('button', { name: `Read aloud: ${name}` }).click();
    await expect.poll(async () => (await spoken(page)).at(-1)?.text).toBe(name.trim());
    await expectNoAxeViolations(page, '/recursos/asociaciones while reading a card');
    await page.keyboard.press('Escape');

    await page.goto('/politica/privacy');
    const section = page.locator('main section').first();
    await section.waitFor();
    const title = await section.getByRole('heading', { level: 2 }).innerText();
    expect(
      await page
        .getByRole('main')
        .getByRole('button', { name: /^Read aloud: / })
        .count(),
    ).toBe(await page.locator('main section').count());
    await section.getByRole('button', { name: `Read aloud: ${title}` }).click();
    await expect.poll(async () => (await spoken(page)).at(-1)?.text).toBe(title.trim());
    expect(await highlighted(page)).toBe(title.trim());
    // Clicking scrolled the section up: the sticky top bar then half covers a contents link,
    // which axe counts as a small target; the page is judged from its top, as legal.e2e.ts does.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page, '/politica/privacy while reading a section');
    await context.close();
    context = undefined;
  });

  it('a chat message is read without its time and state', async () => {
    const stamp = Date.now().toString(36);
    const ana = await createMember('read-aloud-chat-ana', { nombre: `Ana${stamp}` });
    const bruno = await createMember('read-aloud-chat-bruno', { nombre: `Bruno${stamp}` });
    await makeFriends(ana, bruno);
    const opened = await open(browser, `/chat?amigo=${bruno.id}`, ana, { chat_modal_ack: '1' });
    context = opened.context;
    const { page } = opened;
    await untilLive(page);
    await page.getByLabel(`Message to Bruno${stamp}`).fill('Hello Bruno. See you soon.');
    await page.keyboard.press('Enter');
    const message = page.getByRole('log').getByRole('listitem').filter({ hasText: 'Hello Bruno.' });
    await message.getByText('Sent', { exact: true }).waitFor();
    const button = message.getByRole('button', { name: /^Read aloud: your message at / });
    await button.click();
    await expect.poll(async () => (await spoken(page)).at(-1)?.text).toBe('Hello Bruno.');
    await finishSentence(page);
    expect((await spoken(page)).at(-1)?.text).toBe('See you soon.');
    await expectNoAxeViolations(page, '/chat while reading a message');
    await finishSentence(page);
    // The last sentence ended the reading: the time and "Sent" are not read.
    await button.waitFor();
    expect((await spoken(page)).map((utterance) => utterance.text)).toEqual([
      'Hello Bruno.',
      'See you soon.',
    ]);
    expect(await highlighted(page)).toBeNull();
    await context.close();
    context = undefined;
  });
  it('says when the device has no voice for the language, and how to add one', async () => {
    const stamp = Date.now().toString(36);
    const author = await createMember('read-aloud-no-voice', { nombre: `Ana${stamp}` });
    await publishPost(author, { text: `Nobody reads this ${stamp}.` });
    const opened = await open(browser, '/feed', author);
    context = opened.context;
    const { page } = opened;
    // After the recording stand-in: this device lists no voice at all.
    await context.addInitScript(() => {
      Object.defineProperty(window.speechSynthesis, 'getVoices', { value: () => [], configurable: true });
    });
    await page.reload();
    const post = page.getByRole('article').filter({ hasText: `Nobody reads this ${stamp}` });
    const status = page.getByRole('status').filter({ hasText: 'no voice for this language' });
    const read = post.getByRole('button', { name: `Read aloud: post by Ana${stamp}` });
    await read.waitFor();
    // The live region is there, empty, before the message fills it.
    expect(await page.locator('.read-aloud-notice [role="status"]').textContent()).toBe('');
    await read.click();
    await status.waitFor();
    expect(await status.textContent()).toBe(
      'Your device has no voice for this language. You can add one in your device’s settings for speech (text-to-speech).',
    );
    expect(await spoken(page)).toEqual([]);
    await expectNoAxeViolations(page, '/feed with the notice of a missing voice');
    await page.getByRole('button', { name: 'Close this message' }).click();
    await status.waitFor({ state: 'detached' });

    // "Try it" in the display settings says it inside the dialog, where the member is.
    await page.getByRole('button', { name: 'Display settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Display settings' });
    const outcome = dialog.getByRole('status').filter({ hasText: 'no voice for this language' });
    await dialog.getByRole('button', { name: 'Try it' }).click();
    await outcome.waitFor();
    expect(await spoken(page)).toEqual([]);
    await expectNoAxeViolations(page, 'display settings after "Try it" found no voice');
    await context.close();
    context = undefined;
  });
});
