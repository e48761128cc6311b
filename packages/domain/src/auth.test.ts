import { describe, expect, it } from 'vitest';
import { createAdultSignupFormSchema, createMinorSignupFormSchema, sanitizeActivationCode } from './auth';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('adult sign-up form (spec §5)', () => {
  const schema = createAdultSignupFormSchema((email) => email.endsWith('@maildrop.cc'));
  const valid = {
    email: 'ana@example.org',
    password: 'long enough pass',
    confirmPassword: 'long enough pass',
    telefono: '+123456',
    confirmation: true,
  };
  it('accepts a valid form, with a phone of + and 6 digits', () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });
  it.each([
    ['an e-mail with a space', { email: 'ana @example.org' }, 'signup_adult.invalid_fields'],
    ['a disposable domain', { email: 'ana@maildrop.cc' }, 'signup_adult.temp_email'],
    ['an empty password', { password: '', confirmPassword: '' }, 'signup_adult.invalid_fields'],
    ['a mismatch', { confirmPassword: 'something else' }, 'signup_adult.password_mismatch'],
    ['5 digits', { telefono: '+12345' }, 'signup_adult.invalid_phone'],
    ['16 digits', { telefono: '+1234567890123456' }, 'signup_adult.invalid_phone'],
    ['no confirmation', { confirmation: false }, 'signup_adult.confirmation_required'],
  ])('refuses %s', (_, change, message) => {
    const result = schema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('minor sign-up form: first failing rule in the spec order', () => {
  const schema = createMinorSignupFormSchema((email) => email.endsWith('@maildrop.cc'));
  const valid = {
    email: 'guardian@example.org',
    password: 'long enough pass',
    confirmPassword: 'long enough pass',
    telefono: '+1234567',
    nombre_tutor: 'Ana',
    relacion_tutor: 'madre',
    legalConfirmation: true,
    responsibilityConfirmation: true,
  };
  it('accepts a valid form', () => expect(schema.safeParse(valid).success).toBe(true));
  it('reports only the first failure, in order', () => {
    const everythingWrong = {
      ...valid,
      email: 'kid@maildrop.cc',
      confirmPassword: 'x',
      telefono: '+123456',
      relacion_tutor: 'abuelo',
      legalConfirmation: false,
    };
    expect(firstMessage(schema.safeParse({ ...everythingWrong, nombre_tutor: '' }))).toBe(
      'signup_minor.required_fields',
    );
    expect(firstMessage(schema.safeParse(everythingWrong))).toBe('signup_minor.temp_email');
    const fromMismatch = { ...everythingWrong, email: valid.email };
    expect(firstMessage(schema.safeParse(fromMismatch))).toBe('signup_minor.password_mismatch');
    const fromPhone = { ...fromMismatch, confirmPassword: valid.password };
    expect(firstMessage(schema.safeParse(fromPhone))).toBe('signup_minor.invalid_phone');
    const fromRelation = { ...fromPhone, telefono: valid.telefono };
    expect(firstMessage(schema.safeParse(fromRelation))).toBe('signup_minor.invalid_relation');
    const fromLegal = { ...fromRelation, relacion_tutor: 'tutor' };
    expect(firstMessage(schema.safeParse(fromLegal))).toBe('signup_minor.legal_required');
    expect(schema.safeParse({ ...fromLegal, legalConfirmation: true }).success).toBe(true);
  });
});

describe('sanitizeActivationCode', () => {
  it('keeps at most 6 digits', () => {
    expect(sanitizeActivationCode(' 12a-34 5678')).toBe('123456');
  });
});
