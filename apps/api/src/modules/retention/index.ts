import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import { EXPORT_STALE_MS } from '../data-export';
import { createRetentionRepository } from './retention.repository';
import { createRetentionService } from './retention.service';
import type { RetentionTimer } from './retention.schedule';

export { createRetentionTimer, type RetentionSchedule, type RetentionTimer } from './retention.schedule';
export type { RetentionCounts, RetentionKind, RetentionOutcome, RetentionService } from './retention.service';

/**
 * The retention job as the server and `npm run retention` both run it: the same periods, the
 * same rule for abandoned data copies (the data export's), the same e-mail folder, and the
 * erasure (`eraseAccount`) for accounts never activated.
 */
export function createRetention(options: {
  db: Database;
  mailDir: string;
  eraseAccount: (userId: number) => Promise<boolean>;
  log: FastifyBaseLogger;
}) {
  return createRetentionService({
    repository: createRetentionRepository(options.db),
    eraseAccount: options.eraseAccount,
    abandonedExportAfterMs: EXPORT_STALE_MS,
    mailDir: options.mailDir,
    log: options.log,
  });
}

export type RetentionModuleOptions = { timer: RetentionTimer };

/**
 * Starts the timer once the server is ready (migrations done). Stopping is the modules' close(),
 * which runs before the database closes.
 */
export const retentionModule = fp<RetentionModuleOptions>(
  async (app, { timer }) => {
    app.addHook('onReady', async () => timer.start());
  },
  { name: 'retention' },
);
