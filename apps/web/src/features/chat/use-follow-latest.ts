import { useEffect, useRef, useState, type RefObject } from 'react';
import { scrollBehavior } from '../../lib/motion';

/** How near the end of the log still counts as reading the latest message, in CSS pixels. */
const AT_END_PX = 32;

/**
 * Keeps a conversation's log on its latest message: scrolled to it when one arrives (smoothly
 * unless the member asked for less motion), and kept there while what is shown grows after it was
 * drawn (a "Translate" button, symbols or an image appearing, the screen turning). Once the member
 * scrolls up to read, growth leaves the log where they put it, until they come back to the end.
 *
 * Returns the ref callback for the element that holds the messages (the list, or the empty note).
 */
export function useFollowLatest(logRef: RefObject<HTMLElement | null>, latestKey: unknown) {
  const following = useRef(true);
  const [content, setContent] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    following.current = true;
    log.scrollTo({ top: log.scrollHeight, behavior: scrollBehavior() });
  }, [logRef, latestKey]);

  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const stopFollowing = () => {
      following.current = false;
    };
    // Scroll events cannot tell the member's scrolling from the log's own; input events can.
    const inputs = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
    for (const input of inputs) log.addEventListener(input, stopFollowing, { passive: true });
    const onScroll = () => {
      if (log.scrollHeight - log.scrollTop - log.clientHeight <= AT_END_PX) following.current = true;
    };
    log.addEventListener('scroll', onScroll, { passive: true });
    // Scrolled as a new message scrolls it: an instant jump here would cut that smooth scroll short.
    const observer = new ResizeObserver(() => {
      if (following.current) log.scrollTo({ top: log.scrollHeight, behavior: scrollBehavior() });
    });
    observer.observe(log);
    if (content) observer.observe(content);
    return () => {
      for (const input of inputs) log.removeEventListener(input, stopFollowing);
      log.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [logRef, content]);

  return setContent;
}
