import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { freePort } from './postgres-process';

/**
 * A Redis server of the test's own, which it may kill and start again on the same port (issue 36
 * point 8: faults are tried on a Redis the test owns, never the machine's). Undefined where the
 * machine has no `redis-server`, and the test is skipped there.
 */
export type RedisProcess = {
  url: string;
  /** Kills it at once, as a crash would: no goodbye to the clients. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it answering while its connections stay open, as a server that hangs would. */
  pause(): void;
  resume(): void;
};

export function redisServerAvailable(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export async function startRedisProcess(): Promise<RedisProcess> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  async function answering(timeoutMs: number) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        await probe.ping();
        return;
      } catch (error) {
        if (Date.now() > until) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        probe.disconnect();
      }
    }
  }

  const server: RedisProcess = {
    url,
    async start() {
      // In memory only: nothing of a test's run is written to the disk.
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      await answering(15_000);
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
      child = undefined;
    },
  };
  await server.start();
  return server;
}
