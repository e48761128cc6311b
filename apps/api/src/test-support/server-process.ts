import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsxCli = path.resolve(apiRoot, '../../node_modules/tsx/dist/cli.mjs');

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * Starts the real server (`src/server.ts`) as its own process on a free port and resolves once it
 * listens. Used where only a process will do: signals, restarts, two instances.
 */
export async function startServerProcess(environment: Record<string, string> = {}): Promise<ServerProcess> {
  // LOG_LEVEL stays info: readiness is read from Fastify's "Server listening" log line.
  const child = spawn(process.execPath, [tsxCli, 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: environment.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'juntos-proc-')),
      // When the run has a REDIS_URL, this server's keys and channels stay apart from other runs'.
      REDIS_PREFIX: `juntos-test-${randomBytes(6).toString('hex')}:`,
      ...environment,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => reject(new Error(`server exited before listening:\n${output}`)));
  });
  return { child, url, output: () => output, exited };
}
