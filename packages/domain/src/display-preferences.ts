/**
 * Display preferences kept in localStorage: text size, contrast, theme, motion, font.
 * Plain TypeScript rather than a zod schema: the landing page reads them on every first load and
 * its initial JavaScript must stay small.
 */
export const TEXT_SIZE_MIN = 100;
export const TEXT_SIZE_MAX = 200;
export const TEXT_SIZE_STEP = 25;

export type DisplayPreferences = {
  textSize: number;
  highContrast: boolean;
  dark: boolean;
  reduceMotion: boolean;
  legibleFont: boolean;
};

export const DEFAULT_DISPLAY_PREFERENCES: DisplayPreferences = {
  textSize: TEXT_SIZE_MIN,
  highContrast: false,
  dark: false,
  reduceMotion: false,
  legibleFont: false,
};

export const DISPLAY_PREFERENCES_STORAGE_KEY = 'display_preferences';

/** Any stored value → valid preferences: unknown or out-of-range entries fall back to defaults. */
export function normalizeDisplayPreferences(value: unknown): DisplayPreferences {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const size = record.textSize;
  const textSize =
    typeof size === 'number' && Number.isFinite(size)
      ? Math.min(TEXT_SIZE_MAX, Math.max(TEXT_SIZE_MIN, Math.round(size)))
      : TEXT_SIZE_MIN;
  return {
    textSize,
    highContrast: record.highContrast === true,
    dark: record.dark === true,
    reduceMotion: record.reduceMotion === true,
    legibleFont: record.legibleFont === true,
  };
}
