import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ServerFrame, ServerFrameOf, ServerFrameType } from '@juntos/domain';

/** What a feature's handler is given besides the frame. */
export type LiveFrameContext = {
  queryClient: QueryClient;
  t: TFunction;
  /** The signed-in member, null until the session has been read. */
  memberId: number | null;
};

/**
 * A feature's answers to the server's live frames (spec §7), by frame type: each feature keeps
 * its own screens fresh and exports one of these; the shell (app/live-updates.tsx) only lists the
 * features and dispatches. A type a feature does not list does not concern it.
 */
export type LiveFrameHandlers = {
  [Type in ServerFrameType]?: (frame: ServerFrameOf<Type>, context: LiveFrameContext) => void;
} & {
  /**
   * The connection opened, the first time or again after a break. Frames sent while it was not
   * open never arrive (the server keeps no backlog), so a feature reads again what they would
   * have changed: a comment made while the page was still connecting must still reach the bell.
   */
  connected?: (context: LiveFrameContext) => void;
};

/** Hands a frame to each feature's handler of its type, in the order the features are listed. */
export function dispatchLiveFrame(
  features: readonly LiveFrameHandlers[],
  frame: ServerFrame,
  context: LiveFrameContext,
) {
  for (const handlers of features) {
    // The map pairs each type with its frame's handler; TypeScript cannot follow that pairing
    // through an index by a union, so the handler is read as one taking any frame.
    const handle = handlers[frame.type] as
      ((frame: ServerFrame, context: LiveFrameContext) => void) | undefined;
    handle?.(frame, context);
  }
}

/** Tells each feature that the connection (re)opened, so that it catches up on what it missed. */
export function dispatchConnected(features: readonly LiveFrameHandlers[], context: LiveFrameContext) {
  for (const handlers of features) handlers.connected?.(context);
}

/** Sets one member's presence in a cached list of members (a friends list), if it is cached. */
export function setOnlineIn(queryClient: QueryClient, queryKey: QueryKey, userId: number, online: boolean) {
  queryClient.setQueryData<{ id: number; online: boolean }[]>(queryKey, (members) =>
    members?.map((member) => (member.id === userId ? { ...member, online } : member)),
  );
}
