import { useLayoutEffect, useSyncExternalStore } from 'react';

const PHONE_QUERY = '(max-width: 767px)';
const SHORT_QUERY = '(max-height: 32rem)';
/** Text at 125 % or more, by the app's text-size preference or the browser's own font size. */
const LARGE_TEXT_PX = 20;

/** The wide frame, a phone's (bottom bar), or the compact one (a Menu under the top bar). */
export type FrameLayout = 'wide' | 'phone' | 'compact';

function readLayout(): FrameLayout {
  if (!window.matchMedia(PHONE_QUERY).matches) return 'wide';
  const rootFontSize = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return window.matchMedia(SHORT_QUERY).matches || rootFontSize >= LARGE_TEXT_PX ? 'compact' : 'phone';
}

/*
 * React asks for the snapshot at every render of the frame and again after each commit. Reading
 * it anew each time made a new media query list and read the root's computed style, which forces
 * the browser to recompute the styles of a page React had just changed: on a phone that was a
 * large share of the main thread's time while a signed-in page loaded (issue 36, Lighthouse). The
 * layout is read once and kept while someone listens for its changes, which are what clear it.
 */
let kept: FrameLayout | undefined;
let listeners = 0;

function currentLayout(): FrameLayout {
  if (listeners === 0) return readLayout();
  return (kept ??= readLayout());
}

function subscribe(onChange: () => void) {
  listeners += 1;
  const changed = () => {
    kept = undefined;
    onChange();
  };
  const queries = [PHONE_QUERY, SHORT_QUERY].map((query) => window.matchMedia(query));
  for (const query of queries) query.addEventListener('change', changed);
  // The text-size preference sets the root's font size (static/display-preferences.js). The root's
  // style also holds the top bar's cover (below), which does not change the layout.
  let fontSize = document.documentElement.style.fontSize;
  const observer = new MutationObserver(() => {
    if (document.documentElement.style.fontSize === fontSize) return;
    fontSize = document.documentElement.style.fontSize;
    changed();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
  return () => {
    listeners -= 1;
    if (listeners === 0) kept = undefined;
    for (const query of queries) query.removeEventListener('change', changed);
    observer.disconnect();
  };
}

/**
 * Which frame the screen gets (issue 23, WCAG 1.4.10 Reflow). On a phone a member's language and
 * display settings live in the bottom bar's "More" panel, so the top bar keeps the brand, the bell
 * and the search. On a phone with large text, or a screen made short by zooming (a 1280 px window
 * at 400 % is 320×225 CSS px), bars fixed on the screen would cover a third of the page and
 * squeeze their labels into fragments: the navigation and the search fold too, into one "Menu"
 * disclosure under the top bar.
 */
export const useFrameLayout = () => useSyncExternalStore<FrameLayout>(subscribe, currentLayout, () => 'wide');

/**
 * The frame of the screen shown. A full-height screen (/chat) has no bottom bar on a phone (spec
 * §2: the conversation needs the height), so there the phone's frame folds as the compact one
 * does: the destinations, the search and the settings in one "Menu" under the top bar. Left in the
 * top bar, the language, display and read-aloud controls took a third of a phone's height and put
 * the message box below the fold, and no destination but the home page could be reached.
 */
export const frameFor = (layout: FrameLayout, fullHeight: boolean): FrameLayout =>
  layout === 'phone' && fullHeight ? 'compact' : layout;

/** How much of the top of the screen the top bar covers: its height where it stays in view. */
const coveredBy = (bar: Element): number =>
  getComputedStyle(bar).position === 'sticky' ? bar.getBoundingClientRect().height : 0;

/**
 * Keeps `--top-bar-cover` on the root at what the top bar covers. base.css makes it the page's
 * scroll padding, so what the browser brings into view (the element the keyboard's focus moves to,
 * the target of a link within the page) never lands under the bar (WCAG 2.4.11), and screens that
 * bring something to the top themselves read the padding. Measured again when the bar changes size
 * (its lines wrap, the text grows) and when the window does (the bar stops staying in view on a
 * short screen). `bar` is the element itself, not a ref: a member's frame appears only once its
 * lazy parts have arrived, and is drawn anew when they sign in or out.
 */
export function useTopBarCover(bar: HTMLElement | null) {
  useLayoutEffect(() => {
    if (!bar) return;
    const root = document.documentElement;
    const measure = () => {
      const cover = `${Math.ceil(coveredBy(bar))}px`;
      if (root.style.getPropertyValue('--top-bar-cover') !== cover)
        root.style.setProperty('--top-bar-cover', cover);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty('--top-bar-cover');
    };
  }, [bar]);
}
