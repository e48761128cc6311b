import { useSyncExternalStore } from 'react';

/**
 * Whether a new release is installed and waiting, and how to switch to it: set by the service
 * worker registration (register-service-worker.ts, loaded after the page), read by the notice in
 * the frame of every page. A module of a few lines, so the landing page's first load carries it
 * without the registration code.
 */
let applyUpdate: (() => void) | undefined;
const listeners = new Set<() => void>();

export function offerUpdate(apply: () => void) {
  applyUpdate = apply;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The function that switches to the waiting release, or undefined while there is none. */
export function useUpdateOffer(): (() => void) | undefined {
  return useSyncExternalStore(
    subscribe,
    () => applyUpdate,
    () => undefined,
  );
}
