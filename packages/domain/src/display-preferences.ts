/**
 * Display preferences kept in localStorage: text size, contrast, theme, motion, font, easy-read
 * texts, and the voice and speed of read-aloud (issue 21).
 * and what to do with each kind of content warning (issue 37).
 * Plain TypeScript rather than a zod schema: the landing page reads them on every first load and
 * its initial JavaScript must stay small.
 */
import {
  CONTENT_WARNING_CHOICES,
  CONTENT_WARNING_KINDS,
  DEFAULT_CONTENT_WARNING_CHOICES,
  type ContentWarningChoice,
  type ContentWarningChoices,
} from './content-warning-kinds';

export const TEXT_SIZE_MIN = 100;
export const TEXT_SIZE_MAX = 200;
export const TEXT_SIZE_STEP = 25;

export const READ_ALOUD_RATE_MIN = 0.5;
export const READ_ALOUD_RATE_MAX = 2;
export const READ_ALOUD_RATE_STEP = 0.25;

/**
 * The page's colours: as the device is set (`prefers-color-scheme`, the default, so a phone in
 * dark mode gets the dark page from the first visit), or light or dark as the member chose.
 */
export type ThemeChoice = 'device' | 'light' | 'dark';

export type DisplayPreferences = {
  textSize: number;
  highContrast: boolean;
  theme: ThemeChoice;
  reduceMotion: boolean;
  legibleFont: boolean;
  /** Plain-language texts, larger targets and pictograms (the `easy` namespace). */
  easyRead: boolean;
  /** speechSynthesis rate, 0.5–2 (1 is the voice's own speed). */
  readAloudRate: number;
  /** The chosen voice's `voiceURI`; null lets the browser pick one for the content's language. */
  readAloudVoice: string | null;
  /** Per kind of content warning: show such posts at once, ask first, or keep them hidden. */
  contentWarnings: ContentWarningChoices;
};

export const DEFAULT_DISPLAY_PREFERENCES: DisplayPreferences = {
  textSize: TEXT_SIZE_MIN,
  highContrast: false,
  theme: 'device',
  reduceMotion: false,
  legibleFont: false,
  easyRead: false,
  readAloudRate: 1,
  readAloudVoice: null,
  contentWarnings: DEFAULT_CONTENT_WARNING_CHOICES,
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
    theme: themeChoice(record),
    reduceMotion: record.reduceMotion === true,
    legibleFont: record.legibleFont === true,
    easyRead: record.easyRead === true,
    readAloudRate: readAloudRate(record.readAloudRate),
    readAloudVoice:
      typeof record.readAloudVoice === 'string' &&
      record.readAloudVoice.length > 0 &&
      record.readAloudVoice.length <= 500
        ? record.readAloudVoice
        : null,
    contentWarnings: contentWarningChoices(record.contentWarnings),
  };
}

/** Any stored choices → one valid choice per kind ("ask" where unreadable). */
function contentWarningChoices(value: unknown): ContentWarningChoices {
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const valid = (choice: unknown): choice is ContentWarningChoice =>
    (CONTENT_WARNING_CHOICES as readonly unknown[]).includes(choice);
  return Object.fromEntries(
    CONTENT_WARNING_KINDS.map((kind) => {
      const choice = stored[kind];
      return [kind, valid(choice) ? choice : DEFAULT_CONTENT_WARNING_CHOICES[kind]];
    }),
  ) as ContentWarningChoices;
}

/** Any stored rate → one of the offered steps between the bounds (1 when unreadable). */
function readAloudRate(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 1;
  const clamped = Math.min(READ_ALOUD_RATE_MAX, Math.max(READ_ALOUD_RATE_MIN, value));
  return Math.round(clamped / READ_ALOUD_RATE_STEP) * READ_ALOUD_RATE_STEP;
}

/**
 * The stored theme; preferences saved before the choice existed held `dark: true` for a member who
 * chose the dark page, and `dark: false` for everyone else, chosen or not, so that follows the device.
 */
function themeChoice(record: Record<string, unknown>): ThemeChoice {
  if (record.theme === 'light' || record.theme === 'dark' || record.theme === 'device') return record.theme;
  return record.dark === true ? 'dark' : 'device';
}
