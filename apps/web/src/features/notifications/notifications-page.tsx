import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notificationLink, type Notification } from '@juntos/domain';
import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notificationText } from './notification-text';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  notificationPagesQuery,
  useUnreadNotifications,
} from './notifications-api';
import './notifications.css';
import { dateTimeFormat } from '../../lib/intl-formats';

/**
 * /notificaciones (issue 20): what happened, newest first, repeats grouped, unread ones marked in
 * words as well as in weight. Following one marks it read; "mark all read" clears the bell.
 */
export default function NotificationsPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('titles.notifications'));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const headingId = useId();
  const pages = useInfiniteQuery(notificationPagesQuery());
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const markAll = useMutation({ mutationFn: markAllNotificationsRead, onSuccess: refresh });
  const open = useMutation({ mutationFn: markNotificationRead, onSettled: refresh });
  const when = dateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const follow = (event: React.MouseEvent<HTMLAnchorElement>, notification: Notification) => {
    if (notification.read) return;
    // Marked read first, so the bell is right on the page it leads to; the link works regardless.
    event.preventDefault();
    open.mutate(notification.id, { onSettled: () => void navigate(notificationLink(notification)) });
  };

  const all = pages.data?.pages.flatMap((page) => page.results) ?? [];
  // The bell's count: every unread one, not only those of the pages loaded so far.
  const unread = useUnreadNotifications().data ?? all.filter((notification) => !notification.read).length;

  return (
    <section className="page page--narrow" aria-labelledby={headingId}>
      <div className="page__header">
        <h1 id={headingId}>{t('notifications.title')}</h1>
        <Link to="/ajustes/notificaciones">{t('notifications.settings_link')}</Link>
      </div>
      <QueryState query={pages} errorText={t('notifications.load_error')}>
        {() =>
          all.length === 0 ? (
            <p>{t('notifications.empty')}</p>
          ) : (
            <>
              <p role="status">
                {unread === 0
                  ? t('notifications.all_read')
                  : t('notifications.unread_summary', { count: unread })}
              </p>
              {unread > 0 && (
                <Button onClick={() => markAll.mutate()} disabled={markAll.isPending}>
                  {t('notifications.mark_all_read')}
                </Button>
              )}
              <ul className="notification-list">
                {all.map((notification) => (
                  <li
                    key={notification.id}
                    className={`notification-list__item${notification.read ? '' : ' notification-list__item--unread'}`}
                  >
                    <Link
                      to={notificationLink(notification)}
                      className="notification-list__link"
                      onClick={(event) => follow(event, notification)}
                    >
                      {!notification.read && (
                        <span className="notification-list__dot">
                          <span className="visually-hidden">{t('notifications.unread_label')}</span>
                        </span>
                      )}
                      <span className="notification-list__text">{notificationText(t, notification)}</span>
                    </Link>
                    <time className="notification-list__time" dateTime={notification.updated_at}>
                      {when.format(new Date(notification.updated_at))}
                    </time>
                  </li>
                ))}
              </ul>
              {pages.hasNextPage && (
                <Button onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
                  {t('notifications.more')}
                </Button>
              )}
            </>
          )
        }
      </QueryState>
    </section>
  );
}
