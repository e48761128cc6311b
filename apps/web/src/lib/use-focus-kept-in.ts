import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Keeps the focus in an area whose parts a re-render replaces (a setting changed in another tab,
 * content hidden): when the focused element leaves the page, the browser drops the focus to the
 * page's start, and a keyboard or screen-reader user loses their place. It goes to what
 * `fallback` names instead.
 *
 * The element focused last in the area is remembered, and looked for after every render of the
 * area's owner: a page in the background (the member is in the tab where the setting changed)
 * hears no event at all when its focused element is removed. `focus()` still works there, and the
 * member finds the focus in its place on coming back. A removal by the area's own content, in a
 * page in front, is caught by a native `focusout`: React turns its own event system off while
 * it commits, so that blur never reaches an `onBlur` prop.
 */
export function useFocusKeptIn(
  area: RefObject<HTMLElement | null>,
  fallback: () => HTMLElement | null | undefined,
  enabled = true,
) {
  const target = useRef(fallback);
  /** The element focused last in the area, until the focus leaves the area for somewhere else. */
  const held = useRef<Element | null>(null);
  useEffect(() => {
    target.current = fallback;
  });

  const restore = useRef(() => {
    const lost = held.current;
    if (!lost || lost.isConnected || !area.current?.isConnected) return;
    held.current = null;
    const focused = document.activeElement;
    // The focus found a place of its own meanwhile (a click elsewhere, a dialog).
    if (focused !== null && focused !== document.body) return;
    const next = target.current();
    if (!next) return;
    next.focus();
    held.current = next;
  });
  useLayoutEffect(() => restore.current());

  useEffect(() => {
    const element = area.current;
    if (!enabled || !element) return;
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Element) held.current = event.target;
    };
    const onFocusOut = (event: FocusEvent) => {
      const lost = event.target;
      // After the commit that removed it, when the area holds its new parts.
      queueMicrotask(() => {
        // Left for somewhere else: not when the window lost the focus (the element keeps it).
        if (
          lost instanceof Element &&
          lost.isConnected &&
          document.activeElement !== lost &&
          held.current === lost
        )
          held.current = null;
        restore.current();
      });
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
      held.current = null;
    };
  }, [area, enabled]);
}
