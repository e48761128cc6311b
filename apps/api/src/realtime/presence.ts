import type { FanOut } from './fan-out';
import type { PresenceStore } from './presence-store';

/** Who hears of a member's presence changes: the friends the member may still reach. */
export type PresenceAudience = { friendIds(userId: number): Promise<number[]> };

/** Which of these members have a live socket, on any instance (the friends list shows it). */
export type OnlinePort = { onlineAmong(userIds: number[]): Promise<Set<number>> };

/**
 * Reading presence needs only the store, so modules that show who is online (friendships) do not
 * depend on the tracker below, which needs them for its audience.
 */
export const onlineReader = (store: PresenceStore, now: () => number = Date.now): OnlinePort => ({
  onlineAmong: (userIds) => store.onlineAmong(userIds, now()),
});

/**
 * Friends' lookups for presence changes that may run at once. A connection storm (every member
 * reconnecting after a deploy) would otherwise send one friend-list statement per socket into the
 * pool at the moment the sockets' own session checks need it; the changes wait here instead, and
 * sockets open first (issue 36, decision 0050). Without a storm the queue is empty and a change is
 * told at once.
 */
export const PRESENCE_LOOKUPS_AT_ONCE = 2;

/**
 * The presence changes still to be told, in the order they happened, at most `lookupsAtOnce`
 * being told at a time and never two of one member at once (so a member's friends hear their
 * changes in order). A change that undoes the one still waiting for the same member cancels it:
 * a member who dropped and came back during a storm is told nothing, as their friends saw nothing
 * change.
 */
export function createPresenceAnnouncer(options: {
  tell: (userId: number, online: boolean) => Promise<void>;
  lookupsAtOnce: number;
  onError: (error: unknown, userId: number) => void;
}) {
  const waiting = new Map<number, boolean>();
  const telling = new Set<number>();
  const settledWaiters: (() => void)[] = [];

  function next() {
    for (const [userId, online] of waiting) {
      if (telling.size >= options.lookupsAtOnce) return;
      if (telling.has(userId)) continue;
      waiting.delete(userId);
      telling.add(userId);
      void options
        .tell(userId, online)
        .catch((error: unknown) => options.onError(error, userId))
        .finally(() => {
          telling.delete(userId);
          next();
        });
    }
    if (telling.size === 0 && waiting.size === 0) for (const resolve of settledWaiters.splice(0)) resolve();
  }

  return {
    announce(userId: number, online: boolean) {
      const earlier = waiting.get(userId);
      if (earlier === online) return;
      if (earlier !== undefined) waiting.delete(userId);
      else waiting.set(userId, online);
      next();
    },
    /** Changes not yet told or being told (the metrics and tests read it). */
    backlog: () => waiting.size + telling.size,
    /** Resolves once every change announced so far has been told (shutdown waits for it). */
    settled: () =>
      telling.size === 0 && waiting.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => settledWaiters.push(resolve)),
  };
}

/**
 * Sockets coming and going (from the socket gateway) turn into `status_update` frames, published
 * through the fan-out exactly once per change to the member's audience, whichever instance saw
 * the change. The store records a change at once; telling the friends goes through the announcer
 * above.
 */
export function createPresenceTracker(deps: {
  store: PresenceStore;
  fanOut: FanOut;
  audience: PresenceAudience;
  now?: () => number;
  /** A change whose friends could not be told (the database or the fan-out failed). */
  onError?: (error: unknown, userId: number) => void;
  lookupsAtOnce?: number;
}) {
  const { store, fanOut, audience } = deps;
  const now = deps.now ?? Date.now;
  const announcer = createPresenceAnnouncer({
    lookupsAtOnce: deps.lookupsAtOnce ?? PRESENCE_LOOKUPS_AT_ONCE,
    onError: deps.onError ?? (() => undefined),
    async tell(userId, online) {
      const friends = await audience.friendIds(userId);
      await fanOut.publishToEach(friends, { type: 'status_update', user_id: userId, online });
    },
  });
  return {
    /** A socket opened or sent a heartbeat: the member is online, and friends hear of a change. */
    async socketAlive(userId: number, socketId: string) {
      if (await store.touch(userId, socketId, now())) announcer.announce(userId, true);
    },
    async socketGone(userId: number, socketId: string) {
      if (await store.remove(userId, socketId, now())) announcer.announce(userId, false);
    },
    /** This instance is alive: its sockets live by its lease as well as by their heartbeats. */
    renewInstance: (instanceId: string) => store.renewInstance(instanceId, now()),
    /** Sockets whose heartbeats stopped, on any instance (one that crashed, too). */
    async sweep() {
      for (const userId of await store.sweep(now())) announcer.announce(userId, false);
    },
    /** Changes whose friends are still to be told. */
    backlog: announcer.backlog,
    /** Every change recorded so far has been told to its friends (or failed and was logged). */
    settled: announcer.settled,
  };
}

export type PresenceTracker = ReturnType<typeof createPresenceTracker>;
