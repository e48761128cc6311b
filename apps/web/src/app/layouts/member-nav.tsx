import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { usePendingRequests } from '../../features/friends/friends-api';

const LINKS = [
  ['/feed', 'feed', 'M4 5h16v3H4zM4 10.5h16v3H4zM4 16h10v3H4z'],
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
  ['/gallery', 'gallery', 'M3 5h18v14H3zM6 16l4-5 3 4 2-2 3 3'],
  ['/profile', 'profile', 'M12 12a4 4 0 1 1 0-8 4 4 0 0 1 0 8zM4 21c0-4.5 3.6-7 8-7s8 2.5 8 7z'],
] as const;

/**
 * The members' navigation (spec §2): a bar under the top bar on wide screens and a bottom bar on
 * phones (hidden on /chat). The friend-request badge shows a number; its text alternative says
 * what the number counts.
 */
export function MemberNav() {
  const { t } = useTranslation();
  const location = useLocation();
  const pending = usePendingRequests();
  if (location.pathname === '/chat') return null;
  const count = pending.data ?? 0;
  return (
    <nav className="member-nav" aria-label={t('nav.label')}>
      <ul className="member-nav__list">
        {LINKS.map(([path, key, icon]) => (
          <li key={path}>
            <NavLink to={path} end className="member-nav__link">
              <svg className="member-nav__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
              </svg>
              <span className="member-nav__text">{t(`nav.${key}`)}</span>
              {key === 'requests' && count > 0 && (
                <span className="badge badge--count">
                  <span aria-hidden="true">{count}</span>
                  <span className="visually-hidden">{t('nav.pending', { count })}</span>
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
