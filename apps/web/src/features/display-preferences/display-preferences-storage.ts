import {
  DEFAULT_DISPLAY_PREFERENCES,
  DISPLAY_PREFERENCES_STORAGE_KEY,
  normalizeDisplayPreferences,
  type DisplayPreferences,
} from '@juntos/domain';
import { useSyncExternalStore } from 'react';
import { setEasyRead } from '../../lib/i18n';
import { useRootAttribute } from '../../lib/use-root-attribute';

declare global {
  interface Window {
    /** Defined by public/display-preferences.js, which applies preferences before first paint. */
    juntosApplyDisplayPreferences?: (preferences: DisplayPreferences) => void;
  }
}

/**
 * Whether the dark page is in force, chosen or the device's, the screen drawn again when it changes
 * (an open dialog too, when a device that follows its own setting turns dark).
 */
export const useDarkInForce = (): boolean => useRootAttribute('data-theme') === 'dark';

function readDisplayPreferences(): DisplayPreferences {
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

/**
 * The look follows at once (data-theme and the rest), the screens that read the preferences are
 * told, and the easy texts follow when their file is here.
 */
function applyInThisTab(preferences: DisplayPreferences) {
  window.juntosApplyDisplayPreferences?.(preferences);
  current = preferences;
  tellListeners();
  void setEasyRead(preferences.easyRead);
}

/**
 * Another tab saved new preferences: this one takes them too, so the member sees one choice in
 * every tab. One window listener for all screens (the settings button of every page is one).
 */
const fromAnotherTab = (event: StorageEvent) => {
  // A null key: the other tab cleared the site's storage, these preferences with it.
  if (event.key !== null && event.key !== DISPLAY_PREFERENCES_STORAGE_KEY) return;
  applyInThisTab(readDisplayPreferences());
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
  applyInThisTab(preferences);
}
