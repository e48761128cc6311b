import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MIN_CLAIM_TOKENS, MIN_WITHDRAWAL_TOKENS, euroOfTokens } from '@juntos/domain';
import { PageLoading } from '../../components/ui/page-loading';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { CheckboxField } from '../../components/ui/field';
import { useMeQuery } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMoneyFormat } from '../../lib/use-money-format';
import {
  activate,
  deactivate,
  adStatsQuery,
  monetizationKeys,
  useMonetizationProfile,
  useMonetizationStatus,
} from './monetization-api';
import { Button, buttonClass } from '../../components/ui/button';
import '../../components/ui/dialog.css';
import '../../components/ui/field.css';
import '../../components/ui/form-message.css';
import '../../components/earnings-figures.css';

const INFO = ['how', 'tokens', 'privacy'] as const;

/**
 * /monetizacion/ganancias (spec §2 "Earnings"): the token total and participation, the claim
 * button from 100 tokens, activation with the consent checkbox (adults only), deactivation after
 * confirmation, the withdrawal history, and short explanations in dialogs.
 */
export default function EarningsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.ganancias'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMeQuery();
  const status = useMonetizationStatus();
  const profile = useMonetizationProfile();
  const stats = useQuery(adStatsQuery());
  const money = useMoneyFormat();
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string>();
  const [confirmingStop, setConfirmingStop] = useState(false);
  const [info, setInfo] = useState<(typeof INFO)[number]>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: monetizationKeys.all });

  const start = useMutation({
    mutationFn: () => activate(true),
    onSuccess: async () => {
      toast.success(t('earnings.activated'));
      await refresh();
    },
    onError: () => toast.error(t('earnings.error')),
  });
  const stop = useMutation({
    mutationFn: deactivate,
    onSuccess: async () => {
      setConfirmingStop(false);
      await refresh();
      await navigate('/monetizacion');
    },
    onError: () => toast.error(t('earnings.error')),
  });

  if (status.isPending || profile.isPending || stats.isPending || me.isPending) return <PageLoading />;
  if (status.isError || profile.isError || stats.isError)
    return (
      <section className="page page--narrow">
        <h1>{t('earnings.title')}</h1>
        <p role="alert" className="message message--error">
          {t('earnings.error')}
        </p>
      </section>
    );

  const tokens = profile.data.tokens_acumulados;
  const isAdult = me.data?.tipo_registro === 'adulto';
  const { tokens: number, euros } = money;

  return (
    <section className="page page--narrow">
      <h1>{t('earnings.title')}</h1>
      <dl className="earnings-figures">
        <div>
          <dt>{t('earnings.tokens')}</dt>
          <dd>
            {number.format(tokens)}{' '}
            <span className="earnings-figures__note">({euros.format(euroOfTokens(tokens))})</span>
          </dd>
        </div>
        <div>
          <dt>{t('earnings.impressions')}</dt>
          <dd>{number.format(stats.data.impressions)}</dd>
        </div>
        <div>
          <dt>{t('earnings.campaigns')}</dt>
          <dd>{number.format(stats.data.campaign_participation)}</dd>
        </div>
      </dl>

      <div className="button-row">
        {INFO.map((topic) => (
          <Button key={topic} size="small" onClick={() => setInfo(topic)}>
            {t(`earnings.info.${topic}_title`)}
          </Button>
        ))}
      </div>

      <h2>{t('earnings.claim_title')}</h2>
      <p id="claim-rule">
        {t('earnings.claim_rule', { min: MIN_CLAIM_TOKENS, withdrawal: MIN_WITHDRAWAL_TOKENS })}
      </p>
      <div className="button-row">
        <Button
          variant="primary"
          disabled={tokens < MIN_CLAIM_TOKENS}
          aria-describedby="claim-rule"
          onClick={() => void navigate('/perfil/metodo-pago')}
        >
          {t('earnings.claim')}
        </Button>
        <Link to="/monetizacion/historial-retiros" className={buttonClass()}>
          {t('earnings.history')}
        </Link>
      </div>

      <h2>{t('earnings.participation_title')}</h2>
      {!isAdult ? (
        <p className="message message--info">{t('earnings.adults_only')}</p>
      ) : status.data.activated ? (
        <>
          <p>{t('earnings.active_text')}</p>
          <Button variant="danger" onClick={() => setConfirmingStop(true)}>
            {t('earnings.deactivate')}
          </Button>
        </>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!consent) {
              setConsentError(t('earnings.errors.consent_required'));
              return;
            }
            start.mutate();
          }}
        >
          <p>{t('earnings.inactive_text')}</p>
          <CheckboxField
            label={t('earnings.consent.text')}
            checked={consent}
            error={consentError}
            onChange={(event) => {
              setConsent(event.target.checked);
              setConsentError(undefined);
            }}
          />
          <Button type="submit" variant="primary" disabled={start.isPending}>
            {t('earnings.activate')}
          </Button>
        </form>
      )}

      <ConfirmDialog
        open={confirmingStop}
        title={t('earnings.deactivate_title')}
        body={t('earnings.deactivate_text')}
        confirmLabel={t('earnings.deactivate')}
        cancelLabel={t('earnings.keep')}
        busy={stop.isPending}
        onConfirm={() => stop.mutate()}
        onCancel={() => setConfirmingStop(false)}
      />
      <Dialog
        open={info !== undefined}
        title={info ? t(`earnings.info.${info}_title`) : ''}
        onClose={() => setInfo(undefined)}
      >
        <p>{info ? t(`earnings.info.${info}_text`) : ''}</p>
        <div className="dialog__actions">
          <Button variant="primary" onClick={() => setInfo(undefined)} autoFocus>
            {t('earnings.info.close')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
