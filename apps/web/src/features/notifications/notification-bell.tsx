import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { CountBadge } from '../../components/ui/count-badge';
import { useUnreadNotifications } from './notifications-api';
import './notification-bell.css';

/** The bell of the notification centre (issue 20), in the top bar and the phones' bottom bar. */
export const BELL_ICON = 'M6 16v-5a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0';

/**
 * The top bar's bell: a link to /notificaciones whose name says how many are unread ("Notifications,
 * 3 unread"), so a screen reader hears the count where a sighted member sees the badge.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadNotifications().data ?? 0;
  return (
    <NavLink to="/notificaciones" end className="top-bar__bell">
      <svg className="top-bar__bell-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={BELL_ICON} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      </svg>
      <span className="visually-hidden">{t('nav.notifications')}</span>
      <CountBadge count={unread} text={t('notifications.bell_unread', { count: unread })} />
    </NavLink>
  );
}
