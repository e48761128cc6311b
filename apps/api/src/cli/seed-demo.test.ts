import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { DEMO_MEMBERS, DEMO_PASSWORD, demoEmail } from './demo-community';

const apiRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `npm run seed:demo` as an operator would, on its own embedded database. */
function seed(dataDir: string, ...args: string[]) {
  // The environment of an operator's shell: NODE_ENV unset (production), not the test runner's.
  const environment = { ...process.env };
  delete environment.NODE_ENV;
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      'npx',
      ['tsx', 'src/cli/seed-demo.ts', ...args],
      { cwd: apiRoot, env: { ...environment, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: apiRoot } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

describe('npm run seed:demo', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-demo-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('fills an empty database with a community members can sign in to, and refuses a second time', async () => {
    const first = await seed(dataDir);
    expect(first.output).toContain('The demo community is ready');
    expect(first.code).toBe(0);

    const t = await createTestApp({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { email: demoEmail('lucia'), password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const auth = { authorization: `Bearer ${login.json<{ access: string }>().access}` };
      const feed = await t.app.inject({ method: 'GET', url: '/api/posts/?limit=50', headers: auth });
      const results = feed.json<{ results: { comments_count: number; image_url: string | null }[] }>()
        .results;
      expect(results.length).toBeGreaterThanOrEqual(5);
      expect(results.some((post) => post.image_url && post.comments_count > 0)).toBe(true);
      const friends = await t.app.inject({ method: 'GET', url: '/api/amigos/', headers: auth });
      expect(friends.json<unknown[]>().length).toBeGreaterThan(0);
      const photo = friends.json<{ photo: string }[]>()[0]?.photo ?? '';
      expect((await t.app.inject({ method: 'GET', url: photo })).statusCode).toBe(200);
      const earnings = await t.app.inject({ method: 'GET', url: '/api/monetizacion/status/', headers: auth });
      expect(earnings.json()).toMatchObject({ activated: true });
      // Issue 34: a moderated topic community from the starter set, with a pinned welcome.
      const katrin = await t.app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { email: demoEmail('katrin'), password: DEMO_PASSWORD },
      });
      const asKatrin = { authorization: `Bearer ${katrin.json<{ access: string }>().access}` };
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: asKatrin });
      expect(me.json<{ moderates: number[] }>().moderates).toHaveLength(1);
      const [moderated] = me.json<{ moderates: number[] }>().moderates;
      const community = await t.app.inject({
        method: 'GET',
        url: `/api/comunidades/${moderated}/`,
        headers: asKatrin,
      });
      expect(community.json()).toMatchObject({ kind: 'topic', slug: 'mobility-aids', joined: true });
      // Issue 35: hosted by an association of the directory, whose representative she is.
      expect(community.json()).toMatchObject({
        host: { nombre: expect.stringContaining('ASBH') },
        is_host: true,
        rules: { text: expect.stringContaining('ASBH') },
        rules_pending: false,
      });
      const pinned = await t.app.inject({
        method: 'GET',
        url: `/api/comunidades/${moderated}/publicaciones/`,
        headers: asKatrin,
      });
      expect(pinned.json<{ results: { pinned: boolean }[] }>().results[0]?.pinned).toBe(true);
    } finally {
      await t.cleanup();
    }

    const second = await seed(dataDir);
    expect(second.code).toBe(1);
    expect(second.output).toContain(`The database already has ${DEMO_MEMBERS.length} accounts`);
    // A hang guard: two processes and an app, each migrating an embedded database, ran past 120 s
    // beside the browser tier on two cores; it takes under a minute on a quiet machine.
  }, 600_000);
});
