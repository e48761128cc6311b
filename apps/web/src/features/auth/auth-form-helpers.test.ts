import { describe, expect, it, vi } from 'vitest';
import { createMinorSignupFormSchema } from '@juntos/domain';
import { ApiRequestError } from '../../lib/api-client';
import { failureText, formFieldErrors, passwordProblem, serverFieldErrors } from './auth-form-helpers';

vi.mock('../../lib/i18n', () => ({ i18n: { resolvedLanguage: 'en' } }));

describe('sign-up and password form helpers', () => {
  it('a failure shows the cross mark with the server message, else the screen fallback (spec §8)', () => {
    const taken = new ApiRequestError(409, { error: 'Already registered', code: 'email_taken' });
    expect(failureText(taken, 'Fallback')).toBe('❌ Already registered');
    expect(failureText(new TypeError('Failed to fetch'), 'Fallback')).toBe('❌ Fallback');
    expect(failureText(new ApiRequestError(500, undefined), 'Fallback')).toBe('❌ Fallback');
  });

  it('a validation answer shows the refused field rather than the generic "not valid"', () => {
    const refused = new ApiRequestError(400, {
      error: 'Some fields are not valid.',
      code: 'validation_failed',
      fields: { email: 'Temporary addresses are not accepted.' },
    });
    expect(failureText(refused, 'Fallback')).toBe('❌ Temporary addresses are not accepted.');
    expect(serverFieldErrors(refused)).toEqual({ email: 'Temporary addresses are not accepted.' });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });

  it("puts the server's field messages on the form fields that show them, the first one kept", () => {
    const refused = new ApiRequestError(400, {
      error: 'Some fields are not valid.',
      code: 'validation_failed',
      fields: {
        acepta_mayoria_edad: 'Tick it.',
        acepta_politica_funcionamiento: 'Tick this too.',
        other: 'x',
      },
    });
    const serverFields = {
      acepta_mayoria_edad: 'confirmation',
      acepta_politica_funcionamiento: 'confirmation',
    };
    expect(formFieldErrors(refused, serverFields)).toEqual({ confirmation: 'Tick it.' });
    expect(formFieldErrors(new Error('x'), serverFields)).toEqual({});
  });

  it('the minor form reports only the first rule that fails, in the spec order', () => {
    const schema = createMinorSignupFormSchema();
    const form = {
      email: 'guardian@example.org',
      password: 'Juntos-Lantern-42',
      confirmPassword: 'other',
      telefono: '+34',
      nombre_tutor: 'Ana',
      relacion_tutor: 'madre',
      legalConfirmation: false,
      responsibilityConfirmation: false,
    };
    // The form tells the first issue (its errors come in the schema's order): there is only one.
    const issues = (values: typeof form) =>
      schema.safeParse(values).error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(issues(form)).toEqual([['confirmPassword', 'signup_minor.password_mismatch']]);
    expect(issues({ ...form, confirmPassword: form.password })).toEqual([
      ['telefono', 'signup_minor.invalid_phone'],
    ]);
  });

  it('checks the password length rule the client can see', () => {
    expect(passwordProblem('')).toBe('password.required');
    expect(passwordProblem('short')).toBe('password.too_short');
    expect(passwordProblem('x'.repeat(129))).toBe('password.too_long');
    expect(passwordProblem('Juntos-Lantern-42')).toBeUndefined();
  });
});
