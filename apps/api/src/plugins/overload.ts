import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';

/** What `/api/health/` reports: whether new requests are being refused, why, and the measures. */
export type PressureState = {
  overloaded: boolean;
  /** The checks over their limit, empty when not overloaded. */
  reasons: Array<'event_loop_delay' | 'heap_used' | 'database_waiting'>;
  eventLoopDelayMs: number;
  heapUsedBytes: number;
  databaseWaiting: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The overload guard's latest measures (sampled once a second). */
    pressure(): PressureState;
  }
}

/**
 * Routes still answered when overloaded: the health check says why the instance refuses, and the
 * metrics show the same to Prometheus; refusing them would hide the overload from the operator.
 */
const ALWAYS_ANSWERED = new Set(['/api/health/', '/api/metrics/']);

/** Sampling period of every check (under-pressure's default). */
const SAMPLE_INTERVAL_MS = 1000;

/**
 * Refuse rather than collapse (issue 19): past a limit, new requests get a quick 503 `overloaded`
 * with Retry-After, in the caller's language, instead of waiting in a queue that makes every
 * answer slower. The event loop's delay and the heap are @fastify/under-pressure's checks; the
 * database pool's queue is sampled through its health-check hook at the same period.
 */
export async function registerOverloadGuard(
  app: FastifyInstance,
  options: { overload: Config['overload']; waitingQueries: () => number },
) {
  const { eventLoopDelayMs, heapUsedBytes, databaseWaiting, retryAfterSeconds } = options.overload;
  // One refusal for every request: a 5xx AppError captures a stack, which is not worth paying
  // again for each refused request of an overloaded server.
  const refusal = new AppError(503, 'overloaded', 'errors.overloaded', {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
  let databaseSaturated = false;
  // Start-up (the migrations, loading modules, the onReady hooks) holds the event loop before any
  // request can be served; a sample that saw it says nothing about load, and would refuse the first
  // requests. The grace runs from the first request rather than from a hook of start-up, because
  // start-up's own length (long on a busy machine) would otherwise eat into it.
  let startingUntil = Infinity;
  app.addHook('onRequest', (_request, _reply, done) => {
    if (startingUntil === Infinity) startingUntil = performance.now() + 2 * SAMPLE_INTERVAL_MS;
    done();
  });
  await app.register(underPressure, {
    sampleInterval: SAMPLE_INTERVAL_MS,
    maxEventLoopDelay: eventLoopDelayMs,
    maxHeapUsedBytes: heapUsedBytes,
    retryAfter: retryAfterSeconds,
    ...(databaseWaiting > 0
      ? {
          healthCheck: () => {
            databaseSaturated = options.waitingQueries() > databaseWaiting;
            return Promise.resolve(!databaseSaturated);
          },
          healthCheckInterval: SAMPLE_INTERVAL_MS,
        }
      : {}),
    pressureHandler: (request, _reply, type) => {
      if (ALWAYS_ANSWERED.has(request.routeOptions.url ?? '')) return undefined;
      if (type === underPressure.TYPE_EVENT_LOOP_DELAY && performance.now() < startingUntil) return undefined;
      return Promise.reject(refusal);
    },
  });

  app.decorate('pressure', () =>
    pressureState(app.memoryUsage(), options.overload, {
      saturated: databaseSaturated,
      waiting: options.waitingQueries(),
    }),
  );
}

/**
 * The health check's account of under-pressure's latest sample against the configured limits (a
 * limit of 0 is off).
 */
export function pressureState(
  measures: { eventLoopDelay: number; heapUsed: number },
  limits: Pick<Config['overload'], 'eventLoopDelayMs' | 'heapUsedBytes'>,
  database: { saturated: boolean; waiting: number },
): PressureState {
  const reasons: PressureState['reasons'] = [];
  if (limits.eventLoopDelayMs > 0 && measures.eventLoopDelay > limits.eventLoopDelayMs)
    reasons.push('event_loop_delay');
  if (limits.heapUsedBytes > 0 && measures.heapUsed > limits.heapUsedBytes) reasons.push('heap_used');
  if (database.saturated) reasons.push('database_waiting');
  return {
    overloaded: reasons.length > 0,
    reasons,
    // under-pressure reports a sample without any tick as Infinity (the loop was held for the
    // whole interval), which JSON cannot carry: it is reported as that interval.
    eventLoopDelayMs: Number.isFinite(measures.eventLoopDelay)
      ? Math.round(measures.eventLoopDelay)
      : SAMPLE_INTERVAL_MS,
    heapUsedBytes: measures.heapUsed,
    databaseWaiting: database.waiting,
  };
}
