import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Me } from '../../lib/session';
import { readActing } from '../../lib/acting-session';
import { liveConnection } from '../../lib/live-connection';
import { chatKeys, fetchHistory, markReadOverHttp } from './chat-api';
import {
  markIncomingRead,
  mergeMessages,
  onCachedMessagesChange,
  readCachedMessages,
  recordOutgoing,
  replaceCachedMessages,
  type LocalMessage,
} from './chat-cache';

/**
 * One open conversation: the cached messages at once, then the server's history merged in (its
 * failure falls back to the cache with a warning, spec §8); live messages and receipts arrive
 * through the cache; the friend's messages are marked read while the conversation is open.
 */
export function useConversation(friendId: number, me: Me | undefined) {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<LocalMessage[]>(() => readCachedMessages(friendId));
  const [historyFailed, setHistoryFailed] = useState(false);
  const [older, setOlder] = useState<number | null>(null);
  // Counts the openings of the live connection: messages sent while it was away never arrive on
  // it, so each opening reads the history again.
  const [connections, setConnections] = useState(0);
  useEffect(
    () =>
      liveConnection.onStateChange((open) => {
        if (open) setConnections((count) => count + 1);
      }),
    [],
  );

  useEffect(() => {
    setMessages(readCachedMessages(friendId));
    return onCachedMessagesChange((changed) => {
      if (changed === friendId) setMessages(readCachedMessages(friendId));
    });
  }, [friendId]);

  useEffect(() => {
    let cancelled = false;
    setHistoryFailed(false);
    fetchHistory(friendId)
      .then((page) => {
        if (cancelled) return;
        // The server's copy wins; messages not stored yet (sent while offline) stay.
        const pending = readCachedMessages(friendId).filter((message) => message.id === null);
        replaceCachedMessages(friendId, mergeMessages(page.results, pending));
        setOlder(beforeOf(page.older));
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn('The conversation history could not be loaded; showing the copy kept here.', error);
        setHistoryFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [friendId, connections]);

  const hasUnreadFromFriend = messages.some((message) => message.sender_id === friendId && !message.read);
  useEffect(() => {
    if (!hasUnreadFromFriend || document.visibilityState === 'hidden') return;
    if (!liveConnection.send({ action: 'mark_read', sender_id: friendId }))
      markReadOverHttp(friendId).catch((error: unknown) => console.warn('Could not mark as read', error));
    markIncomingRead(friendId);
    void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
  }, [hasUnreadFromFriend, friendId, queryClient]);

  const loadOlder = useCallback(async () => {
    if (older === null) return;
    const page = await fetchHistory(friendId, older);
    replaceCachedMessages(friendId, mergeMessages(readCachedMessages(friendId), page.results));
    setOlder(beforeOf(page.older));
  }, [friendId, older]);

  /** Spec §4 "Chat": shown at once; with no open connection it stays here only (spec §8). */
  const send = useCallback(
    (text: string, symbols: readonly string[] = []) => {
      const message = text.trim();
      if (!message || !me) return false;
      const tempId = crypto.randomUUID();
      recordOutgoing(friendId, {
        id: null,
        temp_id: tempId,
        sender_id: me.id,
        sender: { nombre: me.profile.nombre, apellidos: me.profile.apellidos },
        sender_nombre: me.profile.nombre,
        sender_apellidos: me.profile.apellidos,
        receiver_id: friendId,
        message,
        symbols: [...symbols],
        timestamp: new Date().toISOString(),
        read: false,
        // Sent while a supporter helps the member: the server marks it so too (decision 0047).
        written_with_help: readActing() !== undefined,
      });
      liveConnection.send({
        receiver_id: friendId,
        message,
        temp_id: tempId,
        active_conversation_with: friendId,
        ...(symbols.length > 0 && { symbols: [...symbols] }),
      });
      return true;
    },
    [friendId, me],
  );

  return { messages, historyFailed, hasOlder: older !== null, loadOlder, send };
}

const beforeOf = (older: string | null) => {
  const value = older ? new URL(older, window.location.origin).searchParams.get('before') : null;
  return value ? Number(value) : null;
};
