import { useEffect } from 'react';
import { prefersReducedMotion } from '../../lib/motion';

/** Spec §2: smooth scrolling is on while the landing page is shown, unless motion is reduced. */
export function useSmoothScrollingWhileMounted() {
  useEffect(() => {
    const root = document.documentElement;
    if (prefersReducedMotion()) return;
    root.classList.add('smooth-scroll');
    return () => root.classList.remove('smooth-scroll');
  }, []);
}
