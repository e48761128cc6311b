import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Which fields the member has left at least once, so their errors show from then on.
 *
 * Leaving a field by pressing on another control must not move that control: an error appearing
 * on blur pushes the content below it down between press and release, and the click is lost
 * (a checkbox stays unticked, a button is not pressed). So while a pointer is down, the field is
 * marked only after the pointer is released and its click has been handled.
 */
export function useTouchedFields<Field extends string>() {
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const pointerDown = useRef(false);

  useEffect(() => {
    const down = () => {
      pointerDown.current = true;
    };
    const up = () => {
      pointerDown.current = false;
    };
    window.addEventListener('pointerdown', down, true);
    window.addEventListener('pointerup', up, true);
    window.addEventListener('pointercancel', up, true);
    return () => {
      window.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointerup', up, true);
      window.removeEventListener('pointercancel', up, true);
    };
  }, []);

  const touch = useCallback((field: Field) => {
    const mark = () =>
      setTouched((previous) => (previous[field] ? previous : { ...previous, [field]: true }));
    if (!pointerDown.current) return mark();
    const afterRelease = () => window.setTimeout(mark, 0);
    window.addEventListener('pointerup', afterRelease, { once: true });
    window.addEventListener('pointercancel', afterRelease, { once: true });
  }, []);

  return [touched, touch] as const;
}
