import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { useMeQuery } from '../../lib/session';

const ADMIN_SCREENS = [
  ['/admin', 'dashboard'],
  ['/admin/moderacion', 'moderation'],
  ['/admin/menores', 'minors'],
  ['/admin/retiros', 'withdrawals'],
  ['/admin/recursos', 'directory'],
  ['/admin/comunidades', 'communities'],
  ['/admin/representantes', 'representatives'],
  ['/admin/anuncios', 'ads'],
  ['/admin/auditoria', 'audit'],
] as const;

/** The administration area's own navigation. */
export function AdminNav() {
  const { t } = useTranslation();
  // A community moderator reaches only the moderation queue of the area.
  const isAdmin = useMeQuery().data?.is_admin === true;
  const screens = isAdmin ? ADMIN_SCREENS : ADMIN_SCREENS.filter(([path]) => path === '/admin/moderacion');
  return (
    <nav aria-label={t('admin.nav_label')} className="admin-nav">
      <ul className="button-row">
        {screens.map(([path, key]) => (
          <li key={path}>
            <NavLink to={path} end className={buttonClass({ size: 'small' })}>
              {t(`admin.nav.${key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
