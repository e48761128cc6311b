import { WrittenWithHelp } from '../../components/written-with-help';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX_LENGTH, type ReportTargetType } from '@juntos/domain';
import { ReportDialog } from '../../components/report-dialog';
import { useOnlineStatus } from '../../lib/use-online-status';
import type { Me } from '../../lib/session';
import type { Friend } from '../friends/friends-api';
import type { LocalMessage } from './chat-cache';
import { ConversationFrame } from './conversation-frame';
import { ReportMessageButton } from './report-message-button';
import { useConversation } from './use-conversation';
import { useFollowLatest } from './use-follow-latest';
import { Button } from '../../components/ui/button';
import { ReadAloudButton, readAloudUnit } from '../read-aloud/read-aloud-button';
import { SymbolBoard, SymbolBoardToggle } from '../symbol-board/symbol-board';
import { SymbolStrip } from '../symbol-board/symbol-strip';
import { useSymbolWriting } from '../symbol-board/use-symbol-writing';
import '../../components/ui/field.css';
import '../../components/ui/form-message.css';
import './chat.css';
import { TranslatableText } from '../../components/translatable-text';
import { dateTimeFormat } from '../../lib/intl-formats';

/**
 * The open conversation: a log region (announced by screen readers as messages arrive), the
 * state of each own message in words (sending, sent, read with a tick, not sent), and a composer
 * where Enter sends and Shift+Enter starts a new line. A received message, or the whole
 * conversation, can be reported to the moderators.
 */
export function ConversationPane({
  friend,
  name,
  me,
  onBack,
  onePane,
}: {
  friend: Friend;
  name: string;
  me: Me | undefined;
  onBack: () => void;
  onePane: boolean;
}) {
  const { t, i18n } = useTranslation();
  const conversation = useConversation(friend.id, me);
  const [draft, setDraft] = useState('');
  const [reporting, setReporting] = useState<{ type: ReportTargetType; id: number }>();
  const logRef = useRef<HTMLDivElement>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const writing = useSymbolWriting({ textRef: composerRef, setText: setDraft });
  const boardId = useId();
  const composerId = useId();
  const online = useOnlineStatus();
  const time = dateTimeFormat(i18n.resolvedLanguage, { hour: '2-digit', minute: '2-digit' });

  const lastKey = conversation.messages.at(-1)?.temp_id ?? conversation.messages.at(-1)?.id;
  const messagesRef = useFollowLatest(logRef, lastKey);

  const submit = () => {
    // Offline, a message would only wait in this browser: the draft stays, and the reason shows.
    if (!online) return;
    if (conversation.send(draft, writing.symbols)) {
      setDraft('');
      writing.reset();
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const stateOf = (message: LocalMessage) => {
    if (message.failed) return { className: 'chat-message__state--failed', text: t('chat.state.failed') };
    if (message.id === null) return { className: '', text: t('chat.state.sending') };
    if (message.read) return { className: 'chat-message__state--read', text: t('chat.state.read') };
    return { className: '', text: t('chat.state.sent') };
  };

  return (
    <ConversationFrame
      title={
        <>
          {name}{' '}
          <span className={`presence presence--${friend.online ? 'online' : 'offline'}`}>
            {friend.online ? t('chat.online') : t('chat.offline')}
          </span>
        </>
      }
      actions={
        <Button
          size="small"
          className="conversation__report"
          onClick={() => setReporting({ type: 'chat_conversation', id: friend.id })}
        >
          {t('chat.report_conversation')}
        </Button>
      }
      onBack={onBack}
      onePane={onePane}
    >
      {conversation.historyFailed && (
        <p role="status" className="message message--warning">
          {t('chat.history_error')}
        </p>
      )}
      {conversation.hasOlder && (
        <Button size="small" onClick={() => void conversation.loadOlder()}>
          {t('chat.load_older')}
        </Button>
      )}
      <div
        ref={logRef}
        className="conversation__log"
        role="log"
        aria-live="polite"
        aria-label={t('chat.log_label', { name })}
        tabIndex={0}
      >
        {conversation.messages.length === 0 ? (
          <p ref={messagesRef} className="conversation__empty">
            {t('chat.empty')}
          </p>
        ) : (
          <ol ref={messagesRef} className="plain-list plain-list--stacked">
            {conversation.messages.map((message) => {
              const own = message.sender_id !== friend.id;
              const state = own ? stateOf(message) : undefined;
              // Only what the friend wrote can be reported (the server accepts it from the receiver).
              const received = own ? null : message.id;
              return (
                <li
                  key={message.temp_id ?? `id-${message.id}`}
                  className={`chat-message chat-message--${own ? 'own' : 'theirs'}`}
                  {...readAloudUnit}
                >
                  <span className="visually-hidden">
                    {own ? t('chat.you_wrote') : t('chat.they_wrote', { name })}
                  </span>
                  {/* Issue 21: the symbols it was written with, above the words (none in older caches). */}
                  <SymbolStrip ids={message.symbols ?? []} />
                  <TranslatableText className="chat-message__text" text={message.message} own={own} />
                  {/* Read aloud says the words only: the time and "Sent" are read by the eye. */}
                  <span className="chat-message__meta" data-read-aloud-skip="">
                    <time dateTime={message.timestamp}>{time.format(new Date(message.timestamp))}</time>
                    <WrittenWithHelp shown={own && message.written_with_help} />
                    {state && (
                      <span className={`chat-message__state ${state.className}`}>
                        {message.read && !message.failed && (
                          <span className="chat-message__tick" aria-hidden="true">
                            ✓
                          </span>
                        )}
                        {state.text}
                      </span>
                    )}
                    <ReadAloudButton
                      what={
                        own
                          ? t('read_aloud.what_own_message', {
                              time: time.format(new Date(message.timestamp)),
                            })
                          : t('read_aloud.what_message', {
                              name,
                              time: time.format(new Date(message.timestamp)),
                            })
                      }
                    />
                    {received !== null && (
                      <ReportMessageButton
                        description={t('chat.report_message', {
                          name,
                          time: time.format(new Date(message.timestamp)),
                        })}
                        onReport={() => setReporting({ type: 'chat_message', id: received })}
                      />
                    )}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <form
        className="composer"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={composerId} className="composer__label">
          {t('chat.composer_label', { name })}
        </label>
        <p id={`${composerId}-hint`} className="field__hint">
          {t('chat.composer_hint')}
        </p>
        <div className="composer__row">
          <textarea
            ref={composerRef}
            id={composerId}
            className="field__control composer__input"
            rows={2}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            value={draft}
            aria-describedby={online ? `${composerId}-hint` : `${composerId}-hint ${composerId}-offline`}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button
            type="submit"
            variant="primary"
            pictogram="send"
            disabled={!draft.trim()}
            // Offline: not `disabled`, which would drop the focus of whoever is on it; it says why.
            aria-disabled={!online || undefined}
            aria-describedby={online ? undefined : `${composerId}-offline`}
          >
            {t('chat.send')}
          </Button>
          <SymbolBoardToggle writing={writing} boardId={boardId} />
        </div>
        {!online && (
          <p id={`${composerId}-offline`} className="message message--warning">
            {t('chat.offline_send')}
          </p>
        )}
        {writing.open && <SymbolBoard writing={writing} id={boardId} />}
      </form>
      {reporting && (
        <ReportDialog
          targetType={reporting.type}
          targetId={reporting.id}
          onClose={() => setReporting(undefined)}
        />
      )}
    </ConversationFrame>
  );
}
