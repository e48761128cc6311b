import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_OPTIONS } from '../../../scripts/server-node-options.mjs';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The process and all its descendants, read from /proc: what a process list would show. */
function processTree(pid: number) {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name in parentheses may hold spaces: the fields after it are reliable.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // It ended between the listing and the read.
    }
  }
  const tree = [pid];
  for (let index = 0; index < tree.length; index += 1) tree.push(...(children.get(tree[index] ?? 0) ?? []));
  return tree.flatMap((member) => {
    try {
      return [readFileSync(`/proc/${member}/cmdline`, 'utf8').split('\0').filter(Boolean)];
    } catch {
      return [];
    }
  });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-npm-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start', () => {
  // Issue 19: production runs JavaScript built from the TypeScript, no loader at run time.
  it.skipIf(!existsSync('/proc/self/cmdline'))(
    'runs the compiled server (built first when stale): no TypeScript loader in its process list',
    async () => {
      // The web app is not this test's subject, and building it would take minutes.
      const start = spawn(process.execPath, ['scripts/start.mjs', '--no-web-build'], {
        cwd: repositoryRoot,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          REDIS_PREFIX: `juntos-test-${randomBytes(6).toString('hex')}:`,
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const exited = new Promise<number | null>((resolve) => start.once('exit', (code) => resolve(code)));
      const url = await new Promise<string>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        };
        start.stdout.on('data', onData);
        start.stderr.on('data', onData);
        void exited.then(() => reject(new Error(`npm start exited before listening:\n${output}`)));
      });
      try {
        expect((await fetch(`${url}/api/health/`)).status).toBe(200);
        const commands = processTree(start.pid ?? 0);
        const server = commands.find((command) =>
          command.some((part) => part.endsWith('apps/api/dist/server.js')),
        );
        // With the options it is deployed with (decision 0055: the young generation's size).
        expect(server).toEqual(expect.arrayContaining([...SERVER_NODE_OPTIONS]));
        const typescript = commands.filter((command) => command.some((part) => /tsx|\.[cm]?ts$/.test(part)));
        expect(typescript).toEqual([]);
      } finally {
        start.kill('SIGTERM');
      }
      expect(await exited).toBe(0);
    },
    // A few seconds on a quiet machine (build ~1 s, a new embedded database ~3 s); generous for a
    // loaded one.
    120_000,
  );
});
