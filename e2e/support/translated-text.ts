import type { Page } from 'playwright-core';
import { expect } from 'vitest';

function strings(tree: unknown, out: string[] = []): string[] {
  if (typeof tree === 'string') out.push(tree);
  else if (Array.isArray(tree)) tree.forEach((item) => strings(item, out));
  else if (tree && typeof tree === 'object') Object.values(tree).forEach((value) => strings(value, out));
  return out;
}

function toMatcher(value: string): RegExp {
  const escaped = value.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // An interpolated value ({{name}}) may hold anything.
  return new RegExp(`^${escaped.replace(/\\\{\\\{\w+\\\}\\\}/g, '.+')}$`, 's');
}

/**
 * Fails when the page shows text that does not come from the translation files of `language`
 * (or from `extraSources`, such as a legal document): every visible text node, every alt text
 * and every aria-label must be one of the translated strings.
 */
export async function expectOnlyTranslatedText(page: Page, language: string, extraSources: unknown[] = []) {
  const response = await page.request.get(`/locales/${language}/translation.json`);
  const values = [...strings(await response.json()), ...extraSources.flatMap((source) => strings(source))];
  const matchers = values.map(toMatcher);
  const shown: string[] = await page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, option')) continue;
      const visible = parent.checkVisibility() || parent.closest('.visually-hidden');
      if (visible) texts.push(node.textContent ?? '');
    }
    document.querySelectorAll('[alt], [aria-label]').forEach((element) => {
      const alt = element.getAttribute('alt');
      const label = element.getAttribute('aria-label');
      if (alt) texts.push(alt);
      if (label) texts.push(label);
    });
    return texts;
  });
  const untranslated = shown
    .map((text) => text.trim())
    .filter((text) => /\p{L}/u.test(text))
    .filter((text) => !matchers.some((matcher) => matcher.test(text)));
  expect(untranslated, `text not from the ${language} translations`).toEqual([]);
}
