import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppLink } from '../../app/navigation';
import {
  FUNCTIONAL_FIELDS,
  NO_DIAGNOSIS,
  countryName,
  isCountryCode,
  type Language,
  type OwnProfile,
  type PrivateProfileField,
} from '@juntos/domain';
import { CountryFlag } from '../../components/country-flag';
import { FunctionalFacts } from '../../components/functional-facts';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DeleteAccountDialog } from './delete-account-dialog';
import { PasskeysSection } from '../passkeys/passkeys-section';
import { MyDataSection } from './my-data-section';
import { ResearchConsentSection } from './research-consent-section';
import { ownProfileQueryOptions } from './profile-api';
import { Button, buttonClass } from '../../components/ui/button';
import '../../components/ui/avatar.css';
import { actingMay, readActing } from '../../lib/acting-session';
import { supporterRefusalText } from '../../lib/api-client';
import '../../components/ui/field.css';
import '../../components/member-profile.css';
import './profile.css';
import { dateTimeFormat } from '../../lib/intl-formats';

/** Spec §2: the birth date in the fr-FR format (dd/mm/yyyy). */
const formatBirthDate = (iso: string) =>
  dateTimeFormat('fr-FR', { timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

function ProfileDetails({ profile }: { profile: OwnProfile }) {
  const { t, i18n } = useTranslation(['translation', 'perfil_funcional']);
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const fullName = [profile.nombre, profile.apellidos].filter(Boolean).join(' ');
  const country = profile.country && isCountryCode(profile.country) ? profile.country : undefined;
  const audience = (field: PrivateProfileField) => (
    <span className="profile-audience">
      {t('profile.seen_by', { audience: t(`profile_edit.audience.${profile.visibility[field]}`) })}
    </span>
  );

  return (
    <>
      <div className="profile-header">
        {profile.photo ? (
          <img
            className="avatar avatar--large"
            src={profile.photo}
            alt={t('profile.photo_alt', { name: fullName })}
          />
        ) : (
          <span
            className="avatar avatar--large avatar--default"
            role="img"
            aria-label={t('profile.default_avatar')}
          />
        )}
        <div>
          <p className="profile-header__name">{fullName || t('profile.name_missing')}</p>
          <p className="profile-header__place">
            {country && <CountryFlag code={country} />}{' '}
            {country
              ? [profile.ciudad, countryName(country, language)].filter(Boolean).join(', ')
              : t('profile.location_missing')}
          </p>
        </div>
      </div>
      {profile.bio && (
        <section aria-labelledby="profile-bio-title">
          <h2 id="profile-bio-title">{t('profile.bio')}</h2>
          <p className="profile-bio">{profile.bio}</p>
        </section>
      )}
      <dl className="profile-facts">
        <div>
          <dt>{t('profile.birth_date')}</dt>
          <dd>
            {profile.date_of_birth ? formatBirthDate(profile.date_of_birth) : t('profile.not_defined')}{' '}
            {audience('date_of_birth')}
          </dd>
        </div>
        <div>
          <dt>{t('profile.comunidad')}</dt>
          <dd>{profile.comunidad || t('profile.not_defined')}</dd>
        </div>
        <div>
          <dt>{t('profile.enfermedad')}</dt>
          <dd>
            {profile.enfermedad && profile.enfermedad !== NO_DIAGNOSIS
              ? profile.enfermedad
              : t('profile.not_defined')}
            {profile.orphacode !== null && (
              <> ({t('profile_edit.disease_code', { code: profile.orphacode })})</>
            )}{' '}
            {audience('enfermedad')}
          </dd>
        </div>
      </dl>
      <section aria-labelledby="profile-functional-title">
        <h2 id="profile-functional-title">{t('profile.functional_title')}</h2>
        <FunctionalFacts fields={FUNCTIONAL_FIELDS} values={profile} after={audience} />
      </section>
    </>
  );
}

/** /profile (spec §2 "Own profile"). */
export default function ProfilePage() {
  // Both namespaces load before anything shows: a namespace arriving later would suspend the
  // page again and hide an open dialog.
  const { t } = useTranslation(['translation', 'perfil_funcional']);
  useDocumentTitle(t('titles.profile'));
  const profile = useQuery(ownProfileQueryOptions());
  const [deleting, setDeleting] = useState(false);
  const acting = readActing() !== undefined;

  useEffect(() => {
    // Spec §8: in the own-profile view a load failure is only logged, and the placeholder stays.
    if (profile.error) console.error('The profile could not be loaded', profile.error);
  }, [profile.error]);

  return (
    <section className="page page--narrow">
      <h1>{t('profile.title')}</h1>
      {profile.data ? (
        <ProfileDetails profile={profile.data} />
      ) : supporterRefusalText(profile.error) ? (
        <p role="alert" className="message message--error">
          {supporterRefusalText(profile.error)}
        </p>
      ) : (
        <p role="status" className="page-loading">
          {t('profile.loading')}
        </p>
      )}
      {/* The rest comes with the profile, in one piece, so nothing moves down when it arrives
          (layout shift, issue 23); after a failure it shows under the placeholder (spec §8). */}
      {!profile.isPending && actingMay('profile') && (
        <>
          <div className="form__links profile-actions">
            <AppLink to="/edit-profile" pictogram="pencil" className={buttonClass({ variant: 'primary' })}>
              {t('profile.edit')}
            </AppLink>
            {/* A supporter acting here never reaches the account's keys, consents or data copy. */}
            {!acting && (
              <Link to="/change-password" className={buttonClass()}>
                {t('profile.change_password')}
              </Link>
            )}
            <Link to="/ajustes/notificaciones" className={buttonClass()}>
              {t('profile.notification_settings')}
            </Link>
            {!acting && (
              <Link to="/ajustes/apoyo" className={buttonClass()}>
                {t('profile.supporters')}
              </Link>
            )}
            {!acting && (
              <Button variant="danger" onClick={() => setDeleting(true)}>
                {t('profile.delete_account')}
              </Button>
            )}
          </div>
          {!acting && (
            <>
              <ResearchConsentSection />
              <MyDataSection />
              <PasskeysSection />
            </>
          )}
        </>
      )}
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
