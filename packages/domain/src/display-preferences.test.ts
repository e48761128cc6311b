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
