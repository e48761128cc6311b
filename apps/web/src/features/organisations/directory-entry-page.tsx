import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  RepresentativeInviteSchema,
  countryName,
  isCountryCode,
  type DirectoryEntryDetail,
  type Language,
  type RepresentedEntryKind,
} from '@juntos/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CountryFlag } from '../../components/country-flag';
import { Button, buttonClass } from '../../components/ui/button';
import { ExternalLink } from '../../components/ui/external-link';
import { TextField } from '../../components/ui/field';
import { QueryState } from '../../components/ui/query-state';
import { ApiRequestError } from '../../lib/api-client';
import { errorText, formFailureText, useSchemaForm } from '../../lib/forms';
import { sessionKeys } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import NotFoundPage from '../not-found/not-found-page';
import { directoryEntryQuery, inviteRepresentative, organisationKeys, stepDown } from './organisations-api';
import { ResearchReachSection } from './research-reach-section';
import '../../components/ui/badge.css';
import '../../components/ui/field.css';
import './organisations.css';

const positiveId = (text: string | undefined) =>
  text && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined;
const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;
const SERVER_FIELDS = { email: 'email' } as const;

/**
 * /recursos/asociaciones/:id and /recursos/proyectos/:id (issue 35): one organisation of the
 * directory, the communities it hosts, its confirmed representatives, and for an administrator
 * or one of them, the form that invites another representative by e-mail; for a research
 * project's own representatives, its numbers and its call for participants.
 */
export default function DirectoryEntryPage({ kind }: { kind: RepresentedEntryKind }) {
  const id = positiveId(useParams().id);
  if (id === undefined) return <NotFoundPage />;
  return <DirectoryEntry kind={kind} id={id} />;
}

function DirectoryEntry({ kind, id }: { kind: RepresentedEntryKind; id: number }) {
  const { t } = useTranslation();
  const query = useQuery(directoryEntryQuery(kind, id));
  if (isNotFound(query.error)) return <NotFoundPage />;
  return (
    <section className="page page--narrow organisation">
      <p className="organisation__back">
        <Link to={`/recursos/${kind}`}>{t(`organisations.back.${kind}`)}</Link>
      </p>
      <QueryState query={query} errorText={t('organisations.load_error')}>
        {(entry) => <EntryView entry={entry} />}
      </QueryState>
    </section>
  );
}

function EntryView({ entry }: { entry: DirectoryEntryDetail }) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  useDocumentTitle(entry.nombre);
  const country = isCountryCode(entry.pais) ? entry.pais : undefined;
  return (
    <>
      <h1>{entry.nombre}</h1>
      <p className="organisation__place">
        {country && <CountryFlag code={country} />}{' '}
        {[entry.ciudad, country ? countryName(country, language) : entry.pais].filter(Boolean).join(', ')}
      </p>
      {entry.descripcion && <p>{entry.descripcion}</p>}
      <p>
        <ExternalLink href={entry.enlace} className={buttonClass({ size: 'small' })}>
          {t('organisations.website')}
          <span className="visually-hidden">: {entry.nombre}</span>
        </ExternalLink>
      </p>
      {entry.kind === 'asociaciones' && (
        <section aria-labelledby="organisation-communities" className="organisation__section">
          <h2 id="organisation-communities">{t('organisations.communities_title')}</h2>
          {entry.communities.length === 0 ? (
            <p>{t('organisations.no_communities')}</p>
          ) : (
            <ul className="organisation__list">
              {entry.communities.map((community) => (
                <li key={community.id}>
                  <Link to={`/comunidades/${community.id}`}>{community.name}</Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section aria-labelledby="organisation-representatives" className="organisation__section">
        <h2 id="organisation-representatives">{t('organisations.representatives_title')}</h2>
        {entry.representatives.length === 0 ? (
          <p>{t('organisations.no_representatives')}</p>
        ) : (
          <ul className="organisation__list">
            {entry.representatives.map((person) => (
              <li key={person.member_id}>
                <Link to={`/perfil/${person.member_id}`}>{person.nombre || t('post.unknown_author')}</Link>{' '}
                <span className="badge badge--inactive">{t('organisations.representative_badge')}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {entry.my_role && <MyRole entry={entry} role={entry.my_role} />}
      {entry.kind === 'proyectos' && entry.my_role?.state === 'confirmed' && (
        <ResearchReachSection projectId={entry.id} name={entry.nombre} />
      )}
      {entry.can_invite && <InviteForm entry={entry} />}
    </>
  );
}

/** The reader's own role: waiting for an administrator, or held, with a way to step down. */
function MyRole({
  entry,
  role,
}: {
  entry: DirectoryEntryDetail;
  role: NonNullable<DirectoryEntryDetail['my_role']>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState('');
  const end = useMutation({
    mutationFn: () => stepDown(role.id),
    onSuccess: async () => {
      setAsking(false);
      setMessage(t('organisations.stepped_down', { name: entry.nombre }));
      await queryClient.invalidateQueries({ queryKey: organisationKeys.all });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
    },
    onError: (error) => {
      setAsking(false);
      // No form fields here to show a field's message: a failure always says something.
      const fallback = t('organisations.action_error');
      setMessage(formFailureText(error, fallback) || fallback);
    },
  });
  return (
    <section aria-labelledby="organisation-role" className="organisation__section organisation__role">
      <h2 id="organisation-role">{t('organisations.role_title')}</h2>
      <p>
        {role.state === 'confirmed'
          ? t('organisations.role.confirmed', { name: entry.nombre })
          : t('organisations.role.waiting', { name: entry.nombre })}
      </p>
      {role.state === 'confirmed' && entry.kind === 'asociaciones' && <p>{t('organisations.role.hosts')}</p>}
      <Button variant="secondary" size="small" onClick={() => setAsking(true)}>
        {t('organisations.step_down')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('organisations.step_down_title', { name: entry.nombre })}
        body={t('organisations.step_down_text')}
        confirmLabel={t('organisations.step_down')}
        cancelLabel={t('organisations.cancel')}
        busy={end.isPending}
        onConfirm={() => end.mutate()}
        onCancel={() => setAsking(false)}
      />
      <p role="status" className="organisation__status">
        {message}
      </p>
    </section>
  );
}

/** Invite someone by e-mail; the answer is announced in the form's own live region. */
function InviteForm({ entry }: { entry: DirectoryEntryDetail }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState('');
  const invite = useMutation({
    mutationFn: (email: string) => inviteRepresentative(entry.kind, entry.id, email),
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(RepresentativeInviteSchema, {
    defaultValues: { email: '' },
    failure: invite.error,
    serverFields: SERVER_FIELDS,
    reValidateMode: 'onSubmit',
  });
  const failed = formFailureText(invite.error, t('organisations.action_error'));
  return (
    <section aria-labelledby="organisation-invite" className="organisation__section">
      <h2 id="organisation-invite">{t('organisations.invite_title')}</h2>
      <p>{t('organisations.invite_intro')}</p>
      <form
        className="form organisation__invite"
        noValidate
        onSubmit={(event) =>
          void handleSubmit(({ email }) => {
            setSent('');
            invite.mutate(email, {
              onSuccess: () => {
                setSent(t('organisations.invite_sent', { email }));
                reset({ email: '' });
              },
            });
          })(event)
        }
      >
        <TextField
          label={t('organisations.invite_email')}
          type="email"
          autoComplete="off"
          {...register('email')}
          error={errorText(t, errors.email)}
        />
        <Button type="submit" variant="primary" disabled={invite.isPending}>
          {t('organisations.invite_send')}
        </Button>
      </form>
      <p role="status" className="organisation__status">
        {sent || failed}
      </p>
    </section>
  );
}
