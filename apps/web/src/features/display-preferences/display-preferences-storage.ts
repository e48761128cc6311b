import {
  DEFAULT_DISPLAY_PREFERENCES,
  DISPLAY_PREFERENCES_STORAGE_KEY,
  normalizeDisplayPreferences,
  type DisplayPreferences,
} from '@juntos/domain';
import { useSyncExternalStore } from 'react';
import { setEasyRead } from '../../lib/i18n';

declare global {
  interface Window {
    /** Defined by public/display-preferences.js, which applies preferences before first paint. */
    juntosApplyDisplayPreferences?: (preferences: DisplayPreferences) => void;
  }
}

/**
 * Whether the dark page is in force, chosen or the device's: read from the page, where
 * static/display-preferences.js, the one definition of how preferences apply, has put it.
 */
export const darkInForce = (): boolean => document.documentElement.getAttribute('data-theme') === 'dark';

export function readDisplayPreferences(): DisplayPreferences {
  try {
    const raw = window.localStorage.getItem(DISPLAY_PREFERENCES_STORAGE_KEY);
    if (!raw) return DEFAULT_DISPLAY_PREFERENCES;
    return normalizeDisplayPreferences(JSON.parse(raw));
  } catch {
    return DEFAULT_DISPLAY_PREFERENCES;
  }
}

/** Screens that show something by the preferences, told when they change (this tab or another). */
const listeners = new Set<() => void>();
let current: DisplayPreferences | undefined;

const tellListeners = () => {
  for (const listener of listeners) listener();
};
/** Another tab saved new preferences: read them again. One window listener for all screens. */
const fromAnotherTab = (event: StorageEvent) => {
  if (event.key !== DISPLAY_PREFERENCES_STORAGE_KEY) return;
  current = undefined;
  tellListeners();
};

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', fromAnotherTab);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', fromAnotherTab);
  };
}

/** The preferences in force, read once and kept until they change (one object, for React). */
function snapshot() {
  current ??= readDisplayPreferences();
  return current;
}

/** The display preferences, and the screen drawn again when the member changes them. */
export function useDisplayPreferences(): DisplayPreferences {
  return useSyncExternalStore(subscribe, snapshot, () => DEFAULT_DISPLAY_PREFERENCES);
}

export function saveDisplayPreferences(preferences: DisplayPreferences) {
  try {
    window.localStorage.setItem(DISPLAY_PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    // Storage refused (private mode): the preferences still apply to this page view.
  }
  window.juntosApplyDisplayPreferences?.(preferences);
  current = preferences;
  tellListeners();
  // The look follows data-reading at once; the easy texts follow when their file is here.
  void setEasyRead(preferences.easyRead);
}
