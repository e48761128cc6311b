import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from './test-support/test-app';

type Line = {
  msg: string;
  reqId?: string;
  pid?: number;
  req?: { url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
};

/** The request log writes one line per answer, and one on arrival for a socket's upgrade. */
describe('request log', () => {
  let log = '';
  let t: TestApp;
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

  it('writes a line for a socket upgrade, which never completes as an answer', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    log = '';
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws/chat/`);
    await new Promise((resolve) => {
      socket.once('open', resolve);
      socket.once('error', resolve);
    });
    socket.close();
    const arrived = lines().filter((line) => line.req?.url === '/ws/chat/');
    expect(arrived.map((line) => line.msg)).toContain('incoming request');
    // Written by the root logger, with the request's id and the process's bindings all the same.
    expect(arrived.find((line) => line.msg === 'incoming request')).toMatchObject({
      reqId: expect.stringMatching(/^req-/),
      pid: process.pid,
    });
  });
});
