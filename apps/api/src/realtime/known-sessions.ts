import type { AccessClaims } from '../lib/access-tokens';

/** How often an instance reads the sessions that began or ended (on any instance, or in a command). */
export const KNOWN_SESSIONS_POLL_MS = 1000;
/**
 * What the knowledge may lag behind before tokens stop sufficing: a few missed reads (a busy
 * moment), not an outage of the database.
 */
const STALE_AFTER_MS = 3 * KNOWN_SESSIONS_POLL_MS;
/**
 * Each read reaches back this far before the previous one, as a row is seen only once its
 * transaction commits, which may be after a later read began. An end missed would let a token
 * through: ends are rare, and written by transactions that may take a while (an erasure). A token
 * issued but missed costs only the lookup it would have cost anyway: issues are many, and written
 * alone.
 */
const ENDS_OVERLAP_MS = 2 * 60_000;
const ISSUES_OVERLAP_MS = 5_000;
/** A session is remembered this long after its last token: beyond, that token has expired (15 minutes). */
const REMEMBER_MS = 20 * 60_000;
/** How often what is older than REMEMBER_MS is forgotten (not at every read: the maps may be large). */
const FORGET_EVERY_MS = 60_000;

/** What the database answers: its time now, the tokens issued and the sessions ended since then. */
export type SessionChanges = {
  at: number;
  /** A token pair issued for the session (a sign-in or a renewal), at the database's time. */
  issued: { sessionId: string; userId: number; at: number }[];
  ended: string[];
};
export type ReadSessionChanges = (
  since: { issues: number; ends: number } | undefined,
) => Promise<SessionChanges>;

/**
 * The sessions in use lately, as the database records them, read by this instance every second:
 * which sessions were issued tokens in the last 20 minutes (every access token is issued with a
 * refresh token row of its session, and lives 15), and which ended (`session_ends`, written by
 * triggers for every way a session ends: migration 0037).
 *
 * A new chat socket's token suffices, without the session lookup, when it is the member's own
 * (an acting token's grant is always read), the knowledge is fresh, its session was issued a
 * token lately for this very member and has not ended: a storm of reconnections then costs the
 * database nothing per socket (issue 36, decision 0050). Anything else is looked up as before, so
 * a token naming a session that is not the member's, or unknown here, is still refused.
 *
 * A session that ends elsewhere is known here within a second; a socket opened on its token in
 * that second is closed when the end is learnt (`onEnded`), and this instance's own ends are read
 * at once (`refresh`), before their answer leaves.
 */
export function createKnownSessions(options: {
  read: ReadSessionChanges;
  /** The first read that failed after one that succeeded (the log says it once per outage). */
  onError: (error: unknown) => void;
  /** The first read that succeeded after one that failed. */
  onRecovery?: () => void;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  /** Sessions issued a token lately: whose they are, and when the last one was (database time). */
  const issued = new Map<string, { userId: number; at: number }>();
  /** Ended sessions, with when they ended (database time). */
  const ended = new Map<string, number>();
  const listeners = new Set<(sessionIds: readonly string[]) => void>();
  /** The database's time of the last read, from which the next one reaches back. */
  let readAt: number | undefined;
  /** When (this instance's clock) the last read succeeded. */
  let freshAt: number | undefined;
  let failing = false;
  let forgotAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | undefined;
  /** The first read while it is under way. */
  let firstRead: Promise<void> | undefined;

  async function readOnce() {
    try {
      const changes = await options.read(
        readAt === undefined
          ? undefined
          : { issues: readAt - ISSUES_OVERLAP_MS, ends: readAt - ENDS_OVERLAP_MS },
      );
      for (const session of changes.issued) {
        const known = issued.get(session.sessionId);
        if (!known || known.at < session.at)
          issued.set(session.sessionId, { userId: session.userId, at: session.at });
      }
      const learnt = changes.ended.filter((sessionId) => !ended.has(sessionId));
      for (const sessionId of learnt) ended.set(sessionId, changes.at);
      if (changes.at - forgotAt >= FORGET_EVERY_MS) {
        forgotAt = changes.at;
        const forgetBefore = changes.at - REMEMBER_MS;
        for (const [sessionId, session] of issued) if (session.at < forgetBefore) issued.delete(sessionId);
        for (const [sessionId, at] of ended) if (at < forgetBefore) ended.delete(sessionId);
      }
      readAt = changes.at;
      freshAt = now();
      if (failing) options.onRecovery?.();
      failing = false;
      if (learnt.length > 0) for (const listener of listeners) listener(learnt);
    } catch (error) {
      if (!failing) options.onError(error);
      failing = true;
    }
  }

  /** Reads now, after any read under way (which may have begun before the caller's change). */
  function read(): Promise<void> {
    reading = reading.then(readOnce);
    return reading;
  }

  return {
    /**
     * Reads now, once reading has started: before, no socket opened on its token alone, and none
     * will before a first read.
     */
    refresh: () => (timer === undefined ? Promise.resolve() : read()),
    /**
     * Reads at once, then every KNOWN_SESSIONS_POLL_MS; called by each socket, so an instance that
     * serves no chat (a command, most tests) never reads. Until a first read has answered (or
     * failed), it returns that read: the sockets of a storm on a fresh instance (every member
     * reconnecting after a deploy) wait for the one statement instead of each asking for its own
     * session. Afterwards it returns undefined, and no socket waits.
     */
    start(): Promise<void> | undefined {
      if (timer === undefined) {
        timer = setInterval(() => void read(), KNOWN_SESSIONS_POLL_MS);
        timer.unref();
        firstRead = read().finally(() => (firstRead = undefined));
      }
      return firstRead;
    },
    /** Whether this token needs no session lookup: see above. */
    tokenSuffices(claims: AccessClaims): boolean {
      return (
        claims.supporterId === undefined &&
        freshAt !== undefined &&
        now() - freshAt <= STALE_AFTER_MS &&
        issued.get(claims.sessionId)?.userId === claims.userId &&
        !ended.has(claims.sessionId)
      );
    },
    /** Called with the sessions newly learnt to have ended; returns the function that stops it. */
    onEnded(listener: (sessionIds: readonly string[]) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      clearInterval(timer);
      timer = undefined;
      await reading;
    },
  };
}

export type KnownSessions = ReturnType<typeof createKnownSessions>;
