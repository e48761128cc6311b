import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client';
import { formFailureText } from './forms';

vi.mock('./i18n', () => ({ i18n: { resolvedLanguage: 'en' } }));

describe('formFailureText', () => {
  it('is empty without a failure, and when the failure names its fields (they show on the fields)', () => {
    expect(formFailureText(null, 'Try again')).toBe('');
    const refused = new ApiRequestError(400, {
      error: 'Check the form',
      code: 'validation_failed',
      fields: { text: 'Too short' },
    });
    expect(formFailureText(refused, 'Try again')).toBe('');
  });

  it('is the server’s own message, or the fallback when none came back', () => {
    const exists = new ApiRequestError(409, { error: 'Already sent', code: 'research_call_exists' });
    expect(formFailureText(exists, 'Try again')).toBe('Already sent');
    expect(formFailureText(new ApiRequestError(502, undefined), 'Try again')).toBe('Try again');
    expect(formFailureText(new TypeError('Failed to fetch'), 'Try again')).toBe('Try again');
  });
});
