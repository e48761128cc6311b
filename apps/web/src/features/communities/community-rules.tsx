import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CommunityRulesAcceptFormSchema,
  CommunityRulesInputSchema,
  type CommunityDetail,
  type CommunityRules,
} from '@juntos/domain';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { CheckboxField, TextAreaField } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { errorText, useSchemaForm } from '../../lib/forms';
import {
  acceptCommunityRules,
  applyMembership,
  communityKeys,
  joinCommunity,
  writeCommunityRules,
} from './communities-api';
import { useAnnounce } from './membership';
import '../../components/ui/badge.css';
import '../../components/ui/dialog.css';
import '../../components/ui/field.css';
import './communities.css';
import { dateTimeFormat } from '../../lib/intl-formats';

const serverMessage = (error: unknown) =>
  error instanceof ApiRequestError && error.body ? error.body.error : undefined;

/** "Hosted by <association>" (issue 35), linking to the association's directory entry. */
export function HostLine({ community }: { community: CommunityDetail }) {
  const { t } = useTranslation();
  if (!community.host) return null;
  return (
    <>
      <p className="community-host">
        {t('hosts.hosted_by')}{' '}
        <Link to={`/recursos/asociaciones/${community.host.id}`}>{community.host.nombre}</Link>
        {community.is_host && (
          <>
            {' '}
            <span className="badge badge--active">{t('hosts.you_host')}</span>
          </>
        )}
      </p>
      {community.host_representatives.length > 0 && (
        <p className="community-host">
          {t('hosts.its_representatives')}{' '}
          {community.host_representatives.map((person, index) => (
            <span key={person.member_id}>
              {index > 0 && ', '}
              <Link to={`/perfil/${person.member_id}`}>{person.nombre || t('post.unknown_author')}</Link>{' '}
              <span className="badge badge--inactive">{t('organisations.representative_badge')}</span>
            </span>
          ))}
        </p>
      )}
    </>
  );
}

function RulesText({ rules }: { rules: CommunityRules }) {
  const { t, i18n } = useTranslation();
  const date = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' });
  return (
    <>
      <div className="community-rules__text">{rules.text}</div>
      <p className="community-rules__date">
        {t('hosts.rules_updated', { date: date.format(new Date(rules.updated_at)) })}
      </p>
    </>
  );
}

/**
 * The community's rules in its host's words: shown to everyone, with a notice to a member when
 * they changed since they last accepted them (shown until they say they read them), and the
 * editor for its hosts and administrators.
 */
export function RulesSection({ community }: { community: CommunityDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState('');
  const { rules } = community;
  const read = useMutation({
    mutationFn: (version: number) => acceptCommunityRules(community.id, version),
    onSuccess: async () => {
      setMessage(t('hosts.rules_read_done'));
      await queryClient.invalidateQueries({ queryKey: communityKeys.all });
    },
    onError: (error) => setMessage(serverMessage(error) ?? t('hosts.rules_error')),
  });
  if (!rules && !community.may_write_rules) return null;
  return (
    <section aria-labelledby="community-rules-title" className="community-rules">
      <h2 id="community-rules-title">{t('hosts.rules_title')}</h2>
      {rules && community.rules_pending && (
        <div className="community-rules__changed">
          <p>
            <strong>{t('hosts.rules_changed')}</strong>
          </p>
          <p>{t('hosts.rules_changed_text')}</p>
        </div>
      )}
      {rules ? <RulesText rules={rules} /> : <p>{t('hosts.no_rules')}</p>}
      <div className="button-row">
        {rules && community.rules_pending && (
          <Button variant="primary" disabled={read.isPending} onClick={() => read.mutate(rules.version)}>
            {t('hosts.rules_read')}
          </Button>
        )}
        {community.may_write_rules && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t('hosts.rules_edit')}
          </Button>
        )}
      </div>
      <p role="status" className="community-status">
        {message}
      </p>
      {editing && (
        <RulesEditor
          community={community}
          onDone={(saved) => {
            setEditing(false);
            if (saved) setMessage(t('hosts.rules_saved'));
          }}
        />
      )}
    </section>
  );
}

const RULES_SERVER_FIELDS = { text: 'text' } as const;

function RulesEditor({
  community,
  onDone,
}: {
  community: CommunityDetail;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (text: string) => writeCommunityRules(community.id, text),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: communityKeys.all });
      onDone(true);
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(CommunityRulesInputSchema, {
    defaultValues: { text: community.rules?.text ?? '' },
    failure: save.error,
    serverFields: RULES_SERVER_FIELDS,
  });
  const failed = save.error && !errors.text ? (serverMessage(save.error) ?? t('hosts.rules_error')) : '';
  return (
    <Dialog open title={t('hosts.rules_edit_title', { name: community.name })} onClose={() => onDone(false)}>
      <form
        className="form"
        noValidate
        onSubmit={(event) => void handleSubmit(({ text }) => save.mutate(text))(event)}
      >
        <TextAreaField
          label={t('hosts.rules_field')}
          hint={t('hosts.rules_field_hint')}
          rows={10}
          {...register('text')}
          error={errorText(t, errors.text)}
        />
        {failed && (
          <p role="alert" className="field__error">
            {failed}
          </p>
        )}
        <div className="dialog__actions">
          <Button onClick={() => onDone(false)}>{t('hosts.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {t('hosts.rules_save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Joining a community with rules: the rules, a box "I have read and accept them", and Join. The
 * version shown is the one sent, so rules that changed meanwhile are refused and shown again.
 */
export function RulesJoinDialog({
  community,
  rules,
  onClose,
}: {
  community: CommunityDetail;
  rules: CommunityRules;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const join = useMutation({
    mutationFn: () => joinCommunity(community.id, rules.version),
    onSuccess: async (membership) => {
      announce(t('communities.joined_now', { name: community.name }));
      onClose();
      await applyMembership(queryClient, community.id, membership);
    },
    onError: async () => {
      await queryClient.invalidateQueries({ queryKey: communityKeys.all });
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(CommunityRulesAcceptFormSchema, {
    defaultValues: { accept: false as unknown as true },
  });
  const failed = join.error ? (serverMessage(join.error) ?? t('communities.membership_error')) : '';
  return (
    <Dialog
      open
      title={t('hosts.join_title', { name: community.name })}
      description={t('hosts.join_intro')}
      onClose={onClose}
    >
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(() => join.mutate())(event)}>
        {/* Focusable: a keyboard scrolls rules longer than the dialog. */}
        <div
          className="community-rules__text community-rules__text--dialog"
          tabIndex={0}
          role="region"
          aria-label={t('hosts.rules_title')}
        >
          {rules.text}
        </div>
        <CheckboxField
          label={t('hosts.join_accept')}
          {...register('accept')}
          error={errorText(t, errors.accept)}
        />
        {failed && (
          <p role="alert" className="field__error">
            {failed}
          </p>
        )}
        <div className="dialog__actions">
          <Button onClick={onClose}>{t('hosts.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={join.isPending}>
            {t('communities.join')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
