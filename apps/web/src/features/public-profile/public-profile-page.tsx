import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FUNCTIONAL_FIELDS, countryName, isCountryCode, type Language } from '@juntos/domain';
import { PageLoading } from '../../components/ui/page-loading';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CountryFlag } from '../../components/country-flag';
import { FunctionalFacts } from '../../components/functional-facts';
import { ApiRequestError } from '../../lib/api-client';
import { publicProfileQuery } from './public-profile-api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { blockMember, friendKeys } from '../friends/friends-api';
import { ReportDialog } from '../../components/report-dialog';
import { FriendshipButton } from '../friends/friendship-button';
import { ImageDetailsDialog } from '../gallery/image-details-dialog';
import { GalleryThumbnail } from '../../components/gallery-thumbnail';
import { MuteButton } from '../mutes/mute-button';
import { mutesQuery } from '../mutes/mutes-api';
import { ContentWarningGate } from '../content-warnings/content-warning-gate';
import { Button } from '../../components/ui/button';
import '../../components/ui/avatar.css';
import '../../components/ui/field.css';
import '../../components/member-profile.css';
import '../gallery/gallery.css';

/** /perfil/{id} (spec §2 "Public profile"): what the member shows to this viewer. */
export default function PublicProfilePage() {
  const { t, i18n } = useTranslation(['translation', 'perfil_funcional']);
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const memberId = Number(id);
  const profile = useQuery(publicProfileQuery(memberId));
  // The mute button's state comes with the page, not after it: a button arriving late would push
  // the page down (layout shift).
  const mutes = useQuery(mutesQuery());
  const [opened, setOpened] = useState<number>();
  const [blocking, setBlocking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const block = useMutation({
    mutationFn: () => blockMember(memberId),
    onSuccess: async () => {
      toast.success(t('public_profile.blocked'));
      await queryClient.invalidateQueries({ queryKey: friendKeys.all });
      void navigate('/buscar/amigos');
    },
  });
  const data = profile.data;
  const name = data ? [data.nombre, data.apellidos].filter(Boolean).join(' ') : '';
  useDocumentTitle(name || t('titles.public_profile'));

  if ((profile.isPending && profile.fetchStatus !== 'idle') || mutes.isPending) return <PageLoading />;
  if (!data)
    return (
      <section className="page page--narrow">
        <h1>{t('titles.public_profile')}</h1>
        <p
          role={
            profile.error instanceof ApiRequestError && profile.error.status === 404 ? undefined : 'alert'
          }
        >
          {t('public_profile.not_found')}
        </p>
      </section>
    );

  const country = isCountryCode(data.country) ? data.country : undefined;
  const shownFields = FUNCTIONAL_FIELDS.filter((field) => field in data);
  return (
    <section className="page page--narrow">
      <div className="profile-header">
        {data.photo ? (
          <img className="avatar avatar--large" src={data.photo} alt={t('profile.photo_alt', { name })} />
        ) : (
          <span
            className="avatar avatar--large avatar--default"
            role="img"
            aria-label={t('profile.default_avatar')}
          />
        )}
        <div>
          <h1 className="profile-header__name">{name}</h1>
          <p className="profile-header__place">
            {country && <CountryFlag code={country} />}{' '}
            {[data.ciudad, country ? countryName(country, language) : ''].filter(Boolean).join(', ')}
            {data.edad !== undefined && data.edad !== null && (
              <> · {t('public_profile.age', { count: data.edad })}</>
            )}
          </p>
        </div>
      </div>
      <div className="form__links">
        <FriendshipButton
          memberId={memberId}
          status={data.friendship_status}
          errorKey="profile.follow_error"
          onChanged={() => void profile.refetch()}
        />
        {data.friendship_status !== 'self' && (
          <>
            <Button size="small" onClick={() => setReporting(true)}>
              {t('public_profile.report')}
            </Button>
            <MuteButton kind="member" id={memberId} name={name} />
            <Button variant="danger" size="small" onClick={() => setBlocking(true)}>
              {t('public_profile.block')}
            </Button>
          </>
        )}
      </div>
      {data.bio && (
        <section aria-labelledby="public-bio">
          <h2 id="public-bio">{t('public_profile.bio')}</h2>
          <p className="profile-bio">{data.bio}</p>
        </section>
      )}
      {shownFields.length > 0 && (
        <section aria-labelledby="public-functional">
          <h2 id="public-functional">{t('public_profile.functional_title')}</h2>
          <FunctionalFacts fields={shownFields} values={data} />
        </section>
      )}
      <section aria-labelledby="public-gallery">
        <h2 id="public-gallery">{t('public_profile.gallery_title')}</h2>
        {data.imagenes === undefined ? (
          <p className="gallery__locked">{t('public_profile.gallery_locked')}</p>
        ) : data.imagenes.length === 0 ? (
          <p>{t('public_profile.gallery_empty')}</p>
        ) : (
          <ul className="gallery__grid">
            {data.imagenes.map((image) => (
              <li key={image.id} className="gallery__item">
                <ContentWarningGate warning={image.content_warning}>
                  <GalleryThumbnail
                    image={image}
                    onOpen={() => setOpened(image.id)}
                    onLoadError={() => void profile.refetch()}
                  />
                </ContentWarningGate>
                <h3 className="gallery__item-title">{image.title}</h3>
              </li>
            ))}
          </ul>
        )}
      </section>
      {opened !== undefined && <ImageDetailsDialog imageId={opened} onClose={() => setOpened(undefined)} />}
      {reporting && (
        <ReportDialog targetType="member" targetId={memberId} onClose={() => setReporting(false)} />
      )}
      <ConfirmDialog
        open={blocking}
        title={t('public_profile.block_title')}
        body={t('public_profile.block_body')}
        confirmLabel={t('public_profile.block_confirm')}
        cancelLabel={t('public_profile.cancel')}
        busy={block.isPending}
        onConfirm={() => block.mutate()}
        onCancel={() => setBlocking(false)}
      />
    </section>
  );
}
