import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { CHAT_FRIENDS_REFRESH_MS, NOTIFICATION_POLL_MS, chatRoutes } from '@juntos/domain';
import { ApiRequestError, apiCall } from '../../lib/api-client';
import { hasAccessMarker } from '../../lib/storage-keys';

export const chatKeys = {
  all: ['chat'] as const,
  friends: ['chat', 'friends'] as const,
  unread: ['chat', 'unread'] as const,
  settings: ['chat', 'settings'] as const,
  history: (friendId: number) => ['chat', 'history', friendId] as const,
  former: ['chat', 'former'] as const,
  formerHistory: (label: string) => ['chat', 'former', label] as const,
};

export const fetchChatFriends = () => apiCall(chatRoutes.friends);
export const fetchHistory = (friendId: number, before?: number) =>
  apiCall(chatRoutes.history, { params: { friendId }, query: { before } });
export const markReadOverHttp = (friendId: number) =>
  apiCall(chatRoutes.markRead, { params: { id: friendId } });
/** Conversations with members who have since deleted their account (decision 0032): read-only. */
export const fetchFormerConversations = () => apiCall(chatRoutes.formerConversations);
export const fetchFormerHistory = (label: string, before?: number) =>
  apiCall(chatRoutes.formerHistory, { params: { label }, query: { before } });
export const markFormerRead = (label: string) => apiCall(chatRoutes.markFormerRead, { params: { label } });
export const deleteServerMessages = () => apiCall(chatRoutes.deleteMessages);
export const fetchChatSettings = () => apiCall(chatRoutes.settings);
export const chatSettingsQuery = () =>
  queryOptions({ queryKey: chatKeys.settings, queryFn: fetchChatSettings });
export const saveChatSettings = (readReceipts: boolean) =>
  apiCall(chatRoutes.saveSettings, { body: { read_receipts: readReceipts } });

/**
 * The friend whose conversation is open on this page, if any. Its unread entry is left out of the
 * counts (spec §7), and its incoming messages are read at once.
 */
let openConversation: number | null = null;
const openConversationListeners = new Set<() => void>();
export function setOpenConversation(friendId: number | null) {
  openConversation = friendId;
  openConversationListeners.forEach((listener) => listener());
}
export const getOpenConversation = () => openConversation;
export function useOpenConversation() {
  return useSyncExternalStore(
    (listener) => {
      openConversationListeners.add(listener);
      return () => openConversationListeners.delete(listener);
    },
    () => openConversation,
  );
}

/** Whether the chat screen is shown: a new message then needs no toast (it is in the list). */
let chatScreenShown = false;
/** Called by the chat screen: marks it shown while it is mounted. */
export function useChatScreenShown() {
  useEffect(() => {
    chatScreenShown = true;
    return () => {
      chatScreenShown = false;
    };
  }, []);
}
export const isChatScreenShown = () => chatScreenShown;

/**
 * Unread messages per friend (spec §7 GET /chat/no-leidos/): read every 15 minutes and again on
 * every live event; 401 and 404 are ignored silently (spec §8).
 */
export function useUnreadMessages() {
  const open = useOpenConversation();
  const query = useQuery({
    queryKey: chatKeys.unread,
    queryFn: async () => {
      try {
        return await apiCall(chatRoutes.unread);
      } catch (error) {
        if (error instanceof ApiRequestError && (error.status === 401 || error.status === 404)) return [];
        console.error('Unread chat messages could not be read', error);
        throw error;
      }
    },
    enabled: hasAccessMarker(),
    refetchInterval: NOTIFICATION_POLL_MS,
  });
  const entries = (query.data ?? []).filter((entry) => entry.sender_id !== open);
  return { entries, total: entries.reduce((sum, entry) => sum + entry.count, 0) };
}

/** The chat's friend list, with presence, read again every 30 s (spec §9). */
export function useChatFriends() {
  return useQuery({
    queryKey: chatKeys.friends,
    queryFn: fetchChatFriends,
    refetchInterval: CHAT_FRIENDS_REFRESH_MS,
  });
}
