import { describe, expect, it } from 'vitest';
import { parseStoredConsent } from './cookie-consent';

describe('parseStoredConsent (spec §5: an object with a functional field)', () => {
  it('reads a valid record', () => {
    expect(parseStoredConsent('{"functional":true,"advertising":true}')).toEqual({
      functional: true,
      advertising: true,
    });
  });
  it('treats anything but advertising=true as no advertising', () => {
    expect(parseStoredConsent('{"functional":true,"advertising":"yes"}')?.advertising).toBe(false);
  });
  it('rejects malformed records', () => {
    for (const raw of ['{bad', 'null', '42', '"text"', '{"advertising":true}']) {
      expect(parseStoredConsent(raw)).toBeUndefined();
    }
  });
});
