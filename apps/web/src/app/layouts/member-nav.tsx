import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useUnreadMessages } from '../../features/chat/chat-api';
import { usePendingRequests } from '../../features/friends/friends-api';
import { BELL_ICON } from '../../features/notifications/notification-bell';
import { useUnreadNotifications } from '../../features/notifications/notifications-api';
import type { SupporterScope } from '@juntos/domain';
import { actingMay, readActing } from '../../lib/acting-session';
import { useMeQuery } from '../../lib/session';
import { CountBadge } from '../../components/ui/count-badge';
import { useRouteLayout } from '../navigation';
import { frameFor, useFrameLayout } from './use-frame-layout';
import './member-nav.css';

/**
 * On phones the bottom bar holds five places (more would shrink the targets below 44 px and
 * truncate the labels in German or Greek): the four links members use most, then "More" for the
 * rest. Wide screens show every link. PHONE_BAR lists the four.
 */
const LINKS = [
  ['/feed', 'feed', 'M4 5h16v3H4zM4 10.5h16v3H4zM4 16h10v3H4z'],
  [
    '/comunidades',
    'communities',
    'M12 10a3 3 0 1 1 0-6 3 3 0 0 1 0 6zM5 12.5a2.3 2.3 0 1 1 0-4.6 2.3 2.3 0 0 1 0 4.6zm14 0a2.3 2.3 0 1 1 0-4.6 2.3 2.3 0 0 1 0 4.6zM7 20c0-3 2.2-5 5-5s5 2 5 5zM1.5 19.5c0-2.4 1.4-4 3.5-4M22.5 19.5c0-2.4-1.4-4-3.5-4',
  ],
  [
    '/buscar',
    'search',
    'M10 4a6 6 0 1 1 0 12 6 6 0 0 1 0-12zm0 2.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM14.5 15.5l5 5',
  ],
  [
    '/buscar/amigos',
    'friends',
    'M8 11a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7zm8 0a3 3 0 1 1 0-6 3 3 0 0 1 0 6zM2 20c0-4 3-6 6-6s6 2 6 6zm12.5 0c0-2-.6-3.6-1.7-4.8 3.9-.9 7.2.9 7.2 4.8z',
  ],
  [
    '/solicitudes',
    'requests',
    'M9 11a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7zM3 20c0-4 3-6 6-6s6 2 6 6zM18 7v6M15 10h6',
  ],
  ['/chat', 'chat', 'M4 5h16v11H9l-5 4zM8 9.5h8M8 12.5h5'],
  ['/notificaciones', 'notifications', BELL_ICON],
  ['/gallery', 'gallery', 'M3 5h18v14H3zM6 16l4-5 3 4 2-2 3 3'],
  ['/profile', 'profile', 'M12 12a4 4 0 1 1 0-8 4 4 0 0 1 0 8zM4 21c0-4.5 3.6-7 8-7s8 2.5 8 7z'],
] as const;

const SHIELD_ICON = 'M12 3l8 3v6c0 4.5-3.4 8.4-8 9-4.6-.6-8-4.5-8-9V6z';
const ADMIN_LINK = ['/admin', 'admin', SHIELD_ICON] as const;
/** Community moderators (issue 18) reach the moderation queue of their communities. */
const MODERATION_LINK = ['/admin/moderacion', 'moderation', SHIELD_ICON] as const;
const MENU_ICON = 'M4 6.5h16M4 12h16M4 17.5h16';
const MORE_ICON =
  'M4 12a1.5 1.5 0 1 0 3 0 1.5 1.5 0 0 0-3 0zm6.5 0a1.5 1.5 0 1 0 3 0 1.5 1.5 0 0 0-3 0zM17 12a1.5 1.5 0 1 0 3 0 1.5 1.5 0 0 0-3 0z';
// Search has its own field in the top bar on phones too; the bell takes its place down here.
const PHONE_BAR: readonly string[] = ['/feed', '/comunidades', '/chat', '/notificaciones'];
/** In the bottom bar only: wide screens have the bell in the top bar. */
const PHONE_ONLY: readonly string[] = ['/notificaciones'];

type NavEntry = readonly [path: string, key: string, icon: string];

/** What each place needs of a supporter's grant (decision 0047): its screen's routes' scope. */
const LINK_SCOPES: Readonly<Record<string, SupporterScope>> = {
  '/feed': 'posts',
  '/comunidades': 'posts',
  '/buscar': 'posts',
  '/buscar/amigos': 'posts',
  '/solicitudes': 'posts',
  '/chat': 'messages',
  '/notificaciones': 'posts',
  '/gallery': 'posts',
  '/profile': 'profile',
};

function NavIcon({ path }: { path: string }) {
  return (
    <svg className="member-nav__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The members' navigation (spec §2): a bar under the top bar on wide screens and a bottom bar on
 * phones; a full-height screen (/chat) has a "Menu" under the top bar there instead (the
 * conversation needs the height). Badges
 * count unread chat messages and pending friend requests, and stay current through the live
 * connection.
 */
export function MemberNav({ topBarControls }: { topBarControls?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const pending = usePendingRequests().data ?? 0;
  const unread = useUnreadMessages().total;
  const notifications = useUnreadNotifications().data ?? 0;
  // A full-height screen (/chat) needs the phone's whole height: no bottom bar there.
  const fullHeight = useRouteLayout() === 'full-height';
  const me = useMeQuery().data;
  const isAdmin = me?.is_admin === true;
  const moderates = (me?.moderates.length ?? 0) > 0;
  // A supporter acting for the member sees only what the grant opens, and no operator's area.
  const acting = readActing() !== undefined;
  const allowed = acting ? LINKS.filter(([path]) => actingMay(LINK_SCOPES[path])) : LINKS;
  const links: readonly NavEntry[] =
    isAdmin && !acting
      ? [...allowed, ADMIN_LINK]
      : moderates && !acting
        ? [...allowed, MODERATION_LINK]
        : allowed;
  // On a phone, a full-height screen gets the compact frame's Menu instead of the bottom bar.
  const layout = frameFor(useFrameLayout(), fullHeight);
  const asMenu = layout === 'compact';
  // The bottom bar's five places share a phone's width: they take their short labels, which fit
  // whole words at 320 px in every language (the wide bar and the "More" panel keep the full ones).
  const inBottomBar = layout === 'phone';
  const moreLinks = asMenu ? links : links.filter(([path]) => !PHONE_BAR.includes(path));
  const [moreOpen, setMoreOpen] = useState(false);
  const morePanelId = useId();
  const moreButton = useRef<HTMLButtonElement>(null);

  // A followed link closes the panel; Escape closes it and gives focus back to its button.
  useEffect(() => setMoreOpen(false), [location.pathname]);
  useEffect(() => {
    if (!moreOpen) return;
    const onKey = (event: KeyboardEvent) => {
      // Escape in the display settings' dialog (opened from the menu) closes only the dialog.
      if (event.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      setMoreOpen(false);
      moreButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [moreOpen]);

  const renderLink = ([path, key, icon]: NavEntry, short = false) => (
    <NavLink to={path} end className="member-nav__link">
      <NavIcon path={icon} />
      <span className="member-nav__text">{t(short ? `nav.short.${key}` : `nav.${key}`)}</span>
      {key === 'requests' && <CountBadge count={pending} text={t('nav.pending', { count: pending })} />}
      {key === 'chat' && <CountBadge count={unread} text={t('nav.unread', { count: unread })} />}
      {key === 'notifications' && (
        <CountBadge count={notifications} text={t('notifications.bell_unread', { count: notifications })} />
      )}
    </NavLink>
  );
  return (
    <nav
      className={`member-nav${asMenu ? ' member-nav--menu' : fullHeight ? ' member-nav--desktop-only' : ''}`}
      aria-label={t('nav.label')}
    >
      <ul className="member-nav__list">
        {links.map((link) => (
          <li
            key={link[0]}
            className={
              PHONE_ONLY.includes(link[0])
                ? 'member-nav__item--phone-only'
                : PHONE_BAR.includes(link[0])
                  ? undefined
                  : 'member-nav__item--wide-only'
            }
          >
            {renderLink(link, inBottomBar && PHONE_BAR.includes(link[0]))}
          </li>
        ))}
        <li className="member-nav__item--phone-only member-nav__item--more">
          <button
            ref={moreButton}
            type="button"
            className="member-nav__link"
            aria-expanded={moreOpen}
            aria-controls={morePanelId}
            onClick={() => setMoreOpen((open) => !open)}
          >
            <NavIcon path={asMenu ? MENU_ICON : MORE_ICON} />
            <span className="member-nav__text">
              {t(asMenu ? 'nav.menu' : inBottomBar ? 'nav.short.more' : 'nav.more')}
            </span>
            <CountBadge count={pending} text={t('nav.pending', { count: pending })} />
            {asMenu && <CountBadge count={unread} text={t('nav.unread', { count: unread })} />}
          </button>
        </li>
      </ul>
      <div id={morePanelId} className="member-nav__more" hidden={!moreOpen}>
        <ul className="member-nav__more-links">
          {moreLinks.map((link) => (
            <li key={link[0]}>{renderLink(link)}</li>
          ))}
        </ul>
        {topBarControls && <div className="member-nav__controls">{topBarControls}</div>}
      </div>
    </nav>
  );
}
