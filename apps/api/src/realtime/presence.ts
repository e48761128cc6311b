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
 * Sockets coming and going (from the socket gateway) turn into `status_update` frames, published
 * through the fan-out exactly once per change to the member's audience, whichever instance saw
 * the change.
 */
export function createPresenceTracker(deps: {
  store: PresenceStore;
  fanOut: FanOut;
  audience: PresenceAudience;
  now?: () => number;
}) {
  const { store, fanOut, audience } = deps;
  const now = deps.now ?? Date.now;
  async function tellAudience(userId: number, online: boolean) {
    const friends = await audience.friendIds(userId);
    await fanOut.publishToEach(friends, { type: 'status_update', user_id: userId, online });
  }
  return {
    /** A socket opened or sent a heartbeat: the member is online, and friends hear of a change. */
    async socketAlive(userId: number, socketId: string) {
      if (await store.touch(userId, socketId, now())) await tellAudience(userId, true);
    },
    async socketGone(userId: number, socketId: string) {
      if (await store.remove(userId, socketId, now())) await tellAudience(userId, false);
    },
    /** This instance is alive: its sockets live by its lease as well as by their heartbeats. */
    renewInstance: (instanceId: string) => store.renewInstance(instanceId, now()),
    /** Sockets whose heartbeats stopped, on any instance (one that crashed, too). */
    async sweep() {
      const offline = await store.sweep(now());
      await Promise.all(offline.map((userId) => tellAudience(userId, false)));
    },
  };
}

export type PresenceTracker = ReturnType<typeof createPresenceTracker>;
