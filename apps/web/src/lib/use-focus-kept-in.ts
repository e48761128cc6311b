import { useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps the focus in an area whose parts a re-render replaces (a setting changed in another tab,
 * content hidden): when the focused element leaves the page, the browser drops the focus to the
 * page's start, and a keyboard or screen-reader user loses their place. It goes to what
 * `fallback` names instead.
 *
 * A native listener: React turns its own event system off while it commits, so the blur that a
 * removal causes never reaches an `onBlur` prop.
 */
export function useFocusKeptIn(
  area: RefObject<HTMLElement | null>,
  fallback: () => HTMLElement | null | undefined,
  enabled = true,
) {
  const target = useRef(fallback);
  useEffect(() => {
    target.current = fallback;
  });
  useEffect(() => {
    const element = area.current;
    if (!enabled || !element) return;
    const onFocusOut = (event: FocusEvent) => {
      // Focus that moves elsewhere has somewhere to go; only a removal leaves it nowhere.
      if (event.relatedTarget !== null || !(event.target instanceof Node)) return;
      const lost = event.target;
      // After the commit that removed it, when the area holds its new parts.
      queueMicrotask(() => {
        const focused = document.activeElement;
        if (lost.isConnected || !element.isConnected || (focused !== null && focused !== document.body))
          return;
        target.current()?.focus();
      });
    };
    element.addEventListener('focusout', onFocusOut);
    return () => element.removeEventListener('focusout', onFocusOut);
  }, [area, enabled]);
}
