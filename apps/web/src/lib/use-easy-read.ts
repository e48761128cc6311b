import { useSyncExternalStore } from 'react';

const isEasyRead = () => document.documentElement.getAttribute('data-reading') === 'easy';

function subscribe(onChange: () => void) {
  // data-reading is the one place the mode is applied (static/display-preferences.js), before the
  // first paint and again whenever the display settings change it.
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-reading'] });
  return () => observer.disconnect();
}

/** Whether easy-read mode (issue 21) is on, for behaviour the style sheet cannot change. */
export function useEasyRead(): boolean {
  return useSyncExternalStore(subscribe, isEasyRead, () => false);
}
