import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUrl } from '../test-support/chat-client';
import { adultPayload, codeFrom, lastEmailTo } from '../test-support/accounts';
import { completeProfile, makeFriends, putProfile, sendForm } from '../test-support/profiles';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { CONNECTION_LIMITS, MEMBER_FRAME_LIMIT } from './socket-gateway';

const METRICS_TOKEN = 'metrics-token-for-the-flood-test';
const SOCKETS = 30;
const FLOODERS = 3;
/** Frames each accepted socket sends at once: more than a whole member's burst. */
const FRAMES_PER_CONNECTION = MEMBER_FRAME_LIMIT.burst + 50;
/** A hostile client's pause before reconnecting (the web client waits 60 s after a 1008). */
const RECONNECT_PAUSE_MS = 200;
/** Feed requests measured idle, and as many during the flood, in BLOCKS alternating blocks. */
const SAMPLES = 600;
const BLOCKS = 12;
/** Measured rounds at most (see the end of the test). */
const ROUNDS = 3;

type FloodReport = { attempts: number; opened: number; refusedByLimit: number; framesSent: number };

/**
 * The flooding clients run on a thread of their own, so that their work is not counted as the
 * server's: each of SOCKETS sockets (of FLOODERS members, in turn) connects, sends
 * FRAMES_PER_CONNECTION frames (heartbeats, mark_reads and messages to a friend), and reconnects
 * RECONNECT_PAUSE_MS after every close until told to stop.
 */
const FLOOD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require('ws');
const { urls, localAddress, friendId, frames, pauseMs, sockets } = workerData;
const report = { attempts: 0, opened: 0, refusedByLimit: 0, framesSent: 0 };
let stopping = false;
let paused = true;
const waiting = [];
const open = new Set();
function loop(index) {
  if (stopping) return;
  if (paused) {
    waiting.push(index);
    return;
  }
  report.attempts += 1;
  const socket = new WebSocket(urls[index % urls.length], { localAddress });
  open.add(socket);
  socket.on('open', () => {
    report.opened += 1;
    for (let frame = 0; frame < frames; frame += 1) {
      const kind = frame % 3;
      socket.send(JSON.stringify(
        kind === 0 ? { action: 'heartbeat' }
        : kind === 1 ? { action: 'mark_read', sender_id: friendId }
        : { receiver_id: friendId, message: 'flood ' + frame, temp_id: 'f' + frame },
      ));
      report.framesSent += 1;
    }
  });
  // A connection limit refuses the upgrade itself: ws reports the 429 as an error, then closes.
  socket.on('error', (error) => {
    if (/Unexpected server response: 429/.test(error.message)) report.refusedByLimit += 1;
  });
  socket.on('close', () => {
    open.delete(socket);
    setTimeout(() => loop(index), pauseMs);
  });
}
for (let index = 0; index < sockets; index += 1) loop(index);
parentPort.on('message', (command) => {
  if (command === 'resume') {
    paused = false;
    for (const index of waiting.splice(0)) loop(index);
  } else if (command === 'pause') {
    paused = true;
  } else {
    stopping = true;
    for (const socket of open) socket.terminate();
    setTimeout(() => parentPort.postMessage(report), pauseMs + 50);
  }
});
`;

const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Infinity;
};

/**
 * Issue 32 (6): sockets cannot be farmed. A reconnect flood from three accounts (30 sockets, each
 * reconnecting as soon as it is closed and sending more frames than a member's whole allowance)
 * once took another member's feed from 8 ms to 942 ms at the median, with 20 % answered 503. Now
 * the frame allowance belongs to the member and connections are limited per member and per
 * address, so the flood's cost is bounded by the limits, whatever the machine's speed: the test
 * checks those bounds from the server's own counts, and the feed's p99 against its idle p99
 * measured in the same run, with the overload guard on (production's thresholds).
 */
describe('a reconnect flood from three accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_SCALE: '1',
      METRICS_TOKEN,
      OVERLOAD_EVENT_LOOP_DELAY_MS: '1000',
      OVERLOAD_DATABASE_WAITING: '1000',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  // Closing waits for the flood's sockets to finish closing: on a machine running both heavy tiers
  // that took longer than the default minute (a guard against a hang, not a speed check).
  afterAll(async () => t.cleanup(), 300_000);

  const counts = async () => {
    const text = await (
      await fetch(new URL('/api/metrics/', chatUrl(t.app).replace('ws:', 'http:')), {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      })
    ).text();
    const read = (name: string, outcome: string) =>
      Number(new RegExp(`^${name}\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
    return {
      accepted: read('juntos_chat_connections_total', 'accepted'),
      refused: read('juntos_chat_connections_total', 'refused'),
      framesHandled: read('juntos_chat_frames_total', 'handled'),
    };
  };

  /**
   * Setting up is not what is measured: when another process on the machine starves this one, the
   * overload guard (1 s of event-loop delay) may refuse a sign-up, which is then sent again.
   */
  const served = async <R extends { statusCode: number }>(send: () => Promise<R>) => {
    for (let attempt = 1; ; attempt += 1) {
      const response = await send();
      if (response.statusCode !== 503 || attempt === 20) return response;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  /** An adult with a profile, signed up from `address` (each round's accounts come from their own). */
  const memberFrom = async (remoteAddress: string, nombre: string) => {
    const payload = adultPayload();
    const registered = await served(() =>
      t.app.inject({ method: 'POST', url: '/api/register/', payload, remoteAddress }),
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const code = codeFrom((await lastEmailTo(t.app, payload.email)).textBody);
    const activated = await served(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/activate/',
        payload: { email: payload.email, code },
        remoteAddress,
      }),
    );
    expect(activated.statusCode, activated.body).toBe(200);
    const member = activated.json<{ access: string; user: { id: number } }>();
    expect((await putProfile(t.app, member.access, completeProfile({ nombre }))).statusCode).toBe(200);
    return member;
  };

  it('leaves another member’s feed as fast as when idle, with no 503, and costs no more than the limits allow', async () => {
    const reader = await memberFrom('10.0.0.1', 'Rosa');
    const friend = await memberFrom('10.0.0.1', 'Félix');
    for (let index = 0; index < 5; index += 1)
      expect(
        (await sendForm(t.app, friend.access, 'POST', '/api/posts/', { text: `Post ${index}` })).statusCode,
      ).toBe(201);
    await makeFriends(t.app, reader.user.id, friend.user.id);

    const feedUrl = new URL('/api/posts/', chatUrl(t.app).replace('ws:', 'http:'));
    const headers = { authorization: `Bearer ${reader.access}` };
    type Measure = { times: number[]; statuses: number[] };
    const sample = async (into: Measure, count: number) => {
      for (let index = 0; index < count; index += 1) {
        const started = performance.now();
        const response = await fetch(feedUrl, { headers });
        await response.arrayBuffer();
        into.times.push(performance.now() - started);
        into.statuses.push(response.status);
      }
    };
    const p = (measure: Measure) => ({
      p50: Math.round(percentile(measure.times, 0.5) * 10) / 10,
      p99: Math.round(percentile(measure.times, 0.99) * 10) / 10,
    });
    // Warm-up: the first requests compile the queries.
    await sample({ times: [], statuses: [] }, 50);

    /**
     * One flood by three fresh accounts from a fresh client address (127.0.0.<n>), its opening
     * burst included, with the feed measured in blocks that alternate with idle ones, so that
     * whatever else the machine is doing weighs on both measures alike.
     */
    const round = async (index: number) => {
      const flooders = [];
      for (let number = 0; number < FLOODERS; number += 1) {
        const flooder = await memberFrom(`10.0.${index}.${number + 2}`, `Flood ${index}.${number}`);
        await makeFriends(t.app, flooder.user.id, friend.user.id);
        flooders.push(flooder);
      }
      const idle: Measure = { times: [], statuses: [] };
      const flooded: Measure = { times: [], statuses: [] };
      const before = await counts();
      const worker = new Worker(FLOOD_WORKER, {
        eval: true,
        workerData: {
          urls: flooders.map((flooder) => chatUrl(t.app, flooder.access)),
          localAddress: `127.0.0.${index + 10}`,
          friendId: friend.user.id,
          frames: FRAMES_PER_CONNECTION,
          pauseMs: RECONNECT_PAUSE_MS,
          sockets: SOCKETS,
        },
      });
      const floodStarted = performance.now();
      for (let block = 0; block < BLOCKS; block += 1) {
        await sample(idle, SAMPLES / BLOCKS);
        worker.postMessage('resume');
        await sample(flooded, SAMPLES / BLOCKS);
        worker.postMessage('pause');
      }
      const reported = new Promise<FloodReport>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const flood = await reported;
      const floodSeconds = (performance.now() - floodStarted) / 1000;
      await worker.terminate();
      const after = await counts();
      const summary = JSON.stringify({
        round: index,
        idle: p(idle),
        flooded: p(flooded),
        flood,
        floodSeconds,
      });

      // The flood really flooded: far more attempts than the limits let through.
      expect(flood.attempts, summary).toBeGreaterThan(3 * FLOODERS * CONNECTION_LIMITS.perMember.points);
      expect(flood.refusedByLimit, summary).toBeGreaterThan(0);
      // What the server accepted and handled is bounded by the limits, not by the machine's speed
      // (the flood usually lasts less than one window of the connection limits).
      const windows = Math.ceil((floodSeconds * 1000) / CONNECTION_LIMITS.perMember.windowMs);
      const accepted = after.accepted - before.accepted;
      expect(accepted, summary).toBeGreaterThan(0);
      expect(accepted, summary).toBeLessThanOrEqual(
        windows *
          Math.min(FLOODERS * CONNECTION_LIMITS.perMember.points, CONNECTION_LIMITS.perAddress.points),
      );
      expect(after.refused - before.refused, summary).toBeGreaterThanOrEqual(flood.refusedByLimit);
      expect(after.framesHandled - before.framesHandled, summary).toBeLessThanOrEqual(
        FLOODERS * (MEMBER_FRAME_LIMIT.burst + MEMBER_FRAME_LIMIT.perSecond * Math.ceil(floodSeconds + 1)),
      );
      const statuses = [...idle.statuses, ...flooded.statuses];
      expect(
        statuses.filter((status) => status !== 200 && status !== 503),
        summary,
      ).toEqual([]);
      // A 503 is the overload guard (1 s of event-loop delay): a machine starving this process
      // gives one as well as a flood does, so it fails the round like a slow one, and the round is
      // run again; a flood that overloads the server does so in every round.
      const refused = statuses.filter((status) => status === 503).length;
      // The median within twice the idle one plus 25 ms: an unbounded flood (issue 32) moved it
      // from 8 to 942 ms. The p99, one request in a hundred, moves with every pause a busy machine
      // gives this process (a starved run measured idle 293 ms, flooded 735 ms, medians 18 and
      // 35), so it is held to four times the idle one plus 100 ms.
      return {
        fast:
          refused === 0 && p(flooded).p50 <= 2 * p(idle).p50 + 25 && p(flooded).p99 <= 4 * p(idle).p99 + 100,
        summary: `${summary} (503: ${refused})`,
      };
    };

    // A busy machine's own pauses are not the flood's doing: a round whose p99 is over that bound
    // is run again, with new accounts and a new address, up to ROUNDS times. A flood that
    // is not bounded (issue 32: p50 8 ms to 942 ms) is slow in every round.
    const rounds = [];
    let fast = false;
    for (let index = 1; index <= ROUNDS && !fast; index += 1) {
      const result = await round(index);
      rounds.push(result.summary);
      fast = result.fast;
    }
    expect(fast, rounds.join('\n')).toBe(true);
  }, 600_000); // a hang guard: a starved machine may need every round, each far slower than on a quiet one
});
