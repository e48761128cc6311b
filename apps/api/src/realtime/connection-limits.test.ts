import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUrl, settle } from '../test-support/chat-client';
import { createMemberWithProfile } from '../test-support/profiles';
import { createListeningTestApp, type TestApp } from '../test-support/test-app';
import { CONNECTION_LIMITS } from './socket-gateway';
import { twoInstancesThroughRedis } from '../test-support/two-instances';

type Attempt = { opened: boolean; status?: number; retryAfter?: number; body?: Record<string, unknown> };

/** One connection attempt: opened (then closed at once), or refused with an HTTP status. */
const attempt = (url: string) =>
  new Promise<Attempt>((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { 'accept-language': 'en' } });
    socket.once('open', () => {
      socket.close();
      resolve({ opened: true });
    });
    socket.once('unexpected-response', (request, response: IncomingMessage) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        request.destroy();
        resolve({
          opened: false,
          status: response.statusCode,
          retryAfter: Number(response.headers['retry-after']),
          body: JSON.parse(text) as Record<string, unknown>,
        });
      });
    });
    socket.once('error', reject);
  });

const perMember = CONNECTION_LIMITS.perMember.points;
const perAddress = CONNECTION_LIMITS.perAddress.points;

/**
 * Issue 32 (6): opening chat sockets is limited per member and per client address, before the
 * account is looked up, with an HTTP 429 on the upgrade (no socket opens). Every app here counts
 * for real (RATE_LIMIT_SCALE 1).
 */
describe('chat connection limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createListeningTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(async () => t.cleanup());

  it(`opens ${perMember} sockets a minute per member, then answers the upgrade 429 with Retry-After, before any lookup`, async () => {
    const member = await createMemberWithProfile(t.app);
    const other = await createMemberWithProfile(t.app);
    for (let index = 0; index < perMember; index += 1)
      expect(await attempt(chatUrl(t.app, member.access))).toEqual({ opened: true });
    // The closed sockets' presence clean-up is done before counting.
    await settle(500);
    // The instance reads the sessions issued and ended lately once a second (decision 0050), and a
    // busy machine may finish the clean-up late: such a read can land in one refusal's moment. A
    // lookup per attempt would land in every one of them.
    const queriesOfEach: number[] = [];
    let refused: Awaited<ReturnType<typeof attempt>> | undefined;
    for (let index = 0; index < 3; index += 1) {
      const queries = t.app.database.queryCount();
      refused = await attempt(chatUrl(t.app, member.access));
      queriesOfEach.push(t.app.database.queryCount() - queries);
      await settle(150);
    }
    expect(Math.min(...queriesOfEach)).toBe(0);
    expect(refused).toMatchObject({
      opened: false,
      status: 429,
      body: {
        code: 'rate_limited',
        error:
          'The chat has been connected too often in a short time. It will try again by itself in a minute.',
      },
    });
    expect(refused?.retryAfter).toBeGreaterThan(0);
    // Another member, from the same address, is not held back.
    expect(await attempt(chatUrl(t.app, other.access))).toEqual({ opened: true });
  });

  it(`counts every attempt against the client address, tokens or not: ${perAddress} a minute`, async () => {
    // The first test's attempts came from this address too.
    let refused: Attempt | undefined;
    for (let index = 0; index <= perAddress && !refused; index += 1) {
      const result = await attempt(chatUrl(t.app, 'not-a-token'));
      if (result.status === 429) refused = result;
    }
    expect(refused).toMatchObject({ opened: false, status: 429, body: { code: 'rate_limited' } });
    const member = await createMemberWithProfile(t.app);
    expect(await attempt(chatUrl(t.app, member.access))).toMatchObject({ opened: false, status: 429 });
  });
});

const redisUrl = process.env.REDIS_URL;

/** With REDIS_URL the counts are shared: spreading attempts over instances gains nothing. */
describe.skipIf(!redisUrl)('chat connection limits across two instances through Redis', () => {
  const instances = twoInstancesThroughRedis(redisUrl ?? '', { RATE_LIMIT_SCALE: '1' }, { listen: true });

  it(`refuses a member's connection past ${perMember} a minute, however they are spread over instances`, async () => {
    const { a, b } = instances;
    const member = await createMemberWithProfile(a.app);
    for (let index = 0; index < perMember; index += 1)
      expect(await attempt(chatUrl(index % 2 === 0 ? a.app : b.app, member.access))).toEqual({
        opened: true,
      });
    expect(await attempt(chatUrl(a.app, member.access))).toMatchObject({ opened: false, status: 429 });
    expect(await attempt(chatUrl(b.app, member.access))).toMatchObject({ opened: false, status: 429 });
  });
});
