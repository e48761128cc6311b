import { describe, expect, it } from 'vitest';
import { WithdrawalSchema } from './monetization';
import { adSlotKeysFor, euroOfTokens, isAdSlotKey, type SlotProfile } from './earnings';

const none: SlotProfile = {
  country: null,
  habla: null,
  escribe: null,
  movilidad: null,
  motricidad: null,
  ver: null,
  audition: null,
  memoire: null,
  orientation: null,
  concentration: null,
};

describe('ad slots from the functional profile', () => {
  it('always includes general, and local for the country', () => {
    expect(adSlotKeysFor(none)).toEqual(['adslot_general']);
    expect(adSlotKeysFor({ ...none, country: 'pt' })).toEqual(['adslot_general', 'adslot_local_pt']);
  });
  it.each([
    [{ habla: 'caa' }, 'adslot_caa'],
    [{ escribe: 'caa' }, 'adslot_caa'],
    [{ movilidad: 'fauteuil roulant' }, 'adslot_mobilite'],
    [{ motricidad: 'spasticité' }, 'adslot_mobilite'],
    [{ ver: 'auvegle' }, 'adslot_sensoriel'],
    [{ audition: 'faible' }, 'adslot_sensoriel'],
    [{ memoire: 'sans' }, 'adslot_cognitif'],
    [{ orientation: 'faible' }, 'adslot_cognitif'],
    [{ concentration: 'éphémere' }, 'adslot_cognitif'],
  ])('%o adds %s', (fields, key) => {
    expect(adSlotKeysFor({ ...none, ...fields })).toContain(key);
  });
  it('adds nothing for members who need no help', () => {
    expect(
      adSlotKeysFor({
        ...none,
        habla: 'verbal',
        escribe: 'oui',
        movilidad: 'sans support',
        motricidad: 'ordinaire',
        ver: 'voyante',
        audition: 'ordinaire',
        memoire: 'ordinaire',
        orientation: 'ordinaire',
        concentration: 'durable',
      }),
    ).toEqual(['adslot_general']);
  });
  it('knows the slot keys', () => {
    expect(isAdSlotKey('adslot_caa')).toBe(true);
    expect(isAdSlotKey('adslot_local_es')).toBe(true);
    expect(isAdSlotKey('adslot_other')).toBe(false);
  });
});

describe('withdrawal rules (spec §5)', () => {
  const valid = {
    method: 'paypal',
    tokens: 99,
    billing_name: 'Ana Pérez',
    billing_address: 'Calle Mayor 1',
    billing_country: 'España',
    billing_email: 'ana@example.org',
    billing_phone: '+34600000000',
    paypal_email: 'ana@example.org',
  };
  const firstError = (input: object) => {
    const result = WithdrawalSchema.safeParse(input);
    return result.success
      ? undefined
      : { field: result.error.issues[0]?.path[0], key: result.error.issues[0]?.message };
  };

  it('accepts a complete PayPal request, the tax id being optional', () => {
    expect(firstError(valid)).toBeUndefined();
  });
  it.each([
    [{ billing_name: '  ' }, 'billing_name', 'payment.errors.required_fields'],
    [{ billing_phone: undefined }, 'billing_phone', 'payment.errors.required_fields'],
    [{ billing_email: 'ana@example' }, 'billing_email', 'payment.errors.invalid_email'],
    [{ tokens: 98.9 }, 'tokens', 'payment.errors.min_tokens'],
    [{ paypal_email: 'ana.example.org' }, 'paypal_email', 'payment.errors.paypal_required'],
    [{ method: 'iban', iban: 'es12' }, 'iban', 'payment.errors.iban_invalid'],
    [{ method: 'iban', iban: 'ES91' }, 'iban', 'payment.errors.iban_invalid'],
    [{ method: 'blockchain', wallet_address: '' }, 'wallet_address', 'payment.errors.wallet_required'],
  ])('%o fails on %s with %s', (change, field, key) => {
    expect(firstError({ ...valid, ...change })).toEqual({ field, key });
  });
  it('accepts an IBAN of 2 letters, 2 digits and up to 30 letters or digits, spaces ignored', () => {
    expect(firstError({ ...valid, method: 'iban', iban: 'es91 2100 0418 4502 0005 1332' })).toBeUndefined();
  });
  it('converts tokens to euros at 0.01 each, exactly for tenths', () => {
    expect(euroOfTokens(99)).toBe(0.99);
    expect(euroOfTokens(99.3)).toBe(0.993);
  });
});
