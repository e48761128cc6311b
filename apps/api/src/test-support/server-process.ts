import { randomBytes } from 'node:crypto';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SERVER_NODE_OPTIONS } from '../../../../scripts/server-node-options.mjs';
import { testDatabase } from './test-app';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const buildScript = path.resolve(apiRoot, '../../scripts/build-api.mjs');

export type ServerProcessOptions = {
  /**
   * Runs the production artefact (`dist/server.js`, what `npm start` runs), built first when
   * missing or older than its sources, instead of the sources through tsx. The browser tests and
   * the benchmarks use it so that they exercise and measure what is deployed.
   */
  compiled?: boolean;
};

/** The compiled server, (re)built when stale; the build prints why when it runs. */
async function compiledServer() {
  await promisify(execFile)(process.execPath, [buildScript, '--if-stale'], { cwd: apiRoot });
  return [...SERVER_NODE_OPTIONS, 'dist/server.js'];
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * Starts the real server (`src/server.ts`, or its build with `compiled`) as its own process on a
 * free port and resolves once it listens. Used where only a process will do: signals, restarts,
 * two instances, the browser tests.
 */
export async function startServerProcess(
  environment: Record<string, string> = {},
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  // The sources run through tsx's loader in this one process, not through the tsx command: that
  // command starts the server as a child and, when the child has not answered a relayed SIGTERM
  // within 30 ms (a busy machine), kills it with SIGKILL, so a test's signal never reached the
  // server's own shutdown and what it prints on exit was lost.
  const entry = options.compiled ? await compiledServer() : ['--import', 'tsx', 'src/server.ts'];
  // On the run's PostgreSQL a server gets a database of its own, as a test app does: two servers
  // migrating one database at once would race. The run drops it with the others.
  const ownDatabase =
    process.env.DATABASE_URL && environment.DATABASE_URL === undefined
      ? await testDatabase(process.env.DATABASE_URL, environment.DATA_DIR)
      : undefined;
  // LOG_LEVEL stays info: readiness is read from Fastify's "Server listening" log line.
  const child = spawn(process.execPath, entry, {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: environment.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'juntos-proc-')),
      // When the run has a REDIS_URL, this server's keys and channels stay apart from other runs'.
      REDIS_PREFIX: `juntos-test-${randomBytes(6).toString('hex')}:`,
      ...(ownDatabase ? { DATABASE_URL: ownDatabase.url } : {}),
      ...environment,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      // What the process wrote as it exited may still be in the pipe (on a busy machine it was):
      // wait for its end, but not for long, as a process the server started could hold it open.
      const done = () => resolve({ code, signal });
      const timer = setTimeout(done, 5_000);
      child.once('close', () => {
        clearTimeout(timer);
        done();
      });
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    // Seconds on a quiet machine; a loaded one (parallel suites, two cores) can take a minute to
    // create a new embedded database. A server that never got ready is killed, not left behind.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, 120_000);
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
