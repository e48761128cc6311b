import type { FastifyBaseLogger } from 'fastify';

/** How long a step of shutting down may wait before it is logged, and before it is left behind. */
export const SHUTDOWN_STEP_LIMITS = { warnAfterMs: 5_000, giveUpAfterMs: 15_000 };

/**
 * Runs one step of shutting down (the job queue, the sockets' clean-up, the database pool…). A
 * step still waiting after `warnAfterMs` is logged by name, so a shutdown that hangs says where;
 * after `giveUpAfterMs` it is left behind with an error and the next step runs: a database or
 * Redis that stopped answering must not keep the process from ending (the presence sweep of the
 * other instances removes what this one could not, and the database drops its connections).
 */
export async function shutdownStep(
  log: FastifyBaseLogger,
  name: string,
  step: () => unknown,
  limits = SHUTDOWN_STEP_LIMITS,
): Promise<void> {
  const timers: ReturnType<typeof setTimeout>[] = [];
  const after = (ms: number, then: () => void) => {
    const timer = setTimeout(then, ms);
    timer.unref();
    timers.push(timer);
  };
  after(limits.warnAfterMs, () => log.warn({ step: name }, `Shutdown is still waiting for ${name}`));
  const givenUp = new Promise<'given up'>((resolve) =>
    after(limits.giveUpAfterMs, () => resolve('given up')),
  );
  try {
    const outcome = await Promise.race([Promise.resolve().then(step), givenUp]);
    if (outcome === 'given up')
      log.error({ step: name }, `Shutdown left ${name} behind after ${limits.giveUpAfterMs} ms`);
  } finally {
    for (const timer of timers) clearTimeout(timer);
  }
}
