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
