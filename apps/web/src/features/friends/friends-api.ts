import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  NOTIFICATION_POLL_MS,
  friendshipRoutes,
  type BlockedMember,
  type Friend,
  type FriendRequest,
} from '@juntos/domain';
import { ApiRequestError, apiCall } from '../../lib/api-client';
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

export const sendRequest = (memberId: number) => apiCall(friendshipRoutes.send, { params: { id: memberId } });
export const cancelRequest = (memberId: number) =>
  apiCall(friendshipRoutes.cancel, { params: { id: memberId } });
export const unfollow = (memberId: number) =>
  apiCall(friendshipRoutes.unfollow, { params: { id: memberId } });
export const fetchRequests = () => apiCall(friendshipRoutes.received);
export const answerRequest = (requestId: number, accept: boolean) =>
  apiCall(accept ? friendshipRoutes.accept : friendshipRoutes.refuse, { params: { id: requestId } });
export const fetchFriends = () => apiCall(friendshipRoutes.friends);
export const fetchBlocked = () => apiCall(friendshipRoutes.blocked);
export const friendListQuery = () => queryOptions({ queryKey: friendKeys.list, queryFn: fetchFriends });
export const blockedMembersQuery = () =>
  queryOptions({ queryKey: friendKeys.blocked, queryFn: fetchBlocked });
export const friendRequestsQuery = () =>
  queryOptions({ queryKey: friendKeys.requests, queryFn: fetchRequests });
export const blockMember = (memberId: number) =>
  apiCall(friendshipRoutes.block, { params: { id: memberId } });
export const unblockMember = (memberId: number) =>
  apiCall(friendshipRoutes.unblock, { params: { id: memberId } });
/**
 * The number of friend requests waiting for an answer (the navigation badge), read every 15
 * minutes (spec §9) and after every answer; a 401 or 404 is ignored silently (spec §8).
 */
export function usePendingRequests() {
  return useQuery({
    queryKey: friendKeys.pending,
    queryFn: async () => {
      try {
        return (await apiCall(friendshipRoutes.pending)).pendientes;
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
