import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  RESEARCH_SCOPES,
  ResearchConsentFormSchema,
  type ResearchConsentAnswer,
  type ResearchScope,
} from '@juntos/domain';
import { Button } from '../../components/ui/button';
import { CheckboxField } from '../../components/ui/field';
import { QueryState } from '../../components/ui/query-state';
import { errorText, useSchemaForm } from '../../lib/forms';
import {
  giveResearchConsent,
  researchConsentKey,
  researchConsentQuery,
  withdrawResearchConsent,
} from './profile-api';
import '../../components/ui/field.css';
import './profile.css';
import { dateTimeFormat } from '../../lib/intl-formats';

/** The sentence that says whether the consent is on, since when, by whom and how far from home. */
export function useResearchConsentStatus() {
  const { t, i18n } = useTranslation();
  const date = dateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'long' });
  return (answer: ResearchConsentAnswer) => {
    const { consent } = answer;
    if (!consent)
      return [
        t('research.consent.status_off'),
        answer.withdrawn_at
          ? t('research.consent.withdrawn_on', { date: date.format(new Date(answer.withdrawn_at)) })
          : '',
      ]
        .filter(Boolean)
        .join(' ');
    const values = {
      date: date.format(new Date(consent.given_at)),
      version: consent.version,
      scope: t(`research.consent.scope.${consent.scope}`),
    };
    return consent.given_by === 'guardian'
      ? t('research.consent.status_on_guardian', values)
      : t('research.consent.status_on', values);
  };
}

/** Withdraws the consent in one action (the profile section and "Your data" both offer it). */
export function useWithdrawResearchConsent() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawResearchConsent,
    onSuccess: (answer) => {
      queryClient.setQueryData(researchConsentKey, answer);
      void queryClient.invalidateQueries({ queryKey: ['research'] });
      toast.success(t('research.consent.withdrawn'));
    },
    onError: () => toast.error(t('research.consent.error')),
  });
}

/**
 * "Hear about research on your disease" on the own profile (issue 35): off by default, a consent
 * with its version and date, never a condition of anything else. On a young person's account the
 * parent or guardian who holds it decides, and the box says so.
 */
export function ResearchConsentSection() {
  const { t } = useTranslation();
  const consent = useQuery(researchConsentQuery());
  return (
    <section id="research" aria-labelledby="research-title" className="research-consent">
      <h2 id="research-title">{t('research.consent.title')}</h2>
      <p>{t('research.consent.intro')}</p>
      <p>{t('research.consent.what_we_use')}</p>
      <p>{t('research.consent.researchers')}</p>
      <p>{t('research.consent.optional')}</p>
      <QueryState query={consent} errorText={t('research.consent.load_error')}>
        {(answer) => <ConsentForm answer={answer} />}
      </QueryState>
    </section>
  );
}

function ConsentForm({ answer }: { answer: ResearchConsentAnswer }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const statusOf = useResearchConsentStatus();
  const withdraw = useWithdrawResearchConsent();
  const current = answer.consent;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(ResearchConsentFormSchema, {
    defaultValues: { scope: current?.scope ?? 'country', agree: false },
    reValidateMode: 'onSubmit',
  });
  const save = useMutation({
    mutationFn: (scope: ResearchScope) => giveResearchConsent(scope),
    onSuccess: (saved) => {
      queryClient.setQueryData(researchConsentKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['research'] });
      reset({ scope: saved.consent?.scope ?? 'country', agree: false });
      toast.success(t('research.consent.saved'));
    },
    onError: () => toast.error(t('research.consent.error')),
  });

  return (
    <>
      <p role="status" className="research-consent__status">
        {statusOf(answer)}
      </p>
      {current && !current.current && <p>{t('research.consent.outdated')}</p>}
      {answer.minor && <p>{t('research.consent.minor_note')}</p>}
      {!answer.has_disease && <p>{t('research.consent.no_disease')}</p>}
      <form
        className="form"
        noValidate
        onSubmit={(event) => void handleSubmit((values) => save.mutate(values.scope))(event)}
      >
        <fieldset className="form__fieldset radio-group">
          <legend>{t('research.consent.scope_legend')}</legend>
          {RESEARCH_SCOPES.map((scope) => (
            <label key={scope} className="checkbox-field">
              <input type="radio" value={scope} className="checkbox-field__control" {...register('scope')} />
              <span className="checkbox-field__label">{t(`research.consent.scope.${scope}`)}</span>
            </label>
          ))}
        </fieldset>
        <CheckboxField
          label={
            answer.minor
              ? t('research.consent.agree_guardian', { version: answer.version })
              : t('research.consent.agree', { version: answer.version })
          }
          {...register('agree')}
          error={errorText(t, errors.agree)}
        />
        <div className="button-row">
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {current ? t('research.consent.change') : t('research.consent.save')}
          </Button>
          {current && (
            <Button variant="danger" disabled={withdraw.isPending} onClick={() => withdraw.mutate()}>
              {t('research.consent.withdraw')}
            </Button>
          )}
        </div>
      </form>
      {current && (
        <p>
          <Link to="/recursos/para-ti">{t('research.consent.for_you_link')}</Link>
        </p>
      )}
    </>
  );
}
