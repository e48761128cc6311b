import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test-support/eventually';
import {
  postgresAvailable,
  startPostgresProcess,
  type PostgresProcess,
} from '../test-support/postgres-process';
import { startServerProcess, type ServerProcess } from '../test-support/server-process';

/**
 * Issue 36, point 8a: with its database away, the API answered every call 500 `internal_error`
 * with no Retry-After and wrote a stack trace for each. Now: 503 with Retry-After in the caller's
 * language, one log line when the outage starts and one when it ends. On a PostgreSQL server the
 * test starts and stops itself.
 */
describe.runIf(postgresAvailable())('the database away for a while', () => {
  let database: PostgresProcess;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await startPostgresProcess();
    // The job queue polls every second, so its failures during the outage are seen too.
    server = await startServerProcess({ DATABASE_URL: database.url, JOBS_POLL_SECONDS: '1' });
    // Its start runs in the background: started before the database goes away, as in production.
    await eventually(() => expect(server.output()).toContain('job queue started'), 60_000);
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await database?.remove();
    rmSync(String(server?.child.spawnargs.find((arg) => arg.startsWith('/tmp/juntos-proc-')) ?? ''), {
      recursive: true,
      force: true,
    });
  });

  const signIn = (language: string) =>
    fetch(`${server.url}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': language },
      body: JSON.stringify({ email: 'nobody@example.org', password: 'not the password 123' }),
    });
  const health = () => fetch(`${server.url}/api/health/`, { headers: { 'accept-language': 'en' } });

  it('answers 503 with Retry-After in the caller’s language, logs the outage once and its end', async () => {
    expect((await health()).status).toBe(200);
    expect((await signIn('en')).status).toBe(401);
    const logBefore = server.output().length;

    await database.stop();
    const answers = [];
    for (let call = 0; call < 10; call += 1) answers.push(await signIn(call % 2 ? 'de' : 'en'));
    answers.push(await health());
    // Away for longer than the queue's polls: what they meet is the same outage, not new errors.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('10');
    }
    const bodies = await Promise.all(
      answers.map((answer) => answer.json() as Promise<{ code: string; error: string }>),
    );
    expect(new Set(bodies.map((body) => body.code))).toEqual(new Set(['database_unavailable']));
    expect(bodies[0]?.error).toMatch(/temporarily unavailable/i);
    expect(bodies[1]?.error).toMatch(/vorübergehend nicht verfügbar/i);

    await database.start();
    await eventually(async () => expect((await signIn('en')).status).toBe(401), 30_000);
    await eventually(
      () => expect(server.output().slice(logBefore)).toContain('database reachable again'),
      30_000,
    );

    const log = server.output().slice(logBefore);
    expect(log.match(/database unreachable/g)).toHaveLength(1);
    expect(log.match(/database reachable again/g)).toHaveLength(1);
    expect(log).not.toContain('unhandled error');
    expect(log).not.toContain('"stack"');
  });
});
