import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportedMember } from '@juntos/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { QueryState } from '../../components/ui/query-state';
import { formFailureText } from '../../lib/forms';
import { PermissionList } from './permission-list';
import { acceptInvitation, leaveSupporting, startHelping, supporterKeys, supporting } from './supporters-api';

/**
 * "People I help": invitations to this account's address, to accept or decline, and the members
 * this account helps, each with "Help <name>" (acting for them in this tab) and "Stop helping".
 */
export function PeopleIHelp() {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useQuery({ queryKey: supporterKeys.supporting, queryFn: supporting });
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();
  return (
    <section aria-labelledby={headingId} className="supporters__section">
      <h2 id={headingId}>{t('supporters.helping.title')}</h2>
      <FormMessage text={message?.text} tone={message?.tone} />
      <QueryState query={query} errorText={t('supporters.load_error')}>
        {({ helping, invitations }) => (
          <>
            {invitations.length > 0 && (
              <>
                <h3>{t('supporters.helping.invitations_title')}</h3>
                <ul className="supporters__list">
                  {invitations.map((invitation) => (
                    <InvitationItem key={invitation.id} invitation={invitation} onMessage={setMessage} />
                  ))}
                </ul>
              </>
            )}
            {helping.length === 0 ? (
              <p>{t('supporters.helping.none')}</p>
            ) : (
              <ul className="supporters__list">
                {helping.map((grant) => (
                  <HelpingItem key={grant.id} grant={grant} onMessage={setMessage} />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

type OnMessage = (message: { text: string; tone: 'error' | 'success' }) => void;

function InvitationItem({ invitation, onMessage }: { invitation: SupportedMember; onMessage: OnMessage }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const name = invitation.member.nombre || t('supporters.someone');
  const refresh = () => queryClient.invalidateQueries({ queryKey: supporterKeys.supporting });
  const accept = useMutation({
    mutationFn: () => acceptInvitation(invitation.id),
    onSuccess: async () => {
      onMessage({ text: t('supporters.helping.accepted', { name }), tone: 'success' });
      await refresh();
    },
    onError: (error) =>
      onMessage({ text: formFailureText(error, t('supporters.helping.answer_error')), tone: 'error' }),
  });
  const decline = useMutation({
    mutationFn: () => leaveSupporting(invitation.id),
    onSuccess: async () => {
      onMessage({ text: t('supporters.helping.declined', { name }), tone: 'success' });
      await refresh();
    },
    onError: () => onMessage({ text: t('supporters.helping.answer_error'), tone: 'error' }),
  });
  return (
    <li className="supporters__item">
      <p className="supporters__name">{t('supporters.helping.asks', { name })}</p>
      <PermissionList permissions={invitation.permissions} />
      <div className="supporters__actions">
        <Button variant="primary" disabled={accept.isPending} onClick={() => accept.mutate()}>
          {t('supporters.helping.accept', { name })}
        </Button>
        <Button disabled={decline.isPending} onClick={() => decline.mutate()}>
          {t('supporters.helping.decline', { name })}
        </Button>
      </div>
    </li>
  );
}

function HelpingItem({ grant, onMessage }: { grant: SupportedMember; onMessage: OnMessage }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const name = grant.member.nombre || t('supporters.someone');
  const help = useMutation({
    mutationFn: () => startHelping(grant.id),
    onError: (error) =>
      onMessage({ text: formFailureText(error, t('supporters.helping.switch_error')), tone: 'error' }),
  });
  const stop = useMutation({
    mutationFn: () => leaveSupporting(grant.id),
    onSuccess: async () => {
      setConfirming(false);
      onMessage({ text: t('supporters.helping.stopped', { name }), tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: supporterKeys.supporting });
    },
    onError: () => onMessage({ text: t('supporters.helping.answer_error'), tone: 'error' }),
  });
  return (
    <li className="supporters__item">
      <p className="supporters__name">
        <strong>{name}</strong>
      </p>
      <PermissionList permissions={grant.permissions} />
      <div className="supporters__actions">
        <Button variant="primary" disabled={help.isPending} onClick={() => help.mutate()}>
          {t('supporters.helping.help', { name })}
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t('supporters.helping.stop', { name })}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('supporters.helping.stop_title', { name })}
        body={t('supporters.helping.stop_body', { name })}
        confirmLabel={t('supporters.helping.stop_confirm')}
        cancelLabel={t('supporters.cancel')}
        busy={stop.isPending}
        onConfirm={() => stop.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}
