import { useLayoutEffect, type RefObject } from 'react';
import { heightCoveredByTopBar } from '../../app/layouts/use-frame-layout';

/** The log's bounds in rem, as chat.css gives them before a measure. */
const LOG_MIN_REM = 12;
const LOG_MAX_REM = 36;
/** Room left above the conversation when it is brought to the top, and under the message box. */
const MARGIN_REM = 0.5;

/**
 * Beside the list on a wide screen, a conversation sits under the page's frame, whose height
 * depends on the text size and on how its bars wrap. Its log takes the height that keeps the
 * message box in view, measured rather than guessed:
 *
 * - where the conversation stands, when that leaves the log at least 12rem;
 * - otherwise (large text, a short window) the conversation is brought to the top of the screen
 *   as it opens, as on a phone, and the log takes what its header and message box leave there.
 *
 * Measured again when the window or the conversation's other parts change size (a notice shown,
 * the message box resized). The height is a custom property that chat.css reads.
 */
export function useLogFitsScreen(sectionRef: RefObject<HTMLElement | null>, enabled: boolean) {
  useLayoutEffect(() => {
    const section = sectionRef.current;
    if (!enabled || !section) return;
    const fit = (opening = false) => {
      const log = section.querySelector<HTMLElement>('.conversation__log');
      if (!log) return;
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
      const box = section.getBoundingClientRect();
      // What must be in view with the log: the header and notices above it, the message box under
      // it (not the symbol board, which may open below and scroll with the page), or the notice
      // that stands in its place.
      const end = section.querySelector('.composer__row')?.getBoundingClientRect().bottom ?? box.bottom;
      const rest = end - box.top - log.getBoundingClientRect().height;
      const top = box.top + window.scrollY;
      const inPlace = window.innerHeight - top - rest - MARGIN_REM * rem;
      // Brought to the top, under the top bar where it stays in view.
      const covered = heightCoveredByTopBar();
      const atTop = window.innerHeight - covered - rest - 2 * MARGIN_REM * rem;
      const fits = inPlace >= LOG_MIN_REM * rem;
      const height = Math.min(Math.max(fits ? inPlace : atTop, LOG_MIN_REM * rem), LOG_MAX_REM * rem);
      section.style.setProperty('--conversation-log-height', `${Math.floor(height)}px`);
      // Only as the conversation opens: later changes (the symbol board) never move the page.
      if (!fits && opening) {
        // At once, as on a phone: a smooth scroll here would cut short the log's own.
        window.scrollTo({ top: top - covered - MARGIN_REM * rem, behavior: 'instant' });
      }
    };
    fit(true);
    const refit = () => fit();
    // The log's own change of height comes back here and measures the same: it settles at once.
    const observer = new ResizeObserver(refit);
    observer.observe(section);
    window.addEventListener('resize', refit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', refit);
      section.style.removeProperty('--conversation-log-height');
    };
  }, [sectionRef, enabled]);
}
