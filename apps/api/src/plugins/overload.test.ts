import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { rawExchange } from '../test-support/raw-http';
import { createTestApp, type TestApp } from '../test-support/test-app';

/** Asks until the guard's next sample (once a second) has seen the pressure. */
async function untilRefused(t: TestApp, url: string) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'de' } });
    if (response.statusCode === 503) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was never refused`);
}

describe('overload guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A heap limit every process is over: the guard refuses from its first sample on.
    t = await createTestApp({ OVERLOAD_HEAP_USED_MB: '1', OVERLOAD_RETRY_AFTER_SECONDS: '7' });
  });
  afterAll(async () => t.cleanup());

  it('refuses with 503 overloaded, Retry-After and a body in the caller language', async () => {
    const response = await untilRefused(t, '/api/me');
    expect(response.headers['retry-after']).toBe('7');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.json()).toEqual({
      code: 'overloaded',
      error: 'Der Server ist gerade überlastet. Bitte versuchen Sie es in ein paar Sekunden erneut.',
    });
  });

  it('refuses a chat socket with 503 too, and closes its connection rather than leaving it half-open', async () => {
    await untilRefused(t, '/api/me');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { received, closedByServer } = await rawExchange(
      address,
      'GET /ws/chat/ HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    expect(received).toMatch(/^HTTP\/1.1 503/);
    // Before, the refusal before the websocket plugin's hook kept a descriptor per attempt.
    expect(closedByServer).toBe(true);
  });

  it('still answers the health check, which says why the instance refuses', async () => {
    await untilRefused(t, '/api/me');
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      pressure: { overloaded: boolean; reasons: string[]; heapUsedBytes: number };
    }>();
    expect(body).toMatchObject({
      status: 'ok',
      db: 'ok',
      pressure: { overloaded: true, reasons: ['heap_used'] },
    });
    expect(body.pressure.heapUsedBytes).toBeGreaterThan(2 ** 20);
  });

  it('does not count a start-up that held the event loop as overload', async () => {
    const starting = await createTestApp({ OVERLOAD_EVENT_LOOP_DELAY_MS: '200' });
    try {
      // As a long migration would, before the app has served anything: the event loop held for
      // longer than a whole sample. The first request (which also runs start-up's hooks) comes after.
      const heldUntil = Date.now() + 1500;
      while (Date.now() < heldUntil);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const response = await starting.app.inject({ method: 'GET', url: '/api/nope/' });
      expect(response.statusCode).toBe(404);
    } finally {
      await starting.cleanup();
    }
  });

  it('has limits far above normal use in production, and none in tests unless a test sets one', () => {
    const production = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).overload;
    expect(production).toMatchObject({
      eventLoopDelayMs: 1000,
      databaseWaiting: 1000,
      retryAfterSeconds: 10,
    });
    expect(production.heapUsedBytes).toBeGreaterThan(256 * 2 ** 20);
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) }).overload).toMatchObject({
      eventLoopDelayMs: 0,
      heapUsedBytes: 0,
      databaseWaiting: 0,
    });
  });
});
