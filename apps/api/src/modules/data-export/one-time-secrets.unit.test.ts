import { describe, expect, it } from 'vitest';
import { withoutOneTimeSecrets } from './one-time-secrets';

describe('withoutOneTimeSecrets', () => {
  it('removes the token of a reset link and keeps the rest of the link', () => {
    expect(
      withoutOneTimeSecrets(
        'Open this link:\nhttps://juntos.example/reset-confirm?token=Ab3_x-9Zk%2F&lang=en\n\nIt works once.',
      ),
    ).toBe('Open this link:\nhttps://juntos.example/reset-confirm?token=[removed]&lang=en\n\nIt works once.');
  });

  it('removes six-digit activation codes only', () => {
    expect(withoutOneTimeSecrets('Your activation code: 048213\n\nValid for 30 minutes.')).toBe(
      'Your activation code: [removed]\n\nValid for 30 minutes.',
    );
    expect(withoutOneTimeSecrets('Code:123456.')).toBe('Code:[removed].');
    // Longer numbers (phones, references) and years are not codes.
    expect(withoutOneTimeSecrets('Call +34600111222 or 1234567 before 2026.')).toBe(
      'Call +34600111222 or 1234567 before 2026.',
    );
  });

  it('leaves a text without secrets alone', () => {
    expect(withoutOneTimeSecrets('Welcome to Juntos')).toBe('Welcome to Juntos');
  });
});
