import { useCallback, useEffect, useRef } from 'react';

/**
 * Schedules an action after a delay (the redirect delays of spec §9), cancelled if the screen
 * goes away first, so a member who navigates elsewhere is not pulled back.
 */
export function useLater() {
  const timers = useRef<number[]>([]);
  useEffect(() => {
    const scheduled = timers.current;
    return () => scheduled.forEach((timer) => window.clearTimeout(timer));
  }, []);
  return useCallback((action: () => void, delayMs: number) => {
    timers.current.push(window.setTimeout(action, delayMs));
  }, []);
}
