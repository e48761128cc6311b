import type { FanOut } from '../../realtime';

/** What a send needs to know about a pair that may write to each other: the sender's name. */
export type WriteContext = { nombre: string; apellidos: string };

/**
 * How long a "these two may chat" answer is trusted without an event. The events below end it at
 * once; this bounds what no event announces (an administrator moving a member to another age
 * group or reviewing a minor, a name change shown in new messages).
 */
export const WRITE_CONTEXT_TTL_MS = 30_000;
/** Pairs remembered at most; beyond, the oldest are dropped (memory stays bounded under any load). */
const MAX_ENTRIES = 50_000;

/**
 * "May these two chat" per ordered pair (sender, receiver), only when the answer was yes: a
 * refusal is read again each time, so a new friendship is usable at once. An entry is dropped by
 * any relationship event published to either member (the cache watches both members while it
 * holds one of their pairs, `FanOut.watch`: every message but the chat's own traffic, on this
 * instance and, with Redis, from any other),
 * and expires after WRITE_CONTEXT_TTL_MS. An answer read from the database while an event arrived
 * is not kept (the epoch check), so an unfriend or a block is never hidden behind a stale yes.
 */
export function createWriteContextCache(options: {
  fanOut: FanOut;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}) {
  const { fanOut } = options;
  const ttlMs = options.ttlMs ?? WRITE_CONTEXT_TTL_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const now = options.now ?? Date.now;
  /** Keyed `sender:receiver`; Map order is insertion order, so the first entries are the oldest. */
  const entries = new Map<string, { context: WriteContext; expiresAt: number }>();
  const watched = new Map<number, { keys: Set<string>; stop: () => void }>();
  let epoch = 0;

  const keyOf = (senderId: number, receiverId: number) => `${senderId}:${receiverId}`;
  const membersOf = (key: string) => key.split(':').map(Number) as [number, number];

  function drop(key: string) {
    entries.delete(key);
    for (const member of membersOf(key)) watched.get(member)?.keys.delete(key);
  }

  function unwatch(member: number) {
    const watch = watched.get(member);
    if (!watch) return;
    watched.delete(member);
    watch.stop();
    // A read begun before this (its pair not yet remembered) would no longer hear an event about
    // the member: its answer must not be kept.
    epoch += 1;
  }

  function forgetMember(member: number) {
    epoch += 1;
    const watch = watched.get(member);
    if (!watch) return;
    for (const key of [...watch.keys]) drop(key);
  }

  function watch(member: number) {
    let entry = watched.get(member);
    if (!entry) {
      entry = { keys: new Set(), stop: () => undefined };
      watched.set(member, entry);
      // A friendship cancelled or refused, a block (told as `friendship_cancelled`), the end of the
      // member's sessions, and any kind added later: every pair of the member goes.
      entry.stop = fanOut.watch(member, () => forgetMember(member));
    }
    return entry;
  }

  // Expired pairs go, and so do the subscriptions of members left without pairs.
  const sweeper = setInterval(() => {
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) drop(key);
    for (const [member, entry] of watched) if (entry.keys.size === 0) unwatch(member);
  }, ttlMs);
  sweeper.unref();

  return {
    get(senderId: number, receiverId: number): WriteContext | undefined {
      const key = keyOf(senderId, receiverId);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt > now()) return entry.context;
      drop(key);
      return undefined;
    },
    /**
     * Before reading the pair from the database: listens to both members from now on and
     * returns the epoch that `remember` checks.
     */
    begin(senderId: number, receiverId: number): number {
      watch(senderId);
      watch(receiverId);
      return epoch;
    },
    /** Keeps a yes read since `begin`, unless a relationship event arrived in between. */
    remember(senderId: number, receiverId: number, context: WriteContext, since: number) {
      if (since !== epoch) return;
      const key = keyOf(senderId, receiverId);
      entries.delete(key);
      entries.set(key, { context, expiresAt: now() + ttlMs });
      watch(senderId).keys.add(key);
      watch(receiverId).keys.add(key);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) drop(oldest.value);
      }
    },
    size: () => entries.size,
    close() {
      clearInterval(sweeper);
      for (const member of [...watched.keys()]) unwatch(member);
      entries.clear();
    },
  };
}

export type WriteContextCache = ReturnType<typeof createWriteContextCache>;
