import type { FanOut } from './fan-out';
import type { PresenceStore } from './presence-store';

/**
 * Who hears of members' presence changes: for each, the friends the member may still reach (one
 * statement for many members: a storm of reconnections changes thousands at once).
 */
export type PresenceAudience = {
  friendIdsOfEach(userIds: readonly number[]): Promise<Map<number, number[]>>;
};

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
 * A storm of reconnections (every member after a deploy) would send one friend-list statement
 * per socket into the pool while the sockets open. Presence changes wait in a queue instead, and
 * one lookup at a time tells up to PRESENCE_MEMBERS_PER_LOOKUP of them (issue 36, decision 0050).
 * On a quiet instance the queue is empty and a change is told at once, alone.
 */
export const PRESENCE_MEMBERS_PER_LOOKUP = 200;
/**
 * In a storm (several changes came during the last lookup, or it told several), the next lookup
 * waits this long after it for changes to gather, unless a full batch is already waiting.
 */
export const PRESENCE_GATHER_MS = 100;

export type PresenceChange = { userId: number; online: boolean };

/**
 * The presence changes still to be told, in the order they happened, one batch at a time, so a
 * member's friends hear the member's changes in order. A change of a member whose earlier change
 * still waits replaces it: friends are told the state as it is then, once. (Not cancelled: a
 * friend who opened the friends list meanwhile saw the earlier state there.)
 */
export function createPresenceAnnouncer(options: {
  tell: (changes: PresenceChange[]) => Promise<void>;
  membersPerLookup: number;
  gatherMs: number;
  onError: (error: unknown, userIds: number[]) => void;
}) {
  const waiting = new Map<number, boolean>();
  let telling = false;
  let lastLookupEnded = Number.NEGATIVE_INFINITY;
  let lastBatchSize = 0;
  let gathering: ReturnType<typeof setTimeout> | undefined;
  const settledWaiters: (() => void)[] = [];

  function next() {
    if (telling || gathering) return;
    if (waiting.size === 0) {
      for (const resolve of settledWaiters.splice(0)) resolve();
      return;
    }
    const sinceLast = performance.now() - lastLookupEnded;
    const storm = waiting.size > 1 || lastBatchSize > 1;
    if (storm && waiting.size < options.membersPerLookup && sinceLast < options.gatherMs) {
      gathering = setTimeout(() => {
        gathering = undefined;
        lastLookupEnded = Number.NEGATIVE_INFINITY;
        next();
      }, options.gatherMs - sinceLast);
      return;
    }
    const batch: PresenceChange[] = [];
    for (const [userId, online] of waiting) {
      if (batch.length >= options.membersPerLookup) break;
      batch.push({ userId, online });
      waiting.delete(userId);
    }
    telling = true;
    void options
      .tell(batch)
      .catch((error: unknown) =>
        options.onError(
          error,
          batch.map((change) => change.userId),
        ),
      )
      .finally(() => {
        telling = false;
        lastLookupEnded = performance.now();
        lastBatchSize = batch.length;
        next();
      });
  }

  return {
    announce(userId: number, online: boolean) {
      if (waiting.get(userId) === online) return;
      waiting.set(userId, online);
      next();
    },
    /** Resolves once every change announced so far has been told (shutdown waits for it). */
    settled: () =>
      !telling && waiting.size === 0
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
  /** Changes whose friends could not be told (the database or the fan-out failed). */
  onError?: (error: unknown, userIds: number[]) => void;
}) {
  const { store, fanOut, audience } = deps;
  const now = deps.now ?? Date.now;
  const announcer = createPresenceAnnouncer({
    membersPerLookup: PRESENCE_MEMBERS_PER_LOOKUP,
    gatherMs: PRESENCE_GATHER_MS,
    onError: deps.onError ?? (() => undefined),
    async tell(changes) {
      const friendsOf = await audience.friendIdsOfEach(changes.map((change) => change.userId));
      for (const { userId, online } of changes)
        await fanOut.publishToEach(friendsOf.get(userId) ?? [], {
          type: 'status_update',
          user_id: userId,
          online,
        });
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
    /** Every change recorded so far has been told to its friends (or failed and was logged). */
    settled: announcer.settled,
  };
}

export type PresenceTracker = ReturnType<typeof createPresenceTracker>;
