import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  NOTIFICATION_POLL_MS,
  type BlockedMember,
  type Friend,
  type FriendRequest,
  type FriendshipChange,
  type PendingRequests,
} from '@juntos/domain';
import { ApiRequestError, apiRequest } from '../../lib/api-client';
import { hasAccessMarker } from '../../lib/storage-keys';

/** The answers' types come from the route schemas (`@juntos/domain`); re-exported for the pages. */
export type { BlockedMember, Friend, FriendRequest };

export const friendKeys = {
  all: ['friends'] as const,
  list: ['friends', 'list'] as const,
  requests: ['friends', 'requests'] as const,
  pending: ['friends', 'pending'] as const,
  blocked: ['friends', 'blocked'] as const,
};

export const sendRequest = (memberId: number) =>
  apiRequest<FriendshipChange>(`/solicitudes/enviar/${memberId}/`, { method: 'POST' });
export const cancelRequest = (memberId: number) =>
  apiRequest<FriendshipChange>(`/solicitudes/cancelar/${memberId}/`, {
    method: 'DELETE',
  });
export const unfollow = (memberId: number) => apiRequest(`/amigos/${memberId}/`, { method: 'DELETE' });
export const fetchRequests = () => apiRequest<FriendRequest[]>('/solicitudes/');
export const answerRequest = (requestId: number, accept: boolean) =>
  accept
    ? apiRequest(`/solicitudes/${requestId}/aceptar/`, { method: 'POST' })
    : apiRequest(`/solicitudes/${requestId}/rechazar/`, { method: 'DELETE' });
export const fetchFriends = () => apiRequest<Friend[]>('/amigos/');
export const fetchBlocked = () => apiRequest<BlockedMember[]>('/bloqueos/');
export const friendListQuery = () => queryOptions({ queryKey: friendKeys.list, queryFn: fetchFriends });
export const blockedMembersQuery = () =>
  queryOptions({ queryKey: friendKeys.blocked, queryFn: fetchBlocked });
export const friendRequestsQuery = () =>
  queryOptions({ queryKey: friendKeys.requests, queryFn: fetchRequests });
export const blockMember = (memberId: number) => apiRequest(`/bloqueos/${memberId}/`, { method: 'POST' });
export const unblockMember = (memberId: number) => apiRequest(`/bloqueos/${memberId}/`, { method: 'DELETE' });
/**
 * The number of friend requests waiting for an answer (the navigation badge), read every 15
 * minutes (spec §9) and after every answer; a 401 or 404 is ignored silently (spec §8).
 */
export function usePendingRequests() {
  return useQuery({
    queryKey: friendKeys.pending,
    queryFn: async () => {
      try {
        return (await apiRequest<PendingRequests>('/notificaciones/amistad/')).pendientes;
      } catch (error) {
        if (error instanceof ApiRequestError && (error.status === 401 || error.status === 404)) return 0;
        console.error('Friend notifications could not be read', error);
        throw error;
      }
    },
    enabled: hasAccessMarker(),
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}
