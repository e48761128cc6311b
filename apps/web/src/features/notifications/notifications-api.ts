import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import {
  NOTIFICATION_POLL_MS,
  notificationRoutes,
  type Notification,
  type NotificationSettings,
  type RouteAnswer,
} from '@juntos/domain';
import { apiCall } from '../../lib/api-client';
import { hasAccessMarker } from '../../lib/storage-keys';

export type { Notification, NotificationSettings };
export type SettingsAnswer = RouteAnswer<typeof notificationRoutes.settings>;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
  settings: ['notifications', 'settings'] as const,
};

export const notificationPagesQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) =>
      apiCall(notificationRoutes.page, { query: { before: pageParam ?? undefined } }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.settings,
    queryFn: () => apiCall(notificationRoutes.settings),
  });

export const markNotificationRead = (id: number) => apiCall(notificationRoutes.markRead, { params: { id } });
export const markAllNotificationsRead = () => apiCall(notificationRoutes.markAllRead);
export const saveNotificationSettings = (settings: NotificationSettings) =>
  apiCall(notificationRoutes.saveSettings, { body: settings });
export const unsubscribeFromEmails = (token: string) =>
  apiCall(notificationRoutes.unsubscribe, { params: { token } });

/**
 * The bell's count: kept current by the live connection (a `notifications_changed` frame
 * refetches it) and, as a fallback when the connection is down, every few minutes.
 */
export function useUnreadNotifications() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: async () => (await apiCall(notificationRoutes.unread)).unread,
    enabled: hasAccessMarker(),
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}
