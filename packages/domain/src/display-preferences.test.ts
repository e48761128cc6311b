import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY_PREFERENCES, normalizeDisplayPreferences } from './display-preferences';

describe('normalizeDisplayPreferences', () => {
  it('keeps valid values and clamps the text size to 100–200 %', () => {
    expect(normalizeDisplayPreferences({ textSize: 150, dark: true })).toMatchObject({
      textSize: 150,
      dark: true,
    });
    expect(normalizeDisplayPreferences({ textSize: 900 }).textSize).toBe(200);
    expect(normalizeDisplayPreferences({ textSize: 10 }).textSize).toBe(100);
  });
  it('falls back to defaults for anything unreadable', () => {
    expect(normalizeDisplayPreferences('junk')).toEqual(DEFAULT_DISPLAY_PREFERENCES);
    expect(normalizeDisplayPreferences({ highContrast: 'yes' }).highContrast).toBe(false);
  });
});
