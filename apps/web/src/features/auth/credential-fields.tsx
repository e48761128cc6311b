import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField, PasswordField } from '../../components/ui/field';

/** The account fields both sign-up forms start with, named as in their form values. */
export type CredentialField = 'email' | 'password' | 'confirmPassword' | 'telefono';
export type CredentialValues = Record<CredentialField, string>;

type CredentialFieldsProps = {
  /** The screen whose texts label the fields: its email, password, confirm_password, phone, phone_hint. */
  screen: 'signup_adult' | 'signup_minor';
  /** Shown under the e-mail label; only the minor form has one. */
  emailHint?: ReactNode;
  /** The form's register, which binds each field's value, change and leaving. */
  register: (field: CredentialField) => UseFormRegisterReturn;
  disabled: boolean;
  /** The message shown under each field (the adult form). */
  errors?: Partial<Record<CredentialField, string | undefined>>;
  /** Fields marked invalid, their message shown in the element `describedBy` names (the minor form). */
  invalid?: Partial<Record<CredentialField, boolean>>;
  describedBy?: string;
};

/** E-mail, password with its rule, the repeated password and the phone with its format (spec §5). */
export function CredentialFields({
  screen,
  emailHint,
  register,
  disabled,
  errors = {},
  invalid = {},
  describedBy,
}: CredentialFieldsProps) {
  const { t } = useTranslation();
  const field = (name: CredentialField) => ({
    disabled,
    required: true,
    ...register(name),
    error: errors[name],
    invalid: invalid[name],
    describedBy: invalid[name] ? describedBy : undefined,
  });

  return (
    <>
      <TextField
        {...field('email')}
        label={t(`${screen}.email`)}
        hint={emailHint}
        type="email"
        autoComplete="email"
        spellCheck={false}
      />
      <PasswordField
        {...field('password')}
        label={t(`${screen}.password`)}
        hint={t('password.rule')}
        purpose="new"
      />
      <PasswordField {...field('confirmPassword')} label={t(`${screen}.confirm_password`)} purpose="new" />
      <TextField
        {...field('telefono')}
        label={t(`${screen}.phone`)}
        hint={t(`${screen}.phone_hint`)}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
      />
    </>
  );
}
