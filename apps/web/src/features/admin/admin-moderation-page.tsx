import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/ui/page-loading';
import { QueryState } from '../../components/ui/query-state';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SelectField } from '../../components/ui/field';
import { AdminScreen, useActionErrorToast } from './admin-screen';
import { ModeratorOnly } from './admin-only';
import {
  actOnReport,
  adminKeys,
  reportQueueQuery,
  suspendedMembersQuery,
  reactivateMember,
  restoreContent,
  type AdminReport,
  type ModerationAction,
  type ReportStatus,
} from './admin-api';
import { Button } from '../../components/ui/button';
import { MoreButton } from './admin-kit/admin-table';
import { RowButton } from './admin-kit/row-actions';
import { useMeQuery } from '../../lib/session';
import '../../components/ui/badge.css';
import '../../components/ui/field.css';
import '../../components/ui/form-message.css';
import './admin.css';
import { dateTimeFormat } from '../../lib/intl-formats';

/** /admin/moderacion: the reports queue with the reported content, and suspended accounts. */
export default function AdminModerationPage() {
  return (
    <ModeratorOnly>
      <Moderation />
    </ModeratorOnly>
  );
}

function Moderation() {
  const { t } = useTranslation();
  const isAdmin = useMeQuery().data?.is_admin === true;
  const [status, setStatus] = useState<ReportStatus>('open');
  return (
    <AdminScreen title={t('admin.moderation.title')}>
      <div className="filters">
        <SelectField
          label={t('admin.moderation.filter')}
          value={status}
          onChange={(event) => setStatus(event.target.value as ReportStatus)}
        >
          <option value="open">{t('admin.moderation.statuses.open')}</option>
          <option value="resolved">{t('admin.moderation.statuses.resolved')}</option>
        </SelectField>
      </div>
      <ReportQueue status={status} />
      {/* Suspensions stay with administrators; community moderators hide and restore. */}
      {isAdmin && <SuspendedMembers />}
    </AdminScreen>
  );
}

function ReportQueue({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const reports = useInfiniteQuery(reportQueueQuery(status));
  if (reports.isPending) return <PageLoading />;
  if (reports.isError)
    return (
      <p role="alert" className="message message--error">
        {t('admin.load_error')}
      </p>
    );
  const shown = reports.data.pages.flatMap((page) => page.results);
  if (shown.length === 0) return <p>{t(`admin.moderation.empty.${status}`)}</p>;
  return (
    <>
      <ul
        ref={list}
        tabIndex={-1}
        className="report-queue"
        aria-label={t(`admin.moderation.statuses.${status}`)}
      >
        {shown.map((report) => (
          <li key={report.id}>
            {/* A handled card leaves the list: focus goes to the list, not to the page's start. */}
            <ReportCard report={report} onHandled={() => list.current?.focus()} />
          </li>
        ))}
      </ul>
      <MoreButton list={reports} label={t('admin.moderation.more')} />
    </>
  );
}

function ReportCard({ report, onHandled }: { report: AdminReport; onHandled: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const onError = useActionErrorToast();
  const [confirmingSuspend, setConfirmingSuspend] = useState(false);
  const isAdmin = useMeQuery().data?.is_admin === true;
  const date = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const act = useMutation({
    mutationFn: (action: ModerationAction) => actOnReport(report.id, action),
    onSuccess: async (_answer, action) => {
      setConfirmingSuspend(false);
      toast.success(t(`admin.moderation.done.${action}`));
      await refresh();
      onHandled();
    },
    onError,
  });
  const restore = useMutation({
    // Restoring is offered only for content that still exists, so it has its id.
    mutationFn: () => restoreContent(report.target_type, report.target_id ?? 0),
    onSuccess: async () => {
      toast.success(t('admin.moderation.done.restore'));
      await refresh();
      onHandled();
    },
    onError,
  });
  const content = report.content;
  const snapshot = report.snapshot;
  const what = t(`admin.moderation.targets.${report.target_type}`);
  // Decision 0032: a member who erased their account is named by a random label, never by name.
  const authorName =
    content?.author_name ??
    (report.former_member !== null
      ? t('admin.moderation.former_member', { label: report.former_member })
      : (snapshot?.author_name ?? '—'));
  // Every decision names the report it is about (its title) and waits while one is sent.
  const actionButton = { size: 'small', disabled: act.isPending, 'aria-describedby': titleId } as const;
  // Members and chats have nothing to hide: chat messages stay as evidence (suspend instead).
  const hideable = !['member', 'chat_message', 'chat_conversation'].includes(report.target_type);

  return (
    <article className="report-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="report-card__title">
        {report.target_type === 'member'
          ? t('admin.moderation.report_about_member', { name: authorName })
          : t('admin.moderation.report_about', { what, name: authorName })}
      </h2>
      <p className="report-card__meta">
        {/* Community moderators are not told who reported (only administrators are). */}
        {report.reporter
          ? t('admin.moderation.reported_by', {
              name: report.reporter.name,
              date: date.format(new Date(report.created_at)),
            })
          : t('admin.moderation.sent_on', { date: date.format(new Date(report.created_at)) })}
        {' · '}
        {t('admin.moderation.reason', { reason: t(`report.reasons.${report.reason}`) })}
      </p>
      {report.details && <blockquote className="report-card__details">{report.details}</blockquote>}
      {content ? (
        <div className="report-card__content">
          <h3>{t('admin.moderation.content_heading')}</h3>
          {content.parent && (
            <p className="report-card__parent">{t('admin.moderation.in', { parent: content.parent })}</p>
          )}
          {content.title && <p className="report-card__content-title">{content.title}</p>}
          {content.image_url && (
            <img className="report-card__image" src={content.image_url} alt={content.image_alt || what} />
          )}
          {content.text && <p className="report-card__text">{content.text}</p>}
          {report.context && <ChatContext report={report} authorName={authorName} />}
          {(content.hidden || content.author_suspended) && (
            <p className="report-card__flags">
              {content.hidden && (
                <span className="badge badge--inactive">{t('admin.moderation.hidden')}</span>
              )}{' '}
              {content.author_suspended && (
                <span className="badge badge--inactive">{t('admin.moderation.author_suspended')}</span>
              )}
            </p>
          )}
        </div>
      ) : snapshot ? (
        <div className="report-card__content">
          <h3>{t('admin.moderation.snapshot_heading')}</h3>
          <p>{t('admin.moderation.snapshot_note', { date: date.format(new Date(snapshot.taken_at)) })}</p>
          {snapshot.parent && (
            <p className="report-card__parent">{t('admin.moderation.in', { parent: snapshot.parent })}</p>
          )}
          {snapshot.title && <p className="report-card__content-title">{snapshot.title}</p>}
          {snapshot.image_url && (
            <img className="report-card__image" src={snapshot.image_url} alt={snapshot.image_alt || what} />
          )}
          {snapshot.image_removed && <p>{t('admin.moderation.image_removed')}</p>}
          {snapshot.text && <p className="report-card__text">{snapshot.text}</p>}
          {report.context && <ChatContext report={report} authorName={authorName} />}
        </div>
      ) : (
        <p>{t('admin.moderation.content_gone')}</p>
      )}
      {report.status === 'open' ? (
        <div className="button-row">
          {hideable && content && !content.hidden && (
            <Button variant="primary" {...actionButton} onClick={() => act.mutate('hide')}>
              {t('admin.moderation.hide')}
            </Button>
          )}
          {isAdmin && content && !content.author_suspended && (
            <Button variant="danger" {...actionButton} onClick={() => setConfirmingSuspend(true)}>
              {t('admin.moderation.suspend')}
            </Button>
          )}
          <Button {...actionButton} onClick={() => act.mutate('dismiss')}>
            {t('admin.moderation.dismiss')}
          </Button>
        </div>
      ) : (
        <p>
          {t('admin.moderation.outcome', {
            outcome: t(`admin.moderation.outcomes.${report.outcome ?? 'dismissed'}`),
          })}{' '}
          {content?.hidden && hideable && (
            <Button
              size="small"
              disabled={restore.isPending}
              aria-describedby={titleId}
              onClick={() => restore.mutate()}
            >
              {t('admin.moderation.restore')}
            </Button>
          )}
        </p>
      )}
      <ConfirmDialog
        open={confirmingSuspend}
        title={t('admin.moderation.suspend_title', { name: authorName })}
        body={t('admin.moderation.suspend_body')}
        confirmLabel={t('admin.moderation.suspend')}
        cancelLabel={t('admin.cancel')}
        busy={act.isPending}
        onConfirm={() => act.mutate('suspend')}
        onCancel={() => setConfirmingSuspend(false)}
      />
    </article>
  );
}

/**
 * The messages around a reported chat message (or a reported conversation's last ones), as a
 * list with each author named; the reported message is marked in words, not by colour alone.
 */
function ChatContext({ report, authorName }: { report: AdminReport; authorName: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const date = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'short', timeStyle: 'short' });
  const messages = report.context ?? [];
  // A chat has two members: the reported author and the member who reported them. An erased
  // sender has no id: the messages carry their label instead.
  const authorId = report.content?.author_id ?? report.snapshot?.author_id ?? null;
  const nameOf = (message: NonNullable<AdminReport['context']>[number]) =>
    message.sender_label !== null
      ? t('admin.moderation.former_member', { label: message.sender_label })
      : message.sender_id === authorId
        ? authorName
        : (report.reporter?.name ?? '—');
  return (
    <section className="report-context" aria-labelledby={headingId}>
      <h4 id={headingId}>
        {t(
          report.target_type === 'chat_message'
            ? 'admin.moderation.context_heading'
            : 'admin.moderation.context_conversation_heading',
        )}
      </h4>
      {messages.length === 0 ? (
        <p>{t('admin.moderation.context_empty')}</p>
      ) : (
        <ol className="plain-list plain-list--stacked">
          {messages.map((message) => (
            <li
              key={message.id}
              className={`report-context__message${message.reported ? ' report-context__message--reported' : ''}`}
            >
              {message.reported && (
                <strong className="badge badge--inactive">{t('admin.moderation.reported_marker')}</strong>
              )}{' '}
              <span className="report-context__author">
                {t('admin.moderation.context_wrote', { name: nameOf(message) })}
              </span>{' '}
              <time dateTime={message.timestamp} className="report-context__time">
                {date.format(new Date(message.timestamp))}
              </time>
              <p className="report-card__text">{message.message}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function SuspendedMembers() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const onError = useActionErrorToast();
  const suspended = useQuery(suspendedMembersQuery());
  const reactivate = useMutation({
    mutationFn: reactivateMember,
    onSuccess: async () => {
      toast.success(t('admin.moderation.done.reactivate'));
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError,
  });
  const date = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' });
  return (
    <section aria-labelledby="admin-suspended-title">
      <h2 id="admin-suspended-title">{t('admin.moderation.suspended_title')}</h2>
      <QueryState query={suspended} errorText={t('admin.load_error')}>
        {(loaded) =>
          loaded.results.length === 0 ? (
            <p>{t('admin.moderation.suspended_empty')}</p>
          ) : (
            <ul className="plain-list">
              {loaded.results.map((member) => (
                <li key={member.id} className="button-row">
                  <span>
                    {member.name} ({member.email}) —{' '}
                    {member.suspended_at !== null &&
                      t('admin.moderation.suspended_on', {
                        date: date.format(new Date(member.suspended_at)),
                      })}
                  </span>
                  <RowButton
                    itemName={member.name}
                    disabled={reactivate.isPending}
                    onClick={() => reactivate.mutate(member.id)}
                  >
                    {t('admin.moderation.reactivate')}
                  </RowButton>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
