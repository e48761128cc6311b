import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRetentionPeriod } from '@juntos/domain';
import { apiDownload } from '../../lib/api-client';
import { dataExportKey, dataExportQuery, requestExport, type DataExport } from './profile-api';
import { Button } from '../../components/ui/button';
import { researchConsentQuery } from './profile-api';
import { useResearchConsentStatus, useWithdrawResearchConsent } from './research-consent-section';
import './profile.css';
import { dateTimeFormat, numberFormat } from '../../lib/intl-formats';

/** Saves a downloaded file the way a link with `download` would. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function useSizeFormat() {
  const { i18n } = useTranslation();
  return (bytes: number) => {
    const megabytes = bytes >= 1_000_000;
    return numberFormat(i18n.resolvedLanguage, {
      style: 'unit',
      unit: megabytes ? 'megabyte' : 'kilobyte',
      maximumFractionDigits: 1,
    }).format(megabytes ? bytes / 1_000_000 : Math.max(bytes / 1000, 0.1));
  };
}

/**
 * What happens to the member's data when the account is deleted (GDPR Art. 13(2)(a), 17): the few
 * records the law requires are kept pseudonymised, each for its period from RETENTION_DAYS, and the
 * privacy policy's section says why.
 */
function AfterDeletion({ language }: { language: string }) {
  const { t } = useTranslation();
  return (
    <div className="my-data__after-deletion">
      <h3 id="my-data-deletion-title">{t('my_data.deletion_title')}</h3>
      <p>{t('my_data.deletion_intro')}</p>
      <ul aria-labelledby="my-data-deletion-title">
        <li>{t('my_data.kept_consents', { period: formatRetentionPeriod('consentProof', language) })}</li>
        <li>{t('my_data.kept_payouts', { period: formatRetentionPeriod('withdrawalRecord', language) })}</li>
        <li>{t('my_data.kept_decisions', { period: formatRetentionPeriod('auditEntry', language) })}</li>
      </ul>
      <p>
        <Link to="/politica/privacy#deletion">{t('my_data.deletion_more')}</Link>
      </p>
    </div>
  );
}

/**
 * The consents the member can withdraw here, each with its version and date (issue 35: hearing of
 * research). Withdrawing is one press; agreeing again is on the profile's research section.
 */
function Consents() {
  const { t } = useTranslation();
  const research = useQuery(researchConsentQuery());
  const statusOf = useResearchConsentStatus();
  const withdraw = useWithdrawResearchConsent();
  if (!research.data) return null;
  return (
    <div className="my-data__consents">
      <h3 id="my-data-consents-title">{t('my_data.consents_title')}</h3>
      <p>
        <strong>{t('research.consent.title')}:</strong> {statusOf(research.data)}
      </p>
      {research.data.consent ? (
        <Button variant="danger" disabled={withdraw.isPending} onClick={() => withdraw.mutate()}>
          {t('research.consent.withdraw')}
        </Button>
      ) : (
        <p>
          <Link to="/profile#research">{t('my_data.consents_research_on')}</Link>
        </p>
      )}
    </div>
  );
}

/**
 * "Your data" on the own profile (GDPR Art. 15, 20): a copy of everything the platform keeps about
 * the member, prepared in the background and downloaded as a ZIP, with what it holds, what it
 * leaves out and for how long it is kept. Its progress is announced politely.
 */
export function MyDataSection() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const formatSize = useSizeFormat();
  const current = useQuery(dataExportQuery());
  const start = useMutation({
    mutationFn: requestExport,
    onSuccess: (answer) => queryClient.setQueryData(dataExportKey, answer),
    onError: () => toast.error(t('my_data.error')),
  });
  const copy = current.data?.export ?? null;
  const download = useMutation({
    mutationFn: async (ready: DataExport) => {
      if (!ready.download) return;
      saveFile(await apiDownload(ready.download), `juntos-my-data-${ready.created_at.slice(0, 10)}.zip`);
    },
    onError: () => toast.error(t('my_data.download_error')),
  });
  const date = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });

  let status = '';
  if (copy?.status === 'preparing') status = t('my_data.preparing');
  else if (copy?.status === 'failed') status = t('my_data.failed');
  else if (copy?.status === 'ready')
    status = t('my_data.ready', {
      date: date.format(new Date(copy.created_at)),
      size: formatSize(copy.size_bytes ?? 0),
      expires: date.format(new Date(copy.expires_at)),
    });

  return (
    <section id="my-data" aria-labelledby="my-data-title" className="my-data">
      <h2 id="my-data-title">{t('my_data.title')}</h2>
      <p>{t('my_data.explanation')}</p>
      <h3 id="my-data-contents-title">{t('my_data.contents_title')}</h3>
      <ul aria-labelledby="my-data-contents-title">
        <li>{t('my_data.contents_summary')}</li>
        <li>{t('my_data.contents_files')}</li>
        <li>{t('my_data.contents_pictures')}</li>
      </ul>
      <p>{t('my_data.withheld')}</p>
      <p>{t('my_data.kept', { period: formatRetentionPeriod('exportArchive', language) })}</p>
      <p role="status" className="my-data__status">
        {status}
      </p>
      <div className="button-row">
        <Button
          // aria-disabled, not disabled: a disabled button would drop the keyboard focus on it.
          aria-disabled={start.isPending || copy?.status === 'preparing'}
          onClick={() => {
            if (!start.isPending && copy?.status !== 'preparing') start.mutate();
          }}
        >
          {copy?.status === 'ready' ? t('my_data.prepare_again') : t('my_data.prepare')}
        </Button>
        {copy?.status === 'ready' && (
          <Button variant="primary" disabled={download.isPending} onClick={() => download.mutate(copy)}>
            {t('my_data.download')}
          </Button>
        )}
      </div>
      <Consents />
      <AfterDeletion language={language} />
    </section>
  );
}
