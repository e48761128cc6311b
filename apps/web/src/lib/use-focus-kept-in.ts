import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Keeps the focus in an area whose parts a re-render replaces (a setting changed in another tab,
 * content hidden): when the focused element leaves the page, the browser drops the focus to the
 * page's start, and a keyboard or screen-reader user loses their place. It goes to what
 * `fallback` names instead.
 *
 * The element focused last in the area is remembered, and the area's removals are watched (a
 * MutationObserver): a page in the background (the member is in the tab where the setting
 * changed) hears no blur when its focused element is removed, and nor may a page in front in
 * future browsers. `focus()` still works in the background, and the member finds the focus in
 * its place on coming back. The element is forgotten once the focus goes somewhere else, so a
 * later change never pulls the focus back from where the member took it.
 */
export function useFocusKeptIn(
  area: RefObject<HTMLElement | null>,
  fallback: () => HTMLElement | null | undefined,
  enabled = true,
) {
  const target = useRef(fallback);
  // Before the removals' callback can run (it runs when the commit that removed the element ends).
  useLayoutEffect(() => {
    target.current = fallback;
  });

  useEffect(() => {
    const element = area.current;
    if (!enabled || !element) return;
    /** The element focused last in the area, until the focus leaves the area for somewhere else. */
    let held: Element | null = null;
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Element) held = event.target;
    };
    const onFocusOut = (event: FocusEvent) => {
      const lost = event.target;
      // Once the focus has settled: left for somewhere else, not the window losing the focus
      // (the element keeps it) nor a removal (the observer's to handle).
      queueMicrotask(() => {
        if (held === lost && lost instanceof Element && lost.isConnected && document.activeElement !== lost)
          held = null;
      });
    };
    const removals = new MutationObserver(() => {
      if (!held || held.isConnected || !element.isConnected) return;
      held = null;
      const focused = document.activeElement;
      // The focus found a place of its own meanwhile (a dialog, the content's own next control).
      if (focused !== null && focused !== document.body) return;
      const next = target.current();
      next?.focus();
      held = next ?? null;
    });
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    removals.observe(element, { childList: true, subtree: true });
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
      removals.disconnect();
    };
  }, [area, enabled]);
}
