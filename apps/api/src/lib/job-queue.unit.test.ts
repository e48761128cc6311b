import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import type { DatabaseOutage } from './database-outage';
import { createJobQueue } from './job-queue';

/** A database handle whose every statement meets a refused connection. */
function unreachableDatabase(): DatabaseHandle {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  return { executeSql: () => Promise.reject(refused) } as unknown as DatabaseHandle;
}

describe('the job queue with its database away', () => {
  it('reports the outage to the instance instead of logging a stack trace of its own', async () => {
    const noticed = vi.fn();
    const outage: DatabaseOutage = { noticed, close: () => undefined };
    const error = vi.fn();
    const log = { error, info: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;
    const jobs = createJobQueue({
      database: unreachableDatabase(),
      log,
      settings: { pollSeconds: 1, retryDelaySeconds: 1, schema: 'jobs', schedule: false },
      databaseOutage: outage,
    });
    jobs.startInBackground();
    await vi.waitFor(() => expect(noticed).toHaveBeenCalled());
    expect(error).not.toHaveBeenCalled();
    await jobs.stop();
  });
});
