import { useTranslation } from 'react-i18next';
import type { SupporterPermission } from '@juntos/domain';

/** What a grant lets its supporter do, in words. */
export function PermissionList({ permissions }: { permissions: readonly SupporterPermission[] }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="supporters__permissions">
      {t('supporters.may_do_list', {
        list: new Intl.ListFormat(i18n.resolvedLanguage ?? 'en', { type: 'conjunction' }).format(
          permissions.map((permission) => t(`supporters.permissions.${permission}`)),
        ),
      })}
    </p>
  );
}
