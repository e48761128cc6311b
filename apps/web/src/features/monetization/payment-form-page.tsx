import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useController, type FieldError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  BLOCKCHAIN_NETWORKS,
  ENABLED_PAYMENT_METHODS,
  MIN_WITHDRAWAL_TOKENS,
  PAYMENT_METHODS,
  WITHDRAWAL_TOKEN_STEP,
  WithdrawalSchema,
  euroOfTokens,
  type MonetizationProfile,
  type PaymentMethod,
} from '@juntos/domain';
import { PageLoading } from '../../components/ui/page-loading';
import { SelectField, TextField } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { errorText, useSchemaForm } from '../../lib/forms';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMoneyFormat } from '../../lib/use-money-format';
import { monetizationKeys, requestWithdrawal, saveProfile, useMonetizationProfile } from './monetization-api';
import { Button, buttonClass } from '../../components/ui/button';
import '../../components/ui/field.css';
import '../../components/ui/form-message.css';
import './monetization.css';

const BILLING_FIELDS = [
  ['billing_name', 'name'],
  ['billing_address', 'street-address'],
  ['billing_country', 'country-name'],
  ['billing_email', 'email'],
  ['billing_phone', 'tel'],
  ['tax_id', 'off'],
] as const;

/** The fields typed or picked as they are (the amount has its own slider and number field). */
type FormField =
  (typeof BILLING_FIELDS)[number][0] | 'paypal_email' | 'iban' | 'wallet_address' | 'blockchain_network';

const isMethod = (value: string | undefined): value is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value ?? '');

/** Tenths below the balance: the slider never offers more than the member has. */
const floorToStep = (tokens: number) => Math.floor(tokens * 10) / 10;

/**
 * /perfil/metodo-pago/{metodo} (spec §2 "Payment form", §5, §8): the billing details and the
 * method's own field, the amount (a slider from 99 to the balance in steps of 0.1, and a number
 * field for those who prefer typing), a review step, then the request. The same rules as the
 * server check each field, with the spec's messages.
 */
export default function PaymentFormPage() {
  const { metodo } = useParams();
  const { t } = useTranslation();
  useDocumentTitle(t('titles.metodo_pago'));
  const profile = useMonetizationProfile();

  if (!isMethod(metodo))
    return <NotAvailable title={t('payment.unknown_method')} text={t('payment.method_intro')} />;
  if (!ENABLED_PAYMENT_METHODS.includes(metodo))
    return <NotAvailable title={t(`payment.methods.${metodo}`)} text={t('payment.not_available')} />;
  if (profile.isPending) return <PageLoading />;
  if (profile.isError)
    return <NotAvailable title={t('payment.form_title')} text={t('earnings.error')} role="alert" />;
  if (profile.data.tokens_acumulados < MIN_WITHDRAWAL_TOKENS)
    return <NotAvailable title={t('payment.form_title')} text={t('payment.errors.min_tokens')} />;
  return <PaymentForm method={metodo} profile={profile.data} />;
}

function NotAvailable({ title, text, role }: { title: string; text: string; role?: 'alert' }) {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow">
      <h1>{title}</h1>
      <p role={role} className={role ? 'message message--error' : undefined}>
        {text}
      </p>
      <p>
        <Link to="/perfil/metodo-pago">{t('payment.pick_another')}</Link>
      </p>
    </section>
  );
}

function PaymentForm({ method, profile }: { method: PaymentMethod; profile: MonetizationProfile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const available = floorToStep(profile.tokens_acumulados);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    clearErrors,
    formState: { errors },
  } = useSchemaForm(
    // The balance is the member's own, so only the form can say that the amount exceeds it.
    WithdrawalSchema.superRefine((value, context) => {
      if (value.tokens > available)
        context.addIssue({ code: 'custom', path: ['tokens'], message: 'payment.errors.insufficient_tokens' });
    }),
    {
      defaultValues: { ...profile, method, tokens: available },
      // A field's message goes away as soon as the member changes it; the next review checks again.
      reValidateMode: 'onSubmit',
    },
  );
  const { field: tokensField } = useController({ control, name: 'tokens' });
  const tokens = Number(tokensField.value);
  const [step, setStep] = useState<'edit' | 'review'>('edit');
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const sliderId = useId();
  const { tokensExact: number, euros } = useMoneyFormat();

  useEffect(() => {
    if (step === 'review') reviewHeading.current?.focus();
  }, [step]);

  const registerField = (name: FormField) => register(name, { onChange: () => clearErrors(name) });
  const setTokens = (value: string) => {
    tokensField.onChange(Number(value));
    clearErrors('tokens');
  };
  // What the member typed, as before the check: the server trims and normalizes it again.
  const form = { ...getValues(), tokens };
  const request = () => ({ ...form, method });

  const review = handleSubmit(() => setStep('review'));

  const confirm = useMutation({
    mutationFn: async () => {
      try {
        await saveProfile({ ...form, payment_method: method });
      } catch (error) {
        toast.error(t('payment.save_failed'));
        throw error;
      }
      return requestWithdrawal(request());
    },
    onSuccess: async () => {
      toast.success(t('payment.success'));
      await queryClient.invalidateQueries({ queryKey: monetizationKeys.all });
      await navigate('/monetizacion/ganancias');
    },
    onError: (error) => {
      if (!(error instanceof ApiRequestError)) {
        toast.error(t('payment.connection_error'));
        return;
      }
      if (error.body?.fields) setStep('edit');
      toast(`${t('payment.withdrawal_failed')} ${error.body?.error ?? ''}`.trim(), { icon: '⚠️' });
    },
  });

  const methodFields =
    method === 'paypal' ? (
      <TextField
        label={t('payment.fields.paypal_email')}
        type="email"
        autoComplete="email"
        {...registerField('paypal_email')}
        error={errorText(t, errors.paypal_email)}
      />
    ) : method === 'iban' ? (
      <TextField
        label={t('payment.fields.iban')}
        hint={t('payment.iban_hint')}
        {...registerField('iban')}
        error={errorText(t, errors.iban)}
      />
    ) : method === 'blockchain' ? (
      <>
        <TextField
          label={t('payment.fields.wallet_address')}
          {...registerField('wallet_address')}
          error={errorText(t, errors.wallet_address)}
        />
        <SelectField label={t('payment.fields.blockchain_network')} {...registerField('blockchain_network')}>
          {BLOCKCHAIN_NETWORKS.map((network) => (
            <option key={network} value={network}>
              {t(`payment.networks.${network}`)}
            </option>
          ))}
        </SelectField>
      </>
    ) : null;

  const reviewRows: [string, string][] = [
    [t('payment.method'), t(`payment.methods.${method}`)],
    [
      t('payment.amount'),
      t('payment.amount_value', {
        tokens: number.format(tokens),
        euros: euros.format(euroOfTokens(tokens)),
      }),
    ],
    ...BILLING_FIELDS.map(([field]): [string, string] => [t(`payment.fields.${field}`), form[field] ?? '']),
    ...(method === 'paypal'
      ? [[t('payment.fields.paypal_email'), form.paypal_email ?? ''] as [string, string]]
      : []),
  ];

  if (step === 'review')
    return (
      <section className="page page--narrow">
        <h1 ref={reviewHeading} tabIndex={-1}>
          {t('payment.review_title')}
        </h1>
        <dl className="review-list">
          {reviewRows.map(([label, value]) => (
            <div key={label} className="review-list__row">
              <dt>{label}</dt>
              <dd>{value || t('payment.not_given')}</dd>
            </div>
          ))}
        </dl>
        <div className="button-row">
          <Button onClick={() => setStep('edit')}>{t('payment.edit')}</Button>
          <Button variant="primary" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
            {t('payment.confirm')}
          </Button>
        </div>
      </section>
    );

  return (
    <section className="page page--narrow">
      <h1>{t('payment.form_title_method', { method: t(`payment.methods.${method}`) })}</h1>
      <p>{t('payment.form_intro')}</p>
      <form className="form" noValidate onSubmit={(event) => void review(event)}>
        <fieldset className="form__group">
          <legend>{t('payment.amount')}</legend>
          <label htmlFor={sliderId} className="field__label">
            {t('payment.amount_slider')}
          </label>
          <input
            id={sliderId}
            type="range"
            className="range"
            min={MIN_WITHDRAWAL_TOKENS}
            max={available}
            step={WITHDRAWAL_TOKEN_STEP}
            value={tokens}
            aria-valuetext={t('payment.amount_value', {
              tokens: number.format(tokens),
              euros: euros.format(euroOfTokens(tokens)),
            })}
            onChange={(event) => setTokens(event.target.value)}
          />
          <TextField
            ref={tokensField.ref}
            label={t('payment.amount_number')}
            hint={t('payment.amount_hint', { min: MIN_WITHDRAWAL_TOKENS, max: number.format(available) })}
            type="number"
            inputMode="decimal"
            min={MIN_WITHDRAWAL_TOKENS}
            max={available}
            step={WITHDRAWAL_TOKEN_STEP}
            value={tokens}
            // The amount's input type is unknown (the schema coerces it), which hides that its error is one.
            error={errorText(t, errors.tokens as FieldError | undefined)}
            onBlur={tokensField.onBlur}
            onChange={(event) => setTokens(event.target.value)}
          />
          <p className="amount-total">
            {t('payment.euro_equivalent', { euros: euros.format(euroOfTokens(tokens)) })}
          </p>
        </fieldset>
        <fieldset className="form__group">
          <legend>{t('payment.billing')}</legend>
          {BILLING_FIELDS.map(([field, autoComplete]) => (
            <TextField
              key={field}
              label={t(`payment.fields.${field}`)}
              hint={field === 'tax_id' ? t('payment.optional') : undefined}
              type={field === 'billing_email' ? 'email' : field === 'billing_phone' ? 'tel' : 'text'}
              autoComplete={autoComplete}
              {...registerField(field)}
              error={errorText(t, errors[field])}
            />
          ))}
        </fieldset>
        {methodFields}
        <div className="button-row">
          <Link to="/perfil/metodo-pago" className={buttonClass()}>
            {t('payment.pick_another')}
          </Link>
          <Button type="submit" variant="primary">
            {t('payment.review')}
          </Button>
        </div>
      </form>
    </section>
  );
}
