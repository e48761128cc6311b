/**
 * Delivery of live messages to a member's open connections (chat, presence, notifications).
 * In-process by default; the chat feature adds the Redis implementation of the same interface, so
 * several API instances deliver to each other's sockets.
 */
export type LiveMessage = Record<string, unknown> & { type: string };
export type LiveListener = (message: LiveMessage) => void;

export type FanOut = {
  publish(userId: number, message: LiveMessage): Promise<void>;
  /** Returns the function that stops listening. */
  subscribe(userId: number, listener: LiveListener): () => void;
};

export function createInProcessFanOut(): FanOut {
  const listeners = new Map<number, Set<LiveListener>>();
  return {
    async publish(userId, message) {
      for (const listener of listeners.get(userId) ?? []) listener(message);
    },
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set<LiveListener>();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
  };
}
