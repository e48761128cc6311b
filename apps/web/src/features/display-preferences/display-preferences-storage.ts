import {
  DEFAULT_DISPLAY_PREFERENCES,
  DISPLAY_PREFERENCES_STORAGE_KEY,
  normalizeDisplayPreferences,
  type DisplayPreferences,
} from '@juntos/domain';
import { setEasyRead } from '../../lib/i18n';

declare global {
  interface Window {
    /** Defined by public/display-preferences.js, which applies preferences before first paint. */
    juntosApplyDisplayPreferences?: (preferences: DisplayPreferences) => void;
  }
}

export function readDisplayPreferences(): DisplayPreferences {
  try {
    const raw = window.localStorage.getItem(DISPLAY_PREFERENCES_STORAGE_KEY);
    if (!raw) return DEFAULT_DISPLAY_PREFERENCES;
    return normalizeDisplayPreferences(JSON.parse(raw));
  } catch {
    return DEFAULT_DISPLAY_PREFERENCES;
  }
}

export function saveDisplayPreferences(preferences: DisplayPreferences) {
  try {
    window.localStorage.setItem(DISPLAY_PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    // Storage refused (private mode): the preferences still apply to this page view.
  }
  window.juntosApplyDisplayPreferences?.(preferences);
  // The look follows data-reading at once; the easy texts follow when their file is here.
  void setEasyRead(preferences.easyRead);
}
