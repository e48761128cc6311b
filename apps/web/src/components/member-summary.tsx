import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countryName, isCountryCode, type Language } from '@juntos/domain';
import { CountryFlag } from './country-flag';
import './ui/avatar.css';
import './member-summary.css';

/** A member in a list (search results, friends, requests): photo, name, place, age and actions. */
export function MemberSummary({
  member,
  children,
}: {
  member: {
    id: number;
    nombre: string;
    apellidos: string;
    photo: string | null;
    ciudad: string;
    country: string | null;
    edad?: number | null | undefined;
  };
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const name = [member.nombre, member.apellidos].filter(Boolean).join(' ') || t('post.unknown_author');
  const country = member.country && isCountryCode(member.country) ? member.country : undefined;
  return (
    <article className="member-summary">
      {member.photo ? (
        <img className="avatar avatar--small" src={member.photo} alt="" />
      ) : (
        <span className="avatar avatar--small avatar--default" aria-hidden="true" />
      )}
      <div className="member-summary__text">
        <h2 className="member-summary__name">
          <Link to={`/perfil/${member.id}`}>{name}</Link>
        </h2>
        <p className="member-summary__place">
          {country && <CountryFlag code={country} />}{' '}
          {[member.ciudad, country ? countryName(country, language) : ''].filter(Boolean).join(', ')}
          {member.edad !== undefined && member.edad !== null && (
            <> · {t('public_profile.age', { count: member.edad })}</>
          )}
        </p>
      </div>
      {children && <div className="member-summary__actions">{children}</div>}
    </article>
  );
}
