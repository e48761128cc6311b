import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Invitation } from '@juntos/domain';
import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { ApiRequestError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { acceptInvitation, invitationQuery, organisationKeys } from './organisations-api';
import './organisations.css';

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/**
 * /representantes/invitacion/:token (issue 35): the link of the invitation e-mail. Signed in
 * (the router sends a visitor to sign in first and back here), the member sees which
 * organisation invites them and accepts; an administrator then confirms.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('organisations.invitation.title'));
  const token = useParams().token ?? '';
  const query = useQuery(invitationQuery(token));
  return (
    <section className="page page--narrow organisation">
      <h1>{t('organisations.invitation.title')}</h1>
      {isNotFound(query.error) ? (
        <p>{t('organisations.invitation.not_found')}</p>
      ) : (
        <QueryState query={query} errorText={t('organisations.load_error')}>
          {(invitation) => <InvitationView token={token} invitation={invitation} />}
        </QueryState>
      )}
    </section>
  );
}

function InvitationView({ token, invitation }: { token: string; invitation: Invitation }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all }),
  });
  const entryLink = (
    <Link to={`/recursos/${invitation.entry_kind}/${invitation.entry_id}`}>{invitation.entry_name}</Link>
  );
  const refusal =
    accept.error instanceof ApiRequestError && accept.error.body
      ? accept.error.body.error
      : accept.error
        ? t('organisations.action_error')
        : '';
  return (
    <>
      <p>
        {t('organisations.invitation.intro')} {entryLink}
      </p>
      <p>{t('organisations.invitation.explain')}</p>
      {accept.isSuccess || invitation.state === 'accepted' ? null : invitation.state !== 'invited' ? (
        <p>{t('organisations.invitation.answered')}</p>
      ) : !invitation.for_you ? (
        <p>{t('organisations.invitation.other_address')}</p>
      ) : (
        <Button variant="primary" disabled={accept.isPending} onClick={() => accept.mutate()}>
          {t('organisations.invitation.accept')}
        </Button>
      )}
      <p role="status" className="organisation__status">
        {accept.isSuccess || invitation.state === 'accepted'
          ? t('organisations.invitation.accepted')
          : refusal}
      </p>
    </>
  );
}
