import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY_PREFERENCES, normalizeDisplayPreferences } from './display-preferences';

describe('normalizeDisplayPreferences', () => {
  it('keeps valid values and clamps the text size to 100–200 %', () => {
    expect(normalizeDisplayPreferences({ textSize: 150, theme: 'light' })).toMatchObject({
      textSize: 150,
      theme: 'light',
    });
    expect(normalizeDisplayPreferences({ textSize: 900 }).textSize).toBe(200);
    expect(normalizeDisplayPreferences({ textSize: 10 }).textSize).toBe(100);
  });
  it('follows the device until the member chooses a theme, and reads the dark page chosen before the choice had three ways', () => {
    expect(DEFAULT_DISPLAY_PREFERENCES.theme).toBe('device');
    expect(normalizeDisplayPreferences({ theme: 'dark' }).theme).toBe('dark');
    expect(normalizeDisplayPreferences({ theme: 'sepia' }).theme).toBe('device');
    expect(normalizeDisplayPreferences({ dark: true }).theme).toBe('dark');
    // Saved with any other setting while the switch was off: not a choice of the light page.
    expect(normalizeDisplayPreferences({ dark: false, textSize: 150 }).theme).toBe('device');
    expect(normalizeDisplayPreferences({ dark: true, theme: 'light' }).theme).toBe('light');
  });
  it('falls back to defaults for anything unreadable', () => {
    expect(normalizeDisplayPreferences('junk')).toEqual(DEFAULT_DISPLAY_PREFERENCES);
    expect(normalizeDisplayPreferences({ highContrast: 'yes' }).highContrast).toBe(false);
  });
  it('keeps easy-read and the read-aloud voice, and rounds the rate to an offered step within 0.5–2', () => {
    expect(
      normalizeDisplayPreferences({ easyRead: true, readAloudRate: 1.3, readAloudVoice: 'Google Deutsch' }),
    ).toMatchObject({ easyRead: true, readAloudRate: 1.25, readAloudVoice: 'Google Deutsch' });
    expect(normalizeDisplayPreferences({ readAloudRate: 9 }).readAloudRate).toBe(2);
    expect(normalizeDisplayPreferences({ readAloudRate: 'fast', readAloudVoice: '' })).toMatchObject({
      readAloudRate: 1,
      readAloudVoice: null,
    });
  });
  it('keeps a valid choice per kind of content warning, and asks first for anything else', () => {
    const { contentWarnings } = normalizeDisplayPreferences({
      contentWarnings: { surgery: 'show', self_harm: 'hide', death_grief: 'never', spoilers: 'show' },
    });
    expect(contentWarnings).toEqual({
      death_grief: 'ask',
      medical_images: 'ask',
      surgery: 'show',
      self_harm: 'hide',
      strong_feelings: 'ask',
      other: 'ask',
    });
    expect(normalizeDisplayPreferences({ contentWarnings: 'hide' }).contentWarnings).toEqual(
      DEFAULT_DISPLAY_PREFERENCES.contentWarnings,
    );
  });
});
