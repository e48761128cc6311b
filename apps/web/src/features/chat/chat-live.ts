import toast from 'react-hot-toast';
import { CHAT_BLOCKED_CODE, isFriendNotification } from '@juntos/domain';
import { setOnlineIn, type LiveFrameHandlers } from '../../lib/live-frames';
import { chatKeys, getOpenConversation, isChatScreenShown } from './chat-api';
import { recordFailed, recordIncoming, recordReadReceipt } from './chat-cache';

/**
 * The chat's live updates (spec §4, §7): messages and receipts go to the per-friend cache (an open
 * conversation reads it), the unread counts are read again, presence updates the chat's friend
 * list in place, and a refused message is marked as not sent with a toast saying why.
 */
export const chatLiveFrames: LiveFrameHandlers = {
  chat_message(frame, { queryClient, memberId }) {
    if (memberId === null) return;
    recordIncoming(frame, memberId);
    if (frame.sender_id !== getOpenConversation())
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
  },
  read_receipt(frame) {
    recordReadReceipt(frame.reader_id);
  },
  status_update(frame, { queryClient }) {
    setOnlineIn(queryClient, chatKeys.friends, frame.user_id, frame.online);
  },
  error(frame, { memberId, t }) {
    if (frame.temp_id && memberId !== null) recordFailed(frame.temp_id);
    if (frame.code === CHAT_BLOCKED_CODE || frame.error.includes(CHAT_BLOCKED_CODE))
      toast.error(t('chat.blocked'));
    else toast.error(frame.error);
  },
  notification({ data }, { queryClient, t }) {
    if (isFriendNotification(data.type)) {
      void queryClient.invalidateQueries({ queryKey: chatKeys.friends });
    } else if (data.type === 'new_message') {
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
      if (!isChatScreenShown())
        toast(t('chat.new_message_from', { name: data.from }), { id: `chat-${data.sender_id}` });
    } else if (data.type === 'user_logged_out') {
      setOnlineIn(queryClient, chatKeys.friends, data.sender_id, false);
    }
  },
  // Counts and presence are read again; an open conversation reloads its history itself
  // (use-conversation.ts), since its messages live in the browser's cache, not in a query.
  connected({ queryClient }) {
    void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
    void queryClient.invalidateQueries({ queryKey: chatKeys.friends });
  },
};
