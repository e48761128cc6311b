import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RESEARCH_CALL_MAX_LENGTH,
  RESEARCH_CALL_MIN_LENGTH,
  ResearchCallInputSchema,
  countryName,
  isCountryCode,
  type Language,
  type ResearchCountBand,
  type ResearchReach,
} from '@juntos/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { QueryState } from '../../components/ui/query-state';
import { errorText, formFailureText, useSchemaForm } from '../../lib/forms';
import { postResearchCall, researchReachQuery, withdrawResearchCall } from './organisations-api';
import { dateTimeFormat } from '../../lib/intl-formats';

const SERVER_FIELDS = { text: 'text' } as const;

/** "10 to 14", or "fewer than 10": a count as the representatives may see it. */
export function useBandText() {
  const { t } = useTranslation();
  return (band: ResearchCountBand, threshold: number) =>
    band
      ? t('organisations.reach.band', { from: band.from, to: band.to })
      : t('organisations.reach.fewer', { count: threshold });
}

/**
 * A research project's page, for its confirmed representatives (issue 35 point 5): how many
 * consenting members its codes reach per country, in bands, never who; and its one call for
 * participants, written here and sent as a notification to those members.
 */
export function ResearchReachSection({ projectId, name }: { projectId: number; name: string }) {
  const { t } = useTranslation();
  const query = useQuery(researchReachQuery(projectId));
  return (
    <section aria-labelledby="organisation-reach" className="organisation__section">
      <h2 id="organisation-reach">{t('organisations.reach.title')}</h2>
      <p>{t('organisations.reach.intro')}</p>
      <QueryState query={query} errorText={t('organisations.reach.load_error')}>
        {(reach) => (
          <>
            <ReachTable reach={reach} />
            <CallPanel reach={reach} projectId={projectId} name={name} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function ReachTable({ reach }: { reach: ResearchReach }) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const band = useBandText();
  if (!reach.matchable) return <p>{t('organisations.reach.not_matchable')}</p>;
  const place = (country: string | null) =>
    country === null
      ? t('organisations.reach.elsewhere')
      : isCountryCode(country)
        ? countryName(country, language)
        : country;
  return (
    <div className="organisation__table-wrap">
      <table className="organisation__table">
        <caption className="visually-hidden">{t('organisations.reach.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('organisations.reach.country')}</th>
            <th scope="col">{t('organisations.reach.members')}</th>
          </tr>
        </thead>
        <tbody>
          {reach.countries.map((row) => (
            <tr key={row.country ?? 'elsewhere'}>
              <th scope="row">{place(row.country)}</th>
              <td>{band(row.members, reach.threshold)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('organisations.reach.total')}</th>
            <td>{band(reach.total, reach.threshold)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * The call as sent and how many it reached; while in force, the way to withdraw it (after a
 * confirmation), and once withdrawn, since when.
 */
function PostedCall({
  call,
  threshold,
  busy,
  onWithdraw,
}: {
  call: NonNullable<ResearchReach['call']>;
  threshold: number;
  busy: boolean;
  onWithdraw: () => void;
}) {
  const { t, i18n } = useTranslation();
  const band = useBandText();
  const date = dateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'long' });
  return (
    <>
      <blockquote lang={call.language} className="organisation__call">
        {call.text}
      </blockquote>
      <p>
        {t('organisations.call.posted', {
          date: date.format(new Date(call.posted_at)),
          reached: band(call.reached, threshold),
        })}
      </p>
      {call.withdrawn_at ? (
        <p>{t('organisations.call.withdrawn', { date: date.format(new Date(call.withdrawn_at)) })}</p>
      ) : (
        <Button type="button" variant="danger" disabled={busy} onClick={onWithdraw}>
          {t('organisations.call.withdraw')}
        </Button>
      )}
    </>
  );
}

/** The call once posted; before that, the form that posts it (after a confirmation). */
function CallPanel({ reach, projectId, name }: { reach: ResearchReach; projectId: number; name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [message, setMessage] = useState('');
  const withdraw = useMutation({
    mutationFn: () => withdrawResearchCall(projectId),
    onMutate: () => setMessage(''),
    onSuccess: (answer) => {
      setWithdrawing(false);
      queryClient.setQueryData(researchReachQuery(projectId).queryKey, answer);
      setMessage(t('organisations.call.withdrawn_done'));
    },
    onError: () => setWithdrawing(false),
  });
  const post = useMutation({
    mutationFn: (text: string) => postResearchCall(projectId, text),
    onSuccess: (answer) => {
      setConfirming(null);
      queryClient.setQueryData(researchReachQuery(projectId).queryKey, answer);
      setMessage(t('organisations.call.sent'));
    },
    onError: () => setConfirming(null),
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(ResearchCallInputSchema, {
    defaultValues: { text: '' },
    failure: post.error,
    serverFields: SERVER_FIELDS,
    reValidateMode: 'onSubmit',
  });
  const failed = formFailureText(post.error ?? withdraw.error, t('organisations.action_error'));

  return (
    <section aria-labelledby="organisation-call" className="organisation__section">
      <h3 id="organisation-call">{t('organisations.call.title')}</h3>
      {reach.call ? (
        <>
          <PostedCall
            call={reach.call}
            threshold={reach.threshold}
            busy={withdraw.isPending}
            onWithdraw={() => setWithdrawing(true)}
          />
          <ConfirmDialog
            open={withdrawing}
            title={t('organisations.call.withdraw_confirm_title', { name })}
            body={t('organisations.call.withdraw_confirm_text')}
            confirmLabel={t('organisations.call.withdraw')}
            cancelLabel={t('organisations.cancel')}
            busy={withdraw.isPending}
            onConfirm={() => withdraw.mutate()}
            onCancel={() => setWithdrawing(false)}
          />
        </>
      ) : reach.matchable ? (
        <>
          <p>{t('organisations.call.intro')}</p>
          <form
            className="form organisation__invite"
            noValidate
            onSubmit={(event) => void handleSubmit(({ text }) => setConfirming(text))(event)}
          >
            <TextAreaField
              label={t('organisations.call.label')}
              hint={t('organisations.call.hint', {
                min: RESEARCH_CALL_MIN_LENGTH,
                max: RESEARCH_CALL_MAX_LENGTH,
              })}
              rows={6}
              maxLength={RESEARCH_CALL_MAX_LENGTH}
              {...register('text')}
              error={errorText(t, errors.text)}
            />
            <Button type="submit" variant="primary" disabled={post.isPending}>
              {t('organisations.call.send')}
            </Button>
          </form>
          <ConfirmDialog
            open={confirming !== null}
            title={t('organisations.call.confirm_title', { name })}
            body={t('organisations.call.confirm_text')}
            confirmLabel={t('organisations.call.send')}
            cancelLabel={t('organisations.cancel')}
            busy={post.isPending}
            onConfirm={() => confirming !== null && post.mutate(confirming)}
            onCancel={() => setConfirming(null)}
          />
        </>
      ) : null}
      <p role="status" className="organisation__status">
        {message || failed}
      </p>
    </section>
  );
}
