import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS, type Notification, type NotificationSettings } from '@juntos/domain';
import { apiRequest } from '../../lib/api-client';
import { hasAccessMarker } from '../../lib/storage-keys';

export type { Notification, NotificationSettings };
type Page = { results: Notification[]; next_before: number | null };
export type SettingsAnswer = { settings: NotificationSettings; email: string; minor: boolean };

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
      apiRequest<Page>(`/notificaciones/${pageParam === null ? '' : `?before=${pageParam}`}`),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.settings,
    queryFn: () => apiRequest<SettingsAnswer>('/notificaciones/ajustes/'),
  });

export const markNotificationRead = (id: number) =>
  apiRequest<null>(`/notificaciones/${id}/leida/`, { method: 'POST' });
export const markAllNotificationsRead = () => apiRequest<null>('/notificaciones/leidas/', { method: 'POST' });
export const saveNotificationSettings = (settings: NotificationSettings) =>
  apiRequest<SettingsAnswer>('/notificaciones/ajustes/', { method: 'PUT', body: JSON.stringify(settings) });
export const unsubscribeFromEmails = (token: string) =>
  apiRequest<{ detail: string }>(`/notificaciones/baja/${encodeURIComponent(token)}/`, { method: 'POST' });

/**
 * The bell's count: kept current by the live connection (a `notifications_changed` frame
 * refetches it) and, as a fallback when the connection is down, every few minutes.
 */
export function useUnreadNotifications() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: async () => (await apiRequest<{ unread: number }>('/notificaciones/sin-leer/')).unread,
    enabled: hasAccessMarker(),
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}
