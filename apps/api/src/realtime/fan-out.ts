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
 * The frames of members' conversations: nearly all of the live traffic, and none of them changes
 * who may reach whom. A watcher (`FanOut.watch`) is never sent them, so with Redis the chat's
 * traffic does not travel to instances that only watch a member (decision 0052).
 */
export const CONVERSATION_TRAFFIC: ReadonlySet<string> = new Set<ServerFrame['type']>([
  'chat_message',
  'status_update',
  'read_receipt',
]);

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
  /** Every message to the member (a socket's). Returns the function that stops listening. */
  subscribe(userId: number, listener: LiveListener): () => void;
  /**
   * Every message to the member but CONVERSATION_TRAFFIC: what may change whom the member may
   * reach (a friendship ended, a block, the end of the member's sessions, any kind added later).
   * A watcher may hear the same message twice while its instance moves between channels, so what
   * it does must not mind that (the chat's cache drops what it held).
   */
  watch(userId: number, listener: LiveListener): () => void;
  close(): Promise<void>;
};

/** What an instance listens to for a member: everything, or only what a watcher hears. */
export type Interest = 'everything' | 'watched';

/** The local side both implementations share: who listens to which member on this instance. */
export function createListenerRegistry(hooks?: {
  /** The instance's interest in the member changed (`undefined`: nobody listens any more). */
  interestChanged(userId: number, now: Interest | undefined, before: Interest | undefined): void;
}) {
  /** Per member, each listener and whether it only watches. */
  const listeners = new Map<number, Map<LiveListener, boolean>>();
  const interestIn = (set: Map<LiveListener, boolean> | undefined): Interest | undefined => {
    if (!set || set.size === 0) return undefined;
    for (const watching of set.values()) if (!watching) return 'everything';
    return 'watched';
  };

  function add(userId: number, listener: LiveListener, watching: boolean) {
    let set = listeners.get(userId);
    if (!set) {
      set = new Map();
      listeners.set(userId, set);
    }
    const before = interestIn(set);
    set.set(listener, watching);
    const now = interestIn(set);
    if (now !== before) hooks?.interestChanged(userId, now, before);
    const members = set;
    return () => {
      const previous = interestIn(members);
      if (!members.delete(listener)) return;
      if (members.size === 0 && listeners.get(userId) === members) listeners.delete(userId);
      const after = interestIn(members);
      if (after !== previous) hooks?.interestChanged(userId, after, previous);
    };
  }

  return {
    /** To every listener of the member here; watchers only when it is not conversation traffic. */
    deliver(userId: number, message: LiveMessage) {
      const traffic = CONVERSATION_TRAFFIC.has(message.type);
      // forEach rather than for…of: no [key, value] pair made per listener and message.
      listeners.get(userId)?.forEach((watching, listener) => {
        if (!(watching && traffic)) listener(message);
      });
    },
    /** To the member's watchers here only (what came on a channel only watchers hear). */
    deliverToWatchers(userId: number, message: LiveMessage) {
      if (CONVERSATION_TRAFFIC.has(message.type)) return;
      listeners.get(userId)?.forEach((watching, listener) => {
        if (watching) listener(message);
      });
    },
    /** Whether a listener of the member here does something with frames of this type. */
    wants(userId: number, type: string) {
      const interest = interestIn(listeners.get(userId));
      return interest === 'everything' || (interest === 'watched' && !CONVERSATION_TRAFFIC.has(type));
    },
    /** The members someone listens to on this instance. */
    members: () => [...listeners.keys()],
    subscribe: (userId: number, listener: LiveListener) => add(userId, listener, false),
    watch: (userId: number, listener: LiveListener) => add(userId, listener, true),
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
    subscribe: registry.subscribe,
    watch: registry.watch,
    close: async () => undefined,
  };
}
