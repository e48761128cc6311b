import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from './test-support/server-process';

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the request in flight, refuses new ones, and exits 0 within 10 s', async () => {
    const server = await startServerProcess();
    const slow = fetch(`${server.url}/api/__test__/slow/?ms=1500`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    const response = await slow;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ waited: 1500 });

    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    await expect(fetch(`${server.url}/api/health/`)).rejects.toThrow();
    expect(server.output()).toContain('shutting down');
  });

  it('refuses to start with a bad configuration, naming the variable', async () => {
    await expect(startServerProcess({ PORT: 'eighty' })).rejects.toThrow(/PORT: must be a port number/);
  });
});

describe('start-up with the embedded defaults (issue 36)', () => {
  it('answers its first request without loading a client it has not used yet', async () => {
    const tracer = fileURLToPath(new URL('./test-support/trace-packages.mjs', import.meta.url));
    // Embedded defaults even when the run has a PostgreSQL or a Redis (an empty value is unset).
    const server = await startServerProcess({
      NODE_OPTIONS: `--import ${tracer}`,
      DATABASE_URL: '',
      REDIS_URL: '',
    });
    expect((await fetch(`${server.url}/api/health/`)).status).toBe(200);
    server.child.kill('SIGTERM');
    // It ended through its own shutdown: a kill would have lost the list it prints on exit.
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const lists = [...server.output().matchAll(/^packages resolved: (.*)$/gm)].map((match) => match[1]!);
    expect(lists.join(' ')).toContain('fastify');
    for (const unused of [
      'sharp',
      '@aws-sdk/client-s3',
      'ioredis',
      'nodemailer',
      '@simplewebauthn/server',
      'web-push',
    ])
      expect(lists.join(' ').split(' '), unused).not.toContain(unused);
  });
});
