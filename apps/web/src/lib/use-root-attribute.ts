import { useSyncExternalStore } from 'react';

/** One subscription function per attribute, so React keeps the same one from render to render. */
const subscriptions = new Map<string, (onChange: () => void) => () => void>();

function subscriptionTo(name: string) {
  let subscribe = subscriptions.get(name);
  if (!subscribe) {
    subscribe = (onChange) => {
      const observer = new MutationObserver(onChange);
      observer.observe(document.documentElement, { attributes: true, attributeFilter: [name] });
      return () => observer.disconnect();
    };
    subscriptions.set(name, subscribe);
  }
  return subscribe;
}

/**
 * An attribute of the page's root, the screen drawn again when it changes. static/display-
 * preferences.js is the one place the display settings are applied (data-theme, data-reading…),
 * before the first paint and whenever the settings, the device's theme or another tab change them:
 * behaviour the style sheet cannot change reads them here instead of deciding them a second time.
 */
export function useRootAttribute(name: string): string | null {
  return useSyncExternalStore(
    subscriptionTo(name),
    () => document.documentElement.getAttribute(name),
    () => null,
  );
}
