import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRetentionPeriod } from '@juntos/domain';
import { ReportDialog } from '../../components/report-dialog';
import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { SymbolStrip } from '../symbol-board/symbol-strip';
import { chatKeys, fetchFormerHistory, markFormerRead } from './chat-api';
import { ConversationFrame } from './conversation-frame';
import { ReportMessageButton } from './report-message-button';
import '../../components/ui/form-message.css';
import './chat.css';
import { dateTimeFormat } from '../../lib/intl-formats';

/**
 * What a member who has since deleted their account sent (decision 0032): kept for the receiver
 * until the chat's retention period ends, from "a former member" with no name. Read-only: there
 * is nobody to answer, but a message can still be reported.
 */
export function FormerConversationPane({
  label,
  onBack,
  onePane,
}: {
  label: string;
  onBack: () => void;
  onePane: boolean;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [reporting, setReporting] = useState<number>();
  const time = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'short', timeStyle: 'short' });
  const history = useInfiniteQuery({
    queryKey: chatKeys.formerHistory(label),
    queryFn: ({ pageParam }) => fetchFormerHistory(label, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.older ? page.results[0]?.id : undefined),
  });
  const markRead = useMutation({
    mutationFn: () => markFormerRead(label),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.former }),
  });
  const { mutate } = markRead;
  useEffect(() => mutate(), [label, mutate]);
  const messages = [...(history.data?.pages ?? [])].reverse().flatMap((page) => page.results);

  return (
    <ConversationFrame title={t('chat.former.member')} onBack={onBack} onePane={onePane}>
      <p className="message message--info">
        {t('chat.former.notice', {
          period: formatRetentionPeriod('chatMessage', i18n.resolvedLanguage ?? 'en'),
        })}
      </p>
      {history.hasNextPage && (
        <Button size="small" onClick={() => void history.fetchNextPage()}>
          {t('chat.load_older')}
        </Button>
      )}
      <QueryState query={history} errorText={t('chat.former.load_error')}>
        {() => (
          <div className="conversation__log" role="log" aria-label={t('chat.former.log_label')} tabIndex={0}>
            <ol className="plain-list plain-list--stacked">
              {messages.map((message) => (
                <li key={message.id} className="chat-message chat-message--theirs">
                  <span className="visually-hidden">{t('chat.former.wrote')}</span>
                  <SymbolStrip ids={message.symbols} />
                  <p className="chat-message__text">{message.message}</p>
                  <span className="chat-message__meta">
                    <time dateTime={message.timestamp}>{time.format(new Date(message.timestamp))}</time>
                    <ReportMessageButton
                      description={t('chat.former.report_message', {
                        time: time.format(new Date(message.timestamp)),
                      })}
                      onReport={() => setReporting(message.id)}
                    />
                  </span>
                </li>
              ))}
            </ol>
          </div>
        )}
      </QueryState>
      {reporting !== undefined && (
        <ReportDialog
          targetType="chat_message"
          targetId={reporting}
          onClose={() => setReporting(undefined)}
        />
      )}
    </ConversationFrame>
  );
}
