import { useLayoutEffect, type RefObject } from 'react';

/** Room left above the conversation when it is brought to the top, and under the message box. */
const MARGIN_REM = 0.5;

/**
 * What a measure needs from the styles: what covers the screen's edges (the page's scroll padding:
 * the top bar, an advertising banner), the margin in pixels, and the log's bounds as chat.css
 * gives them.
 */
function readStyles(log: HTMLElement) {
  const root = getComputedStyle(document.documentElement);
  const own = getComputedStyle(log);
  return {
    coveredTop: parseFloat(root.scrollPaddingTop) || 0,
    coveredBottom: parseFloat(root.scrollPaddingBottom) || 0,
    margin: MARGIN_REM * parseFloat(root.fontSize),
    logMin: parseFloat(own.minHeight) || 0,
    logMax: parseFloat(own.maxHeight) || Infinity,
  };
}

/**
 * Beside the list on a wide screen, a conversation sits under the page's frame, whose height
 * depends on the text size and on how its bars wrap. Its log takes the height that keeps the
 * message box in view, measured rather than guessed, in one of two ways chosen as it opens:
 *
 * - where the conversation stands, when that leaves the log at least 12rem;
 * - otherwise (large text, a short window) the conversation is brought to the top of the screen,
 *   as on a phone, and the log takes what its header and message box leave there.
 *
 * Measured again, the same way, when the window or the conversation's other parts change size (a
 * notice shown, older messages loaded): the page never moves after the opening. The height is a
 * custom property that chat.css reads.
 */
export function useLogFitsScreen(sectionRef: RefObject<HTMLElement | null>, enabled: boolean) {
  useLayoutEffect(() => {
    const section = sectionRef.current;
    if (!enabled || !section) return;
    // Decided at the first measure that finds the log: a former member's arrives with its history.
    let broughtToTop: boolean | undefined;
    const fit = () => {
      const log = section.querySelector<HTMLElement>('.conversation__log');
      if (!log) return;
      const { coveredTop, coveredBottom, margin, logMin, logMax } = readStyles(log);
      const box = section.getBoundingClientRect();
      // What must be in view with the log: the header and notices above it, the message box under
      // it (not the symbol board, which may open below and scroll with the page), or the notice
      // that stands in its place.
      const end = section.querySelector('.composer__row')?.getBoundingClientRect().bottom ?? box.bottom;
      const rest = end - box.top - log.getBoundingClientRect().height;
      const room = window.innerHeight - coveredBottom - rest - margin;
      const top = box.top + window.scrollY;
      const inPlace = room - top;
      const opening = broughtToTop === undefined;
      if (opening) broughtToTop = inPlace < logMin;
      const wanted = broughtToTop ? room - coveredTop - margin : inPlace;
      const height = Math.min(Math.max(wanted, logMin), logMax);
      section.style.setProperty('--conversation-log-height', `${Math.floor(height)}px`);
      if (opening && broughtToTop) {
        // At once, as on a phone: a smooth scroll here would cut short the log's own.
        window.scrollTo({ top: top - coveredTop - margin, behavior: 'instant' });
      }
    };
    fit();
    // After the frame's layout, not inside the observer's delivery: the log's new height resizes
    // the section it observes, which then measures the same and settles.
    let frame = 0;
    const refit = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fit);
    };
    const observer = new ResizeObserver(refit);
    observer.observe(section);
    window.addEventListener('resize', refit);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', refit);
      section.style.removeProperty('--conversation-log-height');
    };
  }, [sectionRef, enabled]);
}
