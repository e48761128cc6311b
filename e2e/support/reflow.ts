import type { BrowserContext, Page } from 'playwright-core';
import { animationsSettled } from './animations';

/**
 * In-page checks of issue 23 (WCAG 2.2 1.4.10 Reflow, 1.4.4 Resize Text, 2.5.8 Target Size, and
 * layout stability): axe judges none of them, so they are measured here from the laid-out page.
 */

/** Collects layout shifts from the very start of each document, before any of its scripts run. */
export async function recordLayoutShifts(context: BrowserContext) {
  await context.addInitScript(() => {
    const scope = window as unknown as { __layoutShift: { total: number; sources: string[] } };
    scope.__layoutShift = { total: 0, sources: [] };
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          scope.__layoutShift.total += entry.value;
          for (const source of entry.sources ?? []) {
            const node = source.node;
            if (!(node instanceof Element)) continue;
            const name = `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${
              node.classList.length ? `.${[...node.classList].join('.')}` : ''
            }`;
            const moved = `${Math.round(source.previousRect.top)}→${Math.round(source.currentRect.top)} px`;
            scope.__layoutShift.sources.push(`${name} ${moved} (${entry.value.toFixed(3)})`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    } catch {
      // A browser without the Layout Instability API: nothing is measured.
    }
  });
}

export const layoutShift = (page: Page) =>
  page.evaluate(() => {
    const scope = window as unknown as { __layoutShift?: { total: number; sources: string[] } };
    return scope.__layoutShift ?? { total: 0, sources: [] };
  });

/**
 * Waits until the page stopped loading: its heading is drawn, no loading indicator is left, every
 * image has arrived and fonts are ready, then two frames more for what those caused.
 */
export async function waitUntilSettled(page: Page) {
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
  await page
    .waitForFunction(
      () =>
        !document.querySelector('.page-loading, .spinner, [aria-busy="true"]') &&
        [...document.images].every(
          (image) =>
            image.complete ||
            // Lazy images below the screen load only when scrolled to.
            (image.loading === 'lazy' && image.getBoundingClientRect().top > window.innerHeight),
        ),
      undefined,
      { timeout: 15_000 },
    )
    .catch(async (error: unknown) => {
      const waiting = await page.evaluate(() =>
        [
          ...[...document.querySelectorAll('.page-loading, .spinner, [aria-busy="true"]')].map(
            (element) => `<${element.tagName.toLowerCase()} class="${element.className}">`,
          ),
          ...[...document.images]
            .filter((image) => !image.complete && image.loading !== 'lazy')
            .map((image) => `<img src="${image.src}">`),
        ].join(', '),
      );
      throw new Error(`${new URL(page.url()).pathname} never finished loading: ${waiting}`, { cause: error });
    });
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Applies the app's own text-size preference, as the display settings do, without a reload. */
export async function setTextSize(page: Page, percent: number) {
  await page.evaluate((size) => {
    const scope = window as unknown as {
      juntosApplyDisplayPreferences?: (p: Record<string, unknown>) => void;
    };
    // The other stored preferences stay applied (easy-read mode is walked too: REFLOW_EASY_READ).
    let stored: Record<string, unknown> = {};
    try {
      stored = JSON.parse(window.localStorage.getItem('display_preferences') ?? '{}') as Record<
        string,
        unknown
      >;
    } catch {
      stored = {};
    }
    scope.juntosApplyDisplayPreferences?.({ ...stored, textSize: size });
  }, percent);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  // A size in rem animates to its new value where a transition covers it (a switch's thumb
  // slides for 0.15 s): on a busy machine two frames are not enough for it to arrive.
  await animationsSettled(page);
}

/**
 * What breaks reflow on the page as laid out now: sideways scrolling of the page, and any link,
 * button or field that lies (even partly) outside the viewport's width, unless it sits in a region
 * that scrolls on its own (a wide table). Bar controls smaller than 24×24 px are named too.
 */
export function reflowBreaches(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const breaches: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width + 1) {
      // Name the widest culprits, so the report says what to mend.
      const wide = [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          return rect.right > width + 1 && rect.width > 0 && element.checkVisibility();
        })
        .filter(
          (element) =>
            !scrollsOnItsOwn(element) &&
            (!element.parentElement || element.parentElement.getBoundingClientRect().right <= width + 1),
        )
        .slice(0, 4)
        .map((element) => describe(element));
      breaches.push(
        `the page scrolls sideways: ${root.scrollWidth} px wide in ${width} px (${wide.join('; ')})`,
      );
    }

    function describe(element: Element) {
      const rect = element.getBoundingClientRect();
      const name = (
        element.getAttribute('aria-label') ??
        (element instanceof HTMLInputElement ? element.name || element.type : element.textContent) ??
        ''
      )
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40);
      const classes = element.classList.length ? `.${[...element.classList].join('.')}` : '';
      const href = element.getAttribute('href');
      return `<${element.tagName.toLowerCase()}${classes}${href ? ` href="${href}"` : ''}> "${name}" at ${Math.round(rect.left)}–${Math.round(rect.right)} px`;
    }

    function scrollsOnItsOwn(element: Element) {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') {
          const rect = parent.getBoundingClientRect();
          return rect.left >= -1 && rect.right <= width + 1;
        }
      }
      return false;
    }

    function hiddenOnPurpose(element: Element) {
      if (!element.checkVisibility({ visibilityProperty: true })) return true;
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 && rect.height <= 1) return true;
      // The skip link waits above the page until it is focused; visually hidden text is clipped.
      if (rect.bottom < 0) return true;
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return true;
      }
      return false;
    }

    const interactive = document.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])',
    );
    for (const element of interactive) {
      if (hiddenOnPurpose(element)) continue;
      const rect = element.getBoundingClientRect();
      if ((rect.left < -1 || rect.right > width + 1) && !scrollsOnItsOwn(element))
        breaches.push(`outside the screen: ${describe(element)}`);
    }
    for (const element of document.querySelectorAll(
      '.top-bar a, .top-bar button, .top-bar select, .member-nav a, .member-nav button',
    )) {
      if (hiddenOnPurpose(element)) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width < 24 || rect.height < 24)
        breaches.push(
          `a target smaller than 24×24 px: ${describe(element)} (${Math.round(rect.width)}×${Math.round(rect.height)})`,
        );
    }
    // Controls drawn over one another (text grown past its box). A bar that stays in place over
    // the content is left out: scrolling moves the content from under it.
    const inPlace = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === 'fixed' || position === 'sticky') return node;
      }
      return null;
    };
    const shown = [...interactive].filter((element) => !hiddenOnPurpose(element));
    const boxes = shown.map((element) => ({ element, bar: inPlace(element) }));
    // A link that wraps over two lines has a bounding box that covers its neighbours' text: its
    // line boxes are compared instead.
    const lines = (rects: DOMRectList) => [...rects].filter((rect) => rect.width > 0 && rect.height > 0);
    boxes.forEach((a, i) => {
      for (const b of boxes.slice(i + 1)) {
        if (a.bar !== b.bar) continue;
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const overlaps = lines(a.element.getClientRects()).some((one) =>
          lines(b.element.getClientRects()).some((other) => {
            const across = Math.min(one.right, other.right) - Math.max(one.left, other.left);
            const down = Math.min(one.bottom, other.bottom) - Math.max(one.top, other.top);
            return across > 2 && down > 2;
          }),
        );
        if (overlaps) breaches.push(`overlapping: ${describe(a.element)} and ${describe(b.element)}`);
      }
    });
    return breaches;
  });
}
