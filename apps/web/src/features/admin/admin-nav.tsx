import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { buttonClass } from '../../components/ui/button';

/** The administration area's own navigation. */
export function AdminNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.nav_label')} className="admin-nav">
      <ul className="button-row">
        {(
          [
            ['/admin', 'dashboard'],
            ['/admin/moderacion', 'moderation'],
            ['/admin/menores', 'minors'],
            ['/admin/retiros', 'withdrawals'],
            ['/admin/recursos', 'directory'],
            ['/admin/anuncios', 'ads'],
            ['/admin/auditoria', 'audit'],
          ] as const
        ).map(([path, key]) => (
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
