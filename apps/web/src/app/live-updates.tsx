import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { CHAT_BLOCKED_CODE, NOTIFICATION_TYPES, type ServerFrame } from '@juntos/domain';
import { chatKeys, getOpenConversation } from '../features/chat/chat-api';
import { recordFailed, recordIncoming, recordReadReceipt, setCacheOwner } from '../features/chat/chat-cache';
import { friendKeys, type Friend } from '../features/friends/friends-api';
import { noticeKeys } from '../features/notices/notices-api';
import { notificationKeys } from '../features/notifications/notifications-api';
import { publicProfileKey } from '../features/public-profile/public-profile-api';
import { liveConnection } from '../lib/live-connection';
import { useMeQuery } from '../lib/session';

const FRIEND_EVENTS = new Set<string>([
  'new_friend_request',
  'friend_request_accepted',
  'friend_request_rejected',
  'friendship_cancelled',
]);

function setOnline(queryClient: QueryClient, userId: number, online: boolean) {
  for (const key of [chatKeys.friends, friendKeys.list])
    queryClient.setQueryData<Friend[]>(key, (friends) =>
      friends?.map((friend) => (friend.id === userId ? { ...friend, online } : friend)),
    );
}

/**
 * Keeps the signed-in member's screens live (spec §4, §7): opens the connection while mounted,
 * and turns what arrives into fresh data: friend events reload the requests, the badge and the
 * friend lists; messages and receipts update the per-friend cache and the unread counts; presence
 * updates the friend lists in place. Unknown notification types are ignored (spec §8).
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const memberId = useMeQuery().data?.id ?? null;
  useEffect(() => setCacheOwner(memberId), [memberId]);

  useEffect(() => {
    liveConnection.connect();
    const stop = liveConnection.subscribe((frame: ServerFrame) => {
      switch (frame.type) {
        case 'chat_message': {
          recordIncoming(frame);
          if (frame.sender_id !== getOpenConversation())
            void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
          return;
        }
        case 'read_receipt':
          recordReadReceipt(frame.reader_id);
          return;
        case 'status_update':
          setOnline(queryClient, frame.user_id, frame.online);
          return;
        case 'error':
          if (frame.temp_id) recordFailed(frame.temp_id);
          if (frame.code === CHAT_BLOCKED_CODE || frame.error.includes(CHAT_BLOCKED_CODE))
            toast.error(t('chat.blocked'));
          else toast.error(frame.error);
          return;
        case 'notification': {
          const type = frame.data.type;
          if (!(NOTIFICATION_TYPES as readonly string[]).includes(type)) return;
          if (FRIEND_EVENTS.has(type)) {
            void queryClient.invalidateQueries({ queryKey: friendKeys.all });
            void queryClient.invalidateQueries({ queryKey: chatKeys.friends });
            void queryClient.invalidateQueries({ queryKey: publicProfileKey(frame.data.sender_id) });
          } else if (type === 'new_message') {
            void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
            if (window.location.pathname !== '/chat')
              toast(t('chat.new_message_from', { name: frame.data.from }), {
                id: `chat-${frame.data.sender_id}`,
              });
          } else if (type === 'user_logged_out') {
            setOnline(queryClient, frame.data.sender_id, false);
          }
          return;
        }
        // Something was added to the notification centre or read elsewhere: the bell and the list,
        // and the notices panel (a moderators' notice comes with a notification).
        case 'notifications_changed':
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
          void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
          return;
        // The live connection renews its own session; nothing on screen changes.
        case 'session_renewed':
          return;
        default:
          return;
      }
    });
    return () => {
      stop();
      liveConnection.disconnect();
    };
  }, [queryClient, t]);

  return null;
}
