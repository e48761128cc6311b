import type { ServerFrame } from '@juntos/domain';

/**
 * Published to a member whose sessions must end (suspension, password change or reset, logout,
 * account deletion): each instance closes that member's sockets instead of passing it on.
 */
export const SESSION_ENDED_FRAME = 'session_ended';
export type SessionEndReason =
  'suspended' | 'password_changed' | 'logged_out' | 'account_deleted' | 'support_ended';
/** Never sent to a socket as it is: the gateway answers it with an `error` frame and a close. */
export type SessionEndedMessage = {
  type: typeof SESSION_ENDED_FRAME;
  /** Instances of an older version publish a suspension without a reason. */
  reason?: SessionEndReason;
  /**
   * Only the sockets this supporter opened acting for the member close (their grant ended or no
   * longer covers messages); the member's own stay open. Without it, every socket of the member.
   */
  supporterId?: number;
};
export const sessionEnded = (reason: SessionEndReason): SessionEndedMessage => ({
  type: SESSION_ENDED_FRAME,
  reason,
});
/** Closes a supporter's acting sockets for a member, on every instance (decision 0047). */
export const supportEnded = (supporterId: number): SessionEndedMessage => ({
  type: SESSION_ENDED_FRAME,
  reason: 'support_ended',
  supporterId,
});

/**
 * Delivery of live messages to a member's open connections (chat, presence, notifications).
 * In-process by default; with REDIS_URL the same interface goes through Redis pub/sub
 * (realtime/redis-fan-out.ts), so a message published on one API instance reaches the member's
 * sockets on every instance. Listeners of one member are called in publishing order. What is
 * published is a frame of the socket contract (`ServerFrame`, packages/domain/src/chat-frames.ts),
 * sent to the member's sockets as it is, or the end of the member's sessions.
 */
export type LiveMessage = ServerFrame | SessionEndedMessage;
export type LiveListener = (message: LiveMessage) => void;

export type FanOut = {
  publish(userId: number, message: LiveMessage): Promise<void>;
  /** The same message to several members (a presence change to all of someone's friends). */
  publishToEach(userIds: readonly number[], message: LiveMessage): Promise<void>;
  /**
   * Returns the function that stops listening. `ignoring`: frame types the listener does nothing
   * with, which an instance then need not even read for it (the chat's own traffic, for a cache).
   */
  subscribe(userId: number, listener: LiveListener, ignoring?: ReadonlySet<string>): () => void;
  close(): Promise<void>;
};

/** The local side both implementations share: who listens to which member on this instance. */
export function createListenerRegistry(hooks?: {
  firstListener(userId: number): void;
  lastListenerGone(userId: number): void;
}) {
  const listeners = new Map<number, Map<LiveListener, ReadonlySet<string> | undefined>>();
  return {
    deliver(userId: number, message: LiveMessage) {
      for (const [listener, ignoring] of listeners.get(userId) ?? [])
        if (!ignoring?.has(message.type)) listener(message);
    },
    /** Whether a listener of the member on this instance does something with frames of this type. */
    wants(userId: number, type: string) {
      for (const ignoring of listeners.get(userId)?.values() ?? []) if (!ignoring?.has(type)) return true;
      return false;
    },
    /** The members someone listens to on this instance. */
    members: () => [...listeners.keys()],
    subscribe(userId: number, listener: LiveListener, ignoring?: ReadonlySet<string>) {
      let set = listeners.get(userId);
      if (!set) {
        set = new Map();
        listeners.set(userId, set);
        hooks?.firstListener(userId);
      }
      set.set(listener, ignoring);
      return () => {
        if (!set.delete(listener) || set.size > 0) return;
        listeners.delete(userId);
        hooks?.lastListenerGone(userId);
      };
    },
  };
}

export function createInProcessFanOut(): FanOut {
  const registry = createListenerRegistry();
  return {
    async publish(userId, message) {
      registry.deliver(userId, message);
    },
    async publishToEach(userIds, message) {
      for (const userId of userIds) registry.deliver(userId, message);
    },
    subscribe: (userId, listener, ignoring) => registry.subscribe(userId, listener, ignoring),
    close: async () => undefined,
  };
}
