import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberNotice } from '@juntos/domain';
import { markRead, noticeKeys, noticesQuery } from './notices-api';
import { Button } from '../../components/ui/button';
import './notices.css';
import { dateTimeFormat } from '../../lib/intl-formats';

function NoticeText({ notice }: { notice: MemberNotice }) {
  const { t } = useTranslation();
  if (notice.kind === 'export_ready')
    return (
      <>
        {t('notices.export_ready')} <Link to="/profile#my-data">{t('notices.export_link')}</Link>
      </>
    );
  if (notice.kind === 'community_reply')
    return (
      <>
        {t('notices.community_reply', { excerpt: notice.data.excerpt })}{' '}
        <Link to={`/comunidades/${notice.data.community_id}`}>{t('notices.community_link')}</Link>
      </>
    );
  if (notice.kind === 'report_outcome')
    return (
      <>
        {t(`notices.report_outcome.${notice.data.outcome}`, {
          target: t(`notices.reported.${notice.data.target_type}`),
        })}
      </>
    );
  return (
    <>
      {t(`notices.${notice.kind}`, {
        target: t(`notices.yours.${notice.data.target_type}`),
        excerpt: notice.data.excerpt,
      })}
    </>
  );
}

/**
 * The moderators' messages to this member (the outcome of their reports, something of theirs
 * hidden or shown again), until the member marks each one read.
 */
export function NoticesPanel() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const notices = useQuery(noticesQuery());
  const heading = useRef<HTMLHeadingElement>(null);
  const read = useMutation({
    mutationFn: markRead,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
      // The item read leaves the list: focus stays in the panel instead of falling to the page.
      heading.current?.focus();
    },
  });
  const unread = (notices.data ?? []).filter((notice) => !notice.read);
  // Once shown, the panel stays for this visit, saying all is read, so focus has a place to stay.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (unread.length > 0) setShown(true);
  }, [unread.length]);
  if (unread.length === 0 && !shown) return null;
  const date = dateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' });

  return (
    <section className="notices" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {t('notices.title')}
      </h2>
      {unread.length === 0 && <p>{t('notices.all_read')}</p>}
      <ul className="notices__list">
        {unread.map((notice) => (
          <li key={notice.id} className="notices__item">
            <p id={`notice-${notice.id}`}>
              <NoticeText notice={notice} />
            </p>
            <p className="notices__meta">
              <time dateTime={notice.created_at}>{date.format(new Date(notice.created_at))}</time>{' '}
              <Button
                size="small"
                disabled={read.isPending}
                aria-describedby={`notice-${notice.id}`}
                onClick={() => read.mutate(notice.id)}
              >
                {t('notices.mark_read')}
              </Button>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
