import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server of the test's own, which it may stop and start again (issue 36, point 8:
 * faults are tried on a database the test owns, never the machine's). Built from the machine's
 * PostgreSQL binaries: undefined where there are none (a laptop with only PGlite), and the test
 * is skipped there. PostgreSQL refuses to run as root, so under root it runs as `postgres`.
 */
export type PostgresProcess = {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
};

function binaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (process.platform !== 'linux' || !existsSync(root)) return undefined;
  const newest = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(root, newest, 'bin') : undefined;
}

function asPostgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function postgresAvailable(): boolean {
  if (!binaries()) return false;
  try {
    asPostgresUser();
    return true;
  } catch {
    return false;
  }
}

export async function startPostgresProcess(): Promise<PostgresProcess> {
  const bin = binaries();
  if (!bin) throw new Error('no PostgreSQL binaries on this machine');
  const user = asPostgresUser();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'juntos-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const options = user ? { uid: user.uid, gid: user.gid } : {};
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync', '--no-instructions'],
    { ...options, stdio: 'ignore' },
  );
  const port = await freePort();
  let server: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  async function start() {
    const child = spawn(
      path.join(bin!, 'postgres'),
      ['-D', dir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
      { ...options, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    server = child;
    exited = new Promise((resolve) => child.once('exit', () => resolve()));
    let log = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start:\n${log}`)), 60_000);
      child.stderr?.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`PostgreSQL exited with ${code}:\n${log}`));
      });
    });
  }

  /** A fast shutdown: open connections are cut, as when a database server goes away. */
  async function stop() {
    if (!server || server.exitCode !== null) return;
    server.kill('SIGINT');
    await exited;
  }

  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
