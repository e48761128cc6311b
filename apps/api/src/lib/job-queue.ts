import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '../config';
import { isDatabaseUnreachable, type DatabaseOutage } from './database-outage';
import type { DatabaseHandle } from '../db/database';

/** What a job handler is given: its data, and how many times it was tried before. */
export type JobHandler<Data> = (data: Data) => Promise<void>;

export type JobQueue = {
  /** Registers the handler of one kind of job (a queue), before `start`. */
  handle<Data extends object>(name: string, handler: JobHandler<Data>, options?: QueueOptions): void;
  /** Runs `name` with no data on a cron schedule (UTC), once across all instances. */
  every(name: string, cron: string): void;
  /**
   * Queues a job. With `singletonKey`, while a job of that queue and key waits, another is not
   * queued (a debounce: one e-mail for several events). Answers false when it was not queued.
   */
  send(name: string, data: object, options?: SendOptions): Promise<boolean>;
  start(): Promise<void>;
  /**
   * `start`, and again every 30 s while it fails (the database away when the server became
   * ready): the API keeps answering meanwhile, and the log says why no e-mail goes out.
   */
  startInBackground(): void;
  stop(): Promise<void>;
};

/**
 * Queues starting on one database handle start one after the other: two apps of one process
 * sharing a PGlite database (a test of two instances) would otherwise both create pg-boss's
 * schema through the one connection, whose advisory locks do not keep a session from itself.
 */
const startsOnDatabase = new WeakMap<DatabaseHandle, Promise<unknown>>();

export type QueueOptions = {
  /** One waiting job per singleton key at most (pg-boss's "short" policy). */
  debounced?: boolean;
  retryLimit?: number;
};
export type SendOptions = { singletonKey?: string; startAfterSeconds?: number };

/**
 * The durable job queue (issue 20, docs/decisions/0022-job-queue.md): pg-boss on the same
 * database as everything else, PGlite included, through the database handle's `executeSql`. Jobs
 * are rows: they survive a restart, a failed job is retried, and `FOR UPDATE SKIP LOCKED` hands
 * each job to one instance only, however many run. Nothing runs until `start`, so a handler
 * registered late cannot miss a job; `stop` waits for the jobs in hand.
 */
export function createJobQueue(options: {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  settings: Config['jobs'];
  /** Logs a database outage once for the whole instance (lib/database-outage.ts). */
  databaseOutage?: DatabaseOutage;
}): JobQueue {
  const { database, log, settings } = options;
  // While the database is away every poll of the queue fails: that is the outage, logged once
  // by the instance, not a stack trace every few seconds.
  const logFailure = (error: unknown, message: string) => {
    if (options.databaseOutage && isDatabaseUnreachable(error)) options.databaseOutage.noticed(error);
    else log.error({ err: error }, message);
  };
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: settings.schema,
    schedule: settings.schedule,
    // Finished jobs hold member ids only; a week is enough to see what happened.
    deleteAfterDays: 7,
    // Scheduling (cron) and maintenance need a clock check; every minute is plenty here.
    clockMonitorIntervalSeconds: 60,
    cronWorkerIntervalSeconds: 30,
  });
  boss.on('error', (error) => logFailure(error, 'job queue error'));
  const queues: { name: string; handler: JobHandler<object>; options: QueueOptions }[] = [];
  const schedules: { name: string; cron: string }[] = [];
  let started = false;
  let retryTimer: NodeJS.Timeout | undefined;

  /**
   * Creates a queue unless it exists. Instances starting together race to create the same queue
   * (its table partition): the loser sees a deadlock or a duplicate, waits a moment and finds the
   * queue there (seen with two instances on one PostgreSQL).
   */
  async function ensureQueue(name: string, definition: PgBoss.Queue) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (!(await boss.getQueue(name))) await boss.createQueue(name, definition);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        const race = code === '40P01' || code === '23505' || code === '42P07';
        if (!race || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
    }
  }

  // What is already running, so a start retried after a failure halfway does not do it twice.
  let bossStarted = false;
  const working = new Set<string>();
  let scheduled = false;

  async function startNow() {
    if (!bossStarted) {
      await boss.start();
      bossStarted = true;
    }
    for (const queue of queues) {
      if (working.has(queue.name)) continue;
      await ensureQueue(queue.name, {
        name: queue.name,
        policy: queue.options.debounced ? 'short' : 'standard',
        retryLimit: queue.options.retryLimit ?? 5,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
      });
      await boss.work<object>(
        queue.name,
        { pollingIntervalSeconds: settings.pollSeconds, batchSize: 1 },
        async ([job]) => {
          if (job) await queue.handler(job.data);
        },
      );
      working.add(queue.name);
    }
    if (settings.schedule && !scheduled) {
      for (const schedule of schedules) {
        if (!queues.some((queue) => queue.name === schedule.name))
          throw new Error(`no handler for the scheduled job ${schedule.name}`);
        await boss.schedule(schedule.name, schedule.cron);
      }
      scheduled = true;
    }
    started = true;
    log.info({ queues: queues.length }, 'job queue started');
  }

  let starting: Promise<void> | undefined;
  async function start() {
    if (started) return;
    const previous = startsOnDatabase.get(database) ?? Promise.resolve();
    starting = previous.catch(() => undefined).then(startNow);
    startsOnDatabase.set(database, starting);
    await starting;
  }

  return {
    handle(name, handler, queueOptions = {}) {
      queues.push({ name, handler: handler as JobHandler<object>, options: queueOptions });
    },
    every(name, cron) {
      schedules.push({ name, cron });
    },
    async send(name, data, sendOptions = {}) {
      // An event right after start-up waits for the queue's tables rather than being lost.
      if (!started && starting) await starting.catch(() => undefined);
      const id = await boss.send(name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: Math.ceil(sendOptions.startAfterSeconds) } : {}),
      });
      return id !== null;
    },
    start,
    startInBackground() {
      const attempt = () => {
        retryTimer = undefined;
        start().catch((error: unknown) => {
          logFailure(error, 'the job queue could not start; trying again in 30 s');
          retryTimer = setTimeout(attempt, 30_000);
          retryTimer.unref();
        });
      };
      attempt();
    },
    async stop() {
      clearTimeout(retryTimer);
      retryTimer = undefined;
      if (!bossStarted) return;
      started = false;
      bossStarted = false;
      working.clear();
      scheduled = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
