import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { functionalValueKey, type FunctionalField } from '@juntos/domain';
import './member-profile.css';

/** The functional fields of a profile as a list of labels and translated values. */
export function FunctionalFacts({
  fields,
  values,
  after,
}: {
  fields: readonly FunctionalField[];
  values: Partial<Record<FunctionalField, string | null | undefined>>;
  /** Shown after a value (the own profile says who sees it). */
  after?: (field: FunctionalField) => ReactNode;
}) {
  const { t } = useTranslation(['translation', 'perfil_funcional']);
  return (
    <dl className="profile-facts">
      {fields.map((field) => {
        const value = values[field];
        return (
          <div key={field}>
            <dt>{t(`perfil_funcional:fields.${field}`)}</dt>
            <dd>
              {value
                ? t(`functional_values.${field}.${functionalValueKey(value)}`)
                : t('profile.not_defined')}
              {after && <> {after(field)}</>}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
