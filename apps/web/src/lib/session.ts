import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Me, TokenPair } from '@juntos/domain';
import { ApiRequestError, apiRequest, markSigningOut } from './api-client';
import { liveConnection } from './live-connection';
import {
  STORAGE_KEYS,
  clearSessionStorage,
  clearStoredTokens,
  hasAccessMarker,
  readStoredToken,
  storeTokens,
} from './storage-keys';

/** GET /api/me: the signed-in account (spec §7 "Profile"); its type is the route's schema. */
export type { Me };

export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
};

const RETRY_AFTER_MS = 1000;

/**
 * A verdict of the server on the session (a 4xx answer). Anything else — no answer at all
 * (offline), a renewal the server could not make, a server fault — says nothing about it.
 */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status < 500;
}

/**
 * Forgets the session in this browser and opens /login (a full navigation, so nothing of the old
 * session survives in memory).
 */
export function signOutLocally() {
  clearStoredTokens();
  if (window.location.pathname !== '/login') window.location.assign('/login');
}

/**
 * Spec §4 "Session" signed the member out at any failure to read the profile. Offline that turned
 * a member's own screens into the sign-in form, inviting a password that could not be sent
 * (issue 34): now only the server's refusal ends the session. A passing failure is tried once
 * more, then left to the query, which reads the profile again when the connection returns.
 */
async function fetchMe(): Promise<Me> {
  try {
    return await apiRequest<Me>('/me');
  } catch (error) {
    if (isRefusal(error)) {
      signOutLocally();
      throw error;
    }
  }
  await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
  try {
    return await apiRequest<Me>('/me');
  } catch (error) {
    if (isRefusal(error)) signOutLocally();
    throw error;
  }
}

/** The profile of the signed-in member; a refusal signs the member out (side effect, see above). */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: fetchMe,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

export function useMeQuery() {
  return useQuery({ ...meQueryOptions(), enabled: hasAccessMarker() });
}

/**
 * After sign-in or activation: keeps the tokens and fetches the profile before anything else
 * happens. Rejects (with the tokens removed) when the profile cannot be read.
 */
export async function startSession(queryClient: QueryClient, tokens: TokenPair): Promise<Me> {
  storeTokens(tokens);
  queryClient.removeQueries({ queryKey: sessionKeys.all });
  return queryClient.fetchQuery(meQueryOptions());
}

/**
 * The app-start check of spec §4 "Session": when the page opens with an access token, the
 * profile is fetched once; a refusal signs the member out (offline, the member stays signed in).
 */
export function useSessionCheckAtStart() {
  const [startedSignedIn] = useState(hasAccessMarker);
  useQuery({ ...meQueryOptions(), enabled: startedSignedIn && hasAccessMarker() });
}

/** Forgets the session after a password change (the server has revoked its refresh tokens). */
export function forgetSession(queryClient: QueryClient) {
  clearStoredTokens();
  queryClient.removeQueries({ queryKey: sessionKeys.all });
}

/**
 * Spec §4 "Logout", in its order: a logout on the live connection (friends are told), the
 * server hides the member's own copy of their chats (the friends keep theirs, and moderators the
 * evidence, for CHAT_MESSAGE_RETENTION_DAYS), the refresh token is revoked, then the chat messages
 * kept per friend, the chat modal acknowledgement and the tokens are removed here. The socket
 * closes right after the logout frame. A server that does not answer changes nothing for the member: the session ends here.
 */
export async function endSession(queryClient: QueryClient): Promise<void> {
  markSigningOut();
  if (liveConnection.isOpen()) liveConnection.send({ action: 'logout' });
  // Closed now rather than last: a connection still opening would otherwise open during the
  // sign-out and have every screen read again (live-updates.tsx) with a session being revoked.
  liveConnection.disconnect();
  try {
    await apiRequest<unknown>('/chat/borrar-mensajes/', { method: 'DELETE' });
  } catch (error) {
    console.warn('The server did not confirm that the chat messages were hidden.', error);
  }
  const refresh = readStoredToken(STORAGE_KEYS.refreshToken);
  if (refresh) {
    try {
      await apiRequest<void>('/logout/', { method: 'POST', body: JSON.stringify({ refresh }) });
    } catch (error) {
      console.warn('The server did not confirm the sign-out; the session is removed here anyway.', error);
    }
  }
  clearSessionStorage();
  queryClient.clear();
}
