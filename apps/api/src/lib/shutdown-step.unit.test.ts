import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { shutdownStep } from './shutdown-step';

/** A logger that keeps what was logged at warn and error. */
function recordingLog() {
  const lines: string[] = [];
  const log = {
    warn: (_: unknown, message: string) => lines.push(`warn: ${message}`),
    error: (_: unknown, message: string) => lines.push(`error: ${message}`),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const limits = { warnAfterMs: 20, giveUpAfterMs: 60 };
const never = () => new Promise(() => undefined);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a step of shutting down', () => {
  it('runs quietly when it ends in time', async () => {
    const { log, lines } = recordingLog();
    let ran = false;
    await shutdownStep(
      log,
      'the job queue',
      async () => {
        ran = true;
      },
      limits,
    );
    await wait(80);
    expect(ran).toBe(true);
    expect(lines).toEqual([]);
  });

  it('names a step that waits, and leaves one that never ends behind', async () => {
    const { log, lines } = recordingLog();
    await shutdownStep(log, 'Redis', never, limits);
    expect(lines).toEqual([
      'warn: Shutdown is still waiting for Redis',
      'error: Shutdown left Redis behind after 60 ms',
    ]);
  });

  it('passes a failure on', async () => {
    const { log } = recordingLog();
    await expect(
      shutdownStep(log, 'the database', () => Promise.reject(new Error('gone')), limits),
    ).rejects.toThrow('gone');
  });
});
