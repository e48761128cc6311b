import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useFrameLayout } from '../../app/layouts/use-frame-layout';
import { QueryState } from '../../components/ui/query-state';
import { Switch } from '../../components/ui/switch';
import { useMeQuery } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { Friend } from '../friends/friends-api';
import { filterFriends } from './friend-search';
import { TextField } from '../../components/ui/field';
import {
  chatKeys,
  chatSettingsQuery,
  fetchFormerConversations,
  saveChatSettings,
  setOpenConversation,
  useChatFriends,
  useChatScreenShown,
  useUnreadMessages,
} from './chat-api';
import { ChatIntroDialog } from './chat-intro-dialog';
import { ConversationPane } from './conversation-pane';
import { FormerConversationPane } from './former-conversation-pane';
import '../../components/ui/avatar.css';
import '../../components/ui/badge.css';
import './chat.css';
import { dateTimeFormat } from '../../lib/intl-formats';

/** Names a conversation's button in the lists, for the focus to return to it (one pane). */
const conversationKey = {
  friend: (id: number) => `amigo-${id}`,
  former: (label: string) => `exmiembro-${label}`,
};

const fullName = (friend: Pick<Friend, 'nombre' | 'apellidos'>) =>
  [friend.nombre, friend.apellidos].filter(Boolean).join(' ');

/**
 * /chat (spec §2 "Chat"): friends on the left, online first and then by unread count, read again
 * every 30 s; the conversation on the right. Under 768 px one pane at a time: the list, or the
 * conversation with a way back. The open friend is in the address (?amigo=ID), so the browser's
 * back button returns to the list.
 */
export default function ChatPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.chat'));
  useChatScreenShown();
  const [params, setParams] = useSearchParams();
  const me = useMeQuery();
  const friends = useChatFriends();
  const unread = useUnreadMessages();
  const activeId = Number(params.get('amigo')) || null;
  // A conversation with a member who deleted their account: read-only, by its label (decision 0032).
  const formerLabel = activeId === null ? params.get('exmiembro') : null;
  const [search, setSearch] = useState('');

  useEffect(() => {
    setOpenConversation(activeId);
    return () => setOpenConversation(null);
  }, [activeId]);

  // One pane at a time (a phone): the conversation replaced the list, so going back gives the
  // focus to the button that had opened it instead of leaving it on a button that disappeared.
  const onePane = useFrameLayout() !== 'wide';
  const openKey =
    activeId !== null
      ? conversationKey.friend(activeId)
      : formerLabel
        ? conversationKey.former(formerLabel)
        : null;
  const lastOpenKey = useRef<string | null>(null);
  useEffect(() => {
    const previous = lastOpenKey.current;
    lastOpenKey.current = openKey;
    if (openKey || !previous || !onePane) return;
    document.querySelector<HTMLElement>(`[data-conversation="${CSS.escape(previous)}"]`)?.focus();
  }, [openKey, onePane]);

  const unreadOf = useMemo(
    () => new Map(unread.entries.map((entry) => [entry.sender_id, entry.count])),
    [unread.entries],
  );
  const sorted = useMemo(
    () =>
      [...(friends.data ?? [])].sort(
        (a, b) =>
          Number(b.online) - Number(a.online) ||
          (unreadOf.get(b.id) ?? 0) - (unreadOf.get(a.id) ?? 0) ||
          fullName(a).localeCompare(fullName(b)),
      ),
    [friends.data, unreadOf],
  );
  const shown = useMemo(() => filterFriends(sorted, search), [sorted, search]);
  // A friend who leaves the list (unfollow, block) keeps their open conversation: what was said
  // stays readable, and a new message is refused with the server's explanation.
  const listed = sorted.find((friend) => friend.id === activeId);
  const [remembered, setRemembered] = useState<Friend>();
  useEffect(() => {
    if (listed) setRemembered(listed);
  }, [listed]);
  const active = listed ?? (remembered?.id === activeId ? { ...remembered, online: false } : undefined);

  return (
    <section className={`page chat${active || formerLabel ? ' chat--has-active' : ''}`}>
      <h1 className="chat__title">{t('chat.title')}</h1>
      <div className="chat__layout">
        <div className="chat__friends">
          <h2 id="chat-friends-title" className="chat__heading">
            {t('chat.friends_title')}
          </h2>
          <QueryState query={friends} errorText={t('friends.load_error')}>
            {() =>
              sorted.length === 0 ? (
                <p>
                  {t('chat.no_friends')} <Link to="/buscar">{t('chat.find_friends')}</Link>
                </p>
              ) : (
                <>
                  <div className="chat-friends__search">
                    <TextField
                      label={t('chat.search_label')}
                      type="search"
                      value={search}
                      maxLength={100}
                      autoComplete="off"
                      onChange={(event) => setSearch(event.target.value)}
                    />
                    <p role="status" className={search.trim() ? 'chat-friends__count' : 'visually-hidden'}>
                      {search.trim() ? t('chat.search_results', { count: shown.length }) : ''}
                    </p>
                  </div>
                  <ul className="chat-friends" aria-labelledby="chat-friends-title">
                    {shown.map((friend) => {
                      const count = unreadOf.get(friend.id) ?? 0;
                      return (
                        <li key={friend.id}>
                          <button
                            type="button"
                            className="chat-friend"
                            data-conversation={conversationKey.friend(friend.id)}
                            aria-current={friend.id === activeId ? 'true' : undefined}
                            onClick={() => setParams({ amigo: String(friend.id) })}
                          >
                            {friend.photo ? (
                              <img className="avatar avatar--small" src={friend.photo} alt="" />
                            ) : (
                              <span className="avatar avatar--small avatar--default" aria-hidden="true" />
                            )}
                            <span className="chat-friend__text">
                              <span className="chat-friend__name">{fullName(friend)}</span>
                              <span className={`presence presence--${friend.online ? 'online' : 'offline'}`}>
                                {friend.online ? t('chat.online') : t('chat.offline')}
                              </span>
                            </span>
                            {count > 0 && (
                              <span className="badge badge--count">
                                <span aria-hidden="true">{count}</span>
                                <span className="visually-hidden">{t('chat.unread', { count })}</span>
                              </span>
                            )}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </>
              )
            }
          </QueryState>
          <FormerConversations
            activeLabel={formerLabel}
            onOpen={(label) => setParams({ exmiembro: label })}
          />
          <ReadReceiptsSetting />
        </div>
        <div className="chat__conversation">
          {formerLabel ? (
            <FormerConversationPane
              key={formerLabel}
              label={formerLabel}
              onePane={onePane}
              onBack={() => setParams({})}
            />
          ) : active ? (
            <ConversationPane
              key={active.id}
              friend={active}
              name={fullName(active)}
              me={me.data}
              onePane={onePane}
              onBack={() => setParams({})}
            />
          ) : (
            <p className="chat__placeholder">{t('chat.choose_friend')}</p>
          )}
        </div>
      </div>
      <ChatIntroDialog />
    </section>
  );
}

/**
 * Conversations with members who have since deleted their account: what they sent stays readable
 * until the chat's retention period ends, from "a former member" (no name), most recent first.
 * Nothing is shown when there are none.
 */
function FormerConversations({
  activeLabel,
  onOpen,
}: {
  activeLabel: string | null;
  onOpen: (label: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const former = useQuery({ queryKey: chatKeys.former, queryFn: fetchFormerConversations });
  const date = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' });
  if (!former.data?.length) return null;
  return (
    <>
      <h2 id="chat-former-title" className="chat__heading">
        {t('chat.former.title')}
      </h2>
      <ul className="chat-friends" aria-labelledby="chat-former-title">
        {former.data.map((conversation) => (
          <li key={conversation.label}>
            <button
              type="button"
              className="chat-friend"
              data-conversation={conversationKey.former(conversation.label)}
              aria-current={conversation.label === activeLabel ? 'true' : undefined}
              onClick={() => onOpen(conversation.label)}
            >
              <span className="avatar avatar--small avatar--default" aria-hidden="true" />
              <span className="chat-friend__text">
                <span className="chat-friend__name">{t('chat.former.member')}</span>
                <span className="presence presence--offline">
                  {t('chat.former.last', { date: date.format(new Date(conversation.last_timestamp)) })}
                </span>
              </span>
              {conversation.unread > 0 && (
                <span className="badge badge--count">
                  <span aria-hidden="true">{conversation.unread}</span>
                  <span className="visually-hidden">{t('chat.unread', { count: conversation.unread })}</span>
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Whether the friends this member reads get a receipt (the tick); reads still clear the counts. */
function ReadReceiptsSetting() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(chatSettingsQuery());
  const save = useMutation({
    mutationFn: saveChatSettings,
    onSuccess: (saved) => queryClient.setQueryData(chatKeys.settings, saved),
  });
  if (!settings.data) return null;
  return (
    <div className="chat__settings">
      <Switch
        label={t('chat.read_receipts')}
        description={t('chat.read_receipts_hint')}
        checked={
          save.isPending ? (save.variables ?? settings.data.read_receipts) : settings.data.read_receipts
        }
        onChange={(checked) => save.mutate(checked)}
      />
    </div>
  );
}
