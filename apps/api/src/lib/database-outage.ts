import type { FastifyBaseLogger } from 'fastify';

/** What a client that lost the database is told to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 10;
/** How often an instance that lost the database asks whether it is back, to log its return. */
const PROBE_EVERY_MS = 2_000;

/**
 * Errors that say the database cannot be reached, not that a statement was wrong: the socket
 * refused, reset or timed out, or the server shutting down or not accepting connections yet
 * (SQLSTATE class 08, 57P01–57P03). node-postgres and Drizzle wrap them (`cause`).
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/;

/**
 * The link of an error's chain that says the database is unreachable, or undefined. Only that
 * link is logged: an outer one (Drizzle's "Failed query") carries the statement and its values.
 */
function unreachableLink(error: unknown): { code?: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    const known = typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'));
    if (known || UNREACHABLE_MESSAGES.test(current.message))
      return { ...(typeof code === 'string' ? { code } : {}), message: current.message };
    if (current instanceof AggregateError) {
      const inner = current.errors.map(unreachableLink).find(Boolean);
      if (inner) return inner;
    }
    current = current.cause;
  }
  return undefined;
}

export const isDatabaseUnreachable = (error: unknown) => unreachableLink(error) !== undefined;

export type DatabaseOutage = {
  /** A request met an unreachable database: logged once per outage, not once per request. */
  noticed(error: unknown): void;
  close(): void;
};

/**
 * One line when the database goes away and one when it is back (issue 36, point 8a), instead of a
 * stack trace for every request answered meanwhile: while it is away, the instance asks it every
 * two seconds, and says how long it was gone and how many requests were refused.
 */
export function createDatabaseOutage(options: {
  ping: () => Promise<void>;
  log: FastifyBaseLogger;
  probeEveryMs?: number;
}): DatabaseOutage {
  const probeEveryMs = options.probeEveryMs ?? PROBE_EVERY_MS;
  let since: number | undefined;
  let refused = 0;
  let probe: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const scheduleProbe = () => {
    if (closed) return;
    probe = setTimeout(() => {
      options.ping().then(() => {
        const seconds = Math.round((performance.now() - (since ?? performance.now())) / 100) / 10;
        options.log.warn({ seconds, refusedRequests: refused }, 'database reachable again');
        since = undefined;
        refused = 0;
      }, scheduleProbe);
    }, probeEveryMs);
    // A probe must not keep a process alive that is otherwise done.
    probe.unref();
  };

  return {
    noticed(error) {
      refused += 1;
      if (since !== undefined) return;
      since = performance.now();
      options.log.error(
        { cause: unreachableLink(error) },
        'database unreachable: requests are answered 503 until it is back',
      );
      scheduleProbe();
    },
    close() {
      closed = true;
      clearTimeout(probe);
    },
  };
}
