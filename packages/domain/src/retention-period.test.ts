import { describe, expect, it } from 'vitest';
import { RETENTION_DAYS } from './retention';
import {
  formatRetentionPeriod,
  retentionPeriod,
  retentionPlaceholder,
  retentionPlaceholderValues,
} from './retention-period';

describe('retention periods as members read them', () => {
  it('says whole years as years and everything else as days', () => {
    expect(retentionPeriod('withdrawalRecord')).toEqual({
      amount: RETENTION_DAYS.withdrawalRecord / 365,
      unit: 'year',
    });
    expect(retentionPeriod('exportArchive')).toEqual({ amount: RETENTION_DAYS.exportArchive, unit: 'day' });
  });

  it('uses the plural forms of each language, number and unit held together by a no-break space', () => {
    expect(formatRetentionPeriod('exportArchive', 'en')).toBe(`${RETENTION_DAYS.exportArchive}\u00a0days`);
    expect(formatRetentionPeriod('exportArchive', 'es')).toBe(`${RETENTION_DAYS.exportArchive}\u00a0días`);
    expect(formatRetentionPeriod('withdrawalRecord', 'de')).toBe(
      `${RETENTION_DAYS.withdrawalRecord / 365}\u00a0Jahre`,
    );
    expect(formatRetentionPeriod('exportArchive', 'pl')).toBe(`${RETENTION_DAYS.exportArchive}\u00a0dni`);
  });

  it('names a token for every period, in the style of the other legal-document tokens', () => {
    expect(retentionPlaceholder('chatMessage')).toBe('retention_chat_message');
    const values = retentionPlaceholderValues('en');
    expect(Object.keys(values)).toHaveLength(Object.keys(RETENTION_DAYS).length);
    expect(values.retention_export_archive).toBe(`${RETENTION_DAYS.exportArchive}\u00a0days`);
  });
});
