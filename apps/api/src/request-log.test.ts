import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { rawExchange } from './test-support/raw-http';
import { createTestApp, type TestApp } from './test-support/test-app';

type Line = {
  msg: string;
  reqId?: string;
  pid?: number;
  req?: { url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
};

/** The request log writes one line per answer, and one when a socket (an upgrade) ends. */
describe('request log', () => {
  let log = '';
  let t: TestApp;
  let address = '';
  const lines = () =>
    log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);

  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void (log += line) } },
    );
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.cleanup());

  it('writes exactly one "request completed" line per request, with its url and status', async () => {
    log = '';
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const written = lines();
    expect(written.filter((line) => line.msg === 'incoming request')).toEqual([]);
    const completed = written.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ req: { url: '/api/me' }, res: { statusCode: 401 } });
    expect(completed[0]?.responseTime).toEqual(expect.any(Number));
  });

  it('gives each request its own id on its line, with the process’s bindings', async () => {
    log = '';
    await t.app.inject({ method: 'GET', url: '/api/me' });
    await t.app.inject({ method: 'GET', url: '/api/me' });
    const completed = lines().filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(2);
    expect(completed.map((line) => line.pid)).toEqual([process.pid, process.pid]);
    const [first, second] = completed.map((line) => line.reqId);
    expect(first).toMatch(/^req-/);
    expect(second).toMatch(/^req-/);
    expect(first).not.toBe(second);
  });

  it('writes one line for a socket when it ends, with how long it lived; a refused upgrade has one line too', async () => {
    const wsUrl = `${address.replace('http', 'ws')}/ws/chat/`;
    log = '';
    const socket = new WebSocket(wsUrl);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => socket.once('open', resolve));
    // Open: nothing is written yet.
    expect(lines().filter((line) => line.req?.url === '/ws/chat/')).toEqual([]);
    await closed;
    await expect
      .poll(() => lines().filter((line) => line.req?.url === '/ws/chat/'))
      .toEqual([
        expect.objectContaining({
          msg: 'request completed',
          res: { statusCode: 101 },
          responseTime: expect.any(Number),
          // Written by the root logger, with the request's id and the process's bindings all the same.
          reqId: expect.stringMatching(/^req-/),
          pid: process.pid,
        }),
      ]);

    // Another site's page is refused with 403 before any socket opens: its answer's line only.
    log = '';
    const foreign = new WebSocket(wsUrl, { headers: { Origin: 'https://elsewhere.example' } });
    await new Promise((resolve) => foreign.once('error', resolve));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = lines().filter((line) => line.req?.url === '/ws/chat/');
    expect(refused).toEqual([
      expect.objectContaining({ msg: 'request completed', res: { statusCode: 403 } }),
    ]);

    // A handshake `ws` refuses itself (no key) never opened a socket: its line says 400, not 101.
    log = '';
    const { received: answer } = await rawExchange(
      address,
      'GET /ws/chat/ HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1.1 400/);
    await expect
      .poll(() => lines().filter((line) => line.req?.url === '/ws/chat/'))
      .toEqual([expect.objectContaining({ msg: 'request completed', res: { statusCode: 400 } })]);
  });

  it('writes one line per request that merely names an Upgrade header, on a keep-alive connection', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    log = '';
    // Without `Connection: upgrade` Node takes these by its request path; 15 of them share one
    // connection, more than a socket's default of 10 listeners.
    const request = 'GET /api/me HTTP/1.1\r\nHost: x\r\nUpgrade: h2c\r\nConnection: keep-alive\r\n\r\n';
    const { received: answers } = await rawExchange(address, request.repeat(15), { answers: 15 });
    process.off('warning', onWarning);
    expect(answers.match(/HTTP\/1.1 401/g)).toHaveLength(15);
    await expect.poll(() => lines().filter((line) => line.req?.url === '/api/me')).toHaveLength(15);
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});
