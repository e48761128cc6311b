/**
 * `npm run bench:chat`: the chat WebSocket under load. Seeds members paired into friends, starts
 * the compiled server (`dist/server.js`, as `npm start` runs it) as child processes, opens one
 * socket per member (200 at a time, each beating every 30 s from the moment it opened), then sends
 * BENCH_RATE messages per second in total (default
 * 1,000) for BENCH_SECONDS (default 10), spread evenly over the pairs and alternating direction.
 * A warm-up of BENCH_WARMUP_SECONDS (default 2, at the same rate; longer when needed for every pair
 * to send once each way) comes first and is not counted.
 * Before it, BENCH_SETTLE_SECONDS (default 3) of quiet after the last socket opened: at 5,000
 * sockets the connection storm's own work (presence to friends, unread counts) outlasts 3 s.
 * It prints, per scenario: connect time, messages sent / delivered / lost, delivered per second,
 * sender-to-receiver latency p50 / p99 / max, and the server's resident memory (VmRSS of the
 * server process, read from /proc) before and after the sockets connected, per socket.
 *
 * Scenarios, for each of BENCH_SOCKETS (default "1000,5000"): the sockets on ONE instance; the
 * bare baseline at the same count and rate, a `ws` relay that stores each message with one
 * `INSERT … RETURNING` into the same table and forwards the row (bench/chat-relay.ts, PostgreSQL
 * only); then the same count across TWO instances sharing one database and one Redis, each pair's
 * members on different instances, and the bare relay as two instances through the same Redis (each
 * stored row published to the recipient's channel): what two instances cost a chat that does
 * nothing else on this machine. The two-instance part needs BENCH_POSTGRES_URL and REDIS_URL;
 * each run uses its own REDIS_PREFIX and deletes its keys. The single instance runs without Redis,
 * as a deployment of one does, unless BENCH_ONE_WITH_REDIS=1. All of it runs BENCH_ROUNDS times
 * (default 3), in turns. The closing table holds, as the median of the rounds, the project's p99
 * against the relay's (target ≤ 1.25×), two instances against one (≤ 1.5×, issue 36; issue 19
 * asked ≤ 2×) beside the same ratio of the bare relays and the project's two instances against the
 * relays' two (≤ 1.25×, as for one), connecting against the relay (≤ 2×) and the idle memory per
 * socket (≤ 20 KiB); `bench-results/chat.json` holds the same.
 *
 * Embedded PGlite by default (only one server process may open it, so only the single-instance
 * part runs); with BENCH_POSTGRES_URL (a server URL, such as
 * postgres://postgres@127.0.0.1:5432/postgres) it creates a database of its own there, and drops it.
 *
 * Open files: the load generator holds one descriptor per socket and so does the server (each
 * process has its own limit, inherited from this one). 5,000 sockets need a soft limit above
 * about 5,200; the script warns when it is lower: raise it in the shell first (`ulimit -n 20000`).
 * Node cannot raise it for itself.
 *
 * The load generator, the servers, PostgreSQL and Redis all share this machine's cores, so the
 * figures are a floor rather than what separate machines would give.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/database';
import { friendships, profiles, refreshTokens, users } from '../src/db/schema';
import { createAccessTokens } from '../src/lib/access-tokens';
import { textOf } from '../src/realtime/socket-connection';
import { startServerProcess, type ServerProcess } from '../src/test-support/server-process';
import { benchSessionId, benchSessionRow, withDatabase } from './bench-database';
import { median, writeResults } from './report';

const SOCKETS = (process.env.BENCH_SOCKETS ?? '1000,5000')
  .split(',')
  .map((value) => Number(value.trim()))
  .filter((value) => Number.isInteger(value) && value >= 2)
  // Members come in pairs.
  .map((value) => value - (value % 2));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const REDIS_URL = process.env.REDIS_URL || undefined;
/**
 * BENCH_ONE_WITH_REDIS=1: the single instance runs with REDIS_URL too, so "two against one" shows
 * what the second instance costs, apart from what Redis costs every instance.
 */
const ONE_WITH_REDIS = process.env.BENCH_ONE_WITH_REDIS === '1' && REDIS_URL !== undefined;
const CONNECT_CONCURRENCY = 200;
const HEARTBEAT_MS = 30_000;
/** After the last socket opened: presence updates and Redis subscriptions land, memory settles. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_SECONDS ?? 3) * 1000;
/**
 * Rounds of every scenario, in turns. The closing table holds the median of the rounds' figures:
 * one window's p99 is the 1 % slowest, which a single pause of the shared machine decides.
 */
const ROUNDS = Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS ?? 3)));
const STRAGGLERS_MS = 5_000;
const SEED_BATCH = 1_000;
const JWT_SECRET = randomBytes(32).toString('hex');
const RUN_TAG = randomBytes(3).toString('hex');

type Pair = readonly [number, number];

type Counters = {
  /** temp_id → when its message was sent (process.hrtime.bigint()). */
  pending: Map<string, bigint>;
  latenciesMs: number[];
  /** When each message still awaited by its sender's own socket was sent (the echo). */
  echoPending: Map<string, bigint>;
  /** Send to the echo on the sender's socket: the sender's instance alone, before any hop. */
  echoLatenciesMs: number[];
  /** Latencies by the second of the sending window their message was sent in. */
  bySecond: number[][];
  sendStarted: bigint;
  delivered: number;
  /** chat_message frames for the receiver whose temp_id was not pending (late or repeated). */
  unmatched: number;
  lateWarmup: number;
  echoes: number;
  notifications: number;
  errors: Map<string, number>;
  lastDelivery: bigint;
};

type Client = { userId: number; friendId: number; socket: WebSocket };

/** The project's server, or the bare relay it is held against. */
type Target = 'project' | 'relay';

type Result = {
  round: number;
  target: Target;
  instances: number;
  sockets: number;
  connected: number;
  connectFailures: number;
  connectSeconds: number;
  sent: number;
  delivered: number;
  lost: number;
  errors: number;
  errorCodes: string;
  unmatched: number;
  deliveredPerSecond: number;
  p50: number;
  p99: number;
  /** Send to the echo on the sender's own socket (NaN for the relay, which echoes nothing). */
  echoP99: number;
  max: number;
  rssBefore: number;
  rssConnected: number;
  rssAfterLoad: number;
  serverCpu: number;
  benchCpu: number;
  /** Share of all the machine's cores busy while sending (servers, load generator, databases). */
  machineBusy: number;
  droppedSockets: number;
  serverWarnings: string[];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const elapsedSeconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;

/** Migrates and seeds `count` active members with complete profiles; returns them as friend pairs. */
async function seed(databaseUrl: string | undefined, pgliteDir: string, count: number): Promise<Pair[]> {
  const database = await openDatabase({ databaseUrl, pgliteDir });
  try {
    await database.migrate();
    const { db } = database;
    const now = new Date();
    const ids: number[] = [];
    for (let start = 0; start < count; start += SEED_BATCH) {
      const batch = Array.from({ length: Math.min(SEED_BATCH, count - start) }, (_, i) => start + i);
      const created = await db
        .insert(users)
        .values(
          batch.map((i) => ({
            email: `bench-chat-${i}@example.org`,
            passwordHash: 'not-a-real-hash',
            telefono: '+34600000000',
            tipoRegistro: 'adulto' as const,
            isActive: true,
            activatedAt: now,
            profileCompletedAt: now,
          })),
        )
        .returning({ id: users.id });
      await db.insert(profiles).values(
        created.map(({ id }) => ({
          userId: id,
          nombre: `Member ${id}`,
          country: 'es',
          dateOfBirth: '1980-01-01',
          enfermedad: 'Sans diagnostic',
        })),
      );
      await db.insert(refreshTokens).values(created.map(({ id }) => benchSessionRow(id)));
      ids.push(...created.map(({ id }) => id));
    }
    ids.sort((a, b) => a - b);
    const pairs: Pair[] = [];
    for (let i = 0; i + 1 < ids.length; i += 2) pairs.push([ids[i] ?? 0, ids[i + 1] ?? 0]);
    for (let start = 0; start < pairs.length; start += SEED_BATCH)
      await db.insert(friendships).values(
        pairs.slice(start, start + SEED_BATCH).map(([a, b]) => ({
          requesterId: a,
          addresseeId: b,
          status: 'accepted' as const,
          acceptedAt: now,
        })),
      );
    // As autovacuum would soon after such an import: without statistics the planner reads 5,000
    // freshly inserted users as thousands of suspended ones and scans them at each safeguarding
    // check, which no running platform does (issue 36).
    await db.execute(sql`analyze`);
    return pairs;
  } finally {
    await database.close();
  }
}

/** The server's own process (its log line names it; under tsx it is a child of the one spawned). */
function serverPid(server: ServerProcess): number {
  const match = /"pid":(\d+)[^\n]*(Server|Relay) listening/.exec(server.output());
  if (match?.[1]) return Number(match[1]);
  if (server.child.pid === undefined) throw new Error('The server process has no pid');
  return server.child.pid;
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
}

/** User plus system CPU time of a process, in seconds (clock ticks of 1/100 s on Linux). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Busy and total CPU time of the whole machine so far, from /proc/stat (all cores, in ticks). */
function machineTicks(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  // idle and iowait
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
}

function openFilesLimit(): number {
  const match = /Max open files\s+(\d+|unlimited)/.exec(readFileSync('/proc/self/limits', 'utf8'));
  return !match?.[1] || match[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(match[1]);
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
}

function handleFrame(userId: number, counters: Counters, raw: WebSocket.RawData) {
  const frame = JSON.parse(textOf(raw)) as Record<string, unknown>;
  switch (frame.type) {
    case 'chat_message': {
      if (frame.receiver_id !== userId) {
        counters.echoes += 1;
        const echoedId = typeof frame.temp_id === 'string' ? frame.temp_id : '';
        const sentAt = counters.echoPending.get(echoedId);
        if (sentAt !== undefined) {
          counters.echoPending.delete(echoedId);
          counters.echoLatenciesMs.push(Number(process.hrtime.bigint() - sentAt) / 1e6);
        }
        return;
      }
      const tempId = typeof frame.temp_id === 'string' ? frame.temp_id : '';
      const sentAt = counters.pending.get(tempId);
      if (sentAt === undefined) {
        // A warm-up message arriving after the warm-up was counted is late, not unexpected.
        if (tempId.includes('-w-')) counters.lateWarmup += 1;
        else counters.unmatched += 1;
        return;
      }
      const now = process.hrtime.bigint();
      counters.pending.delete(tempId);
      const latency = Number(now - sentAt) / 1e6;
      counters.latenciesMs.push(latency);
      const second = Math.max(0, Math.floor(Number(sentAt - counters.sendStarted) / 1e9));
      (counters.bySecond[second] ??= []).push(latency);
      counters.delivered += 1;
      counters.lastDelivery = now;
      return;
    }
    case 'notification':
      counters.notifications += 1;
      return;
    case 'error': {
      const code = typeof frame.code === 'string' ? frame.code : 'unknown';
      counters.errors.set(code, (counters.errors.get(code) ?? 0) + 1);
      return;
    }
    default:
  }
}

function connect(url: string, client: Omit<Client, 'socket'>, counters: Counters): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 30_000 });
    socket.on('message', (data) => handleFrame(client.userId, counters, data));
    socket.once('open', () => resolve({ ...client, socket }));
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused with HTTP ${response.statusCode}`)),
    );
  });
}

/** Opens every socket, at most CONNECT_CONCURRENCY at a time. */
async function connectAll(
  plan: { url: string; userId: number; friendId: number }[],
  counters: Counters,
  /** Filled as the sockets open, so heartbeats reach them while the others still connect. */
  clients: Client[],
): Promise<{ clients: Client[]; failures: number; firstError: string }> {
  let failures = 0;
  let firstError = '';
  let next = 0;
  const worker = async () => {
    while (next < plan.length) {
      const item = plan[next];
      next += 1;
      if (!item) continue;
      try {
        clients.push(await connect(item.url, { userId: item.userId, friendId: item.friendId }, counters));
      } catch (error) {
        failures += 1;
        firstError ||= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  return { clients, failures, firstError };
}

async function closeAll(clients: Client[]) {
  await Promise.all(
    clients.map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          const timer = setTimeout(() => {
            socket.terminate();
            resolve();
          }, 10_000);
          socket.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          socket.close(1000, 'bench over');
        }),
    ),
  );
}

/**
 * The relay as plain JavaScript (esbuild bundles bench/chat-relay.ts with ws and pg into the run's
 * directory), in a process of its own like the server, so neither shares the load generator's
 * event loop and neither pays for a TypeScript loader.
 */
async function startRelayProcess(
  databaseUrl: string,
  dataDir: string,
  redis?: { url: string; prefix: string },
): Promise<ServerProcess> {
  const outfile = path.join(dataDir, 'chat-relay.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./chat-relay.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile,
    external: ['pg-native'],
    // ws and pg are CommonJS: their `require` of Node's modules needs one in an ES module.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
  const child = spawn(process.execPath, [outfile], {
    env: {
      ...process.env,
      RELAY_DATABASE_URL: databaseUrl,
      RELAY_REDIS_URL: redis?.url ?? '',
      RELAY_REDIS_PREFIX: redis?.prefix ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`relay did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Relay listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`relay exited before listening:\n${output}`)));
  });
  return { child, url, output: () => output, exited };
}

async function stopServer(server: ServerProcess) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
  await server.exited;
  clearTimeout(timer);
}

async function deleteRedisKeys(prefix: string) {
  if (!REDIS_URL) return;
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = nextCursor;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

/** Warning and error lines the servers logged (pino levels 40 and above). */
function serverWarnings(servers: ServerProcess[]): string[] {
  return servers.flatMap((server) =>
    server
      .output()
      .split('\n')
      .filter(
        (line) =>
          (/"level":(40|50|60)/.test(line) && !line.includes('web app not built')) ||
          line.startsWith('relay insert failed') ||
          line.startsWith('relay redis failed'),
      ),
  );
}

async function runScenario(options: {
  round: number;
  target: Target;
  instances: 1 | 2;
  pairs: Pair[];
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Result> {
  const { round, target, instances, pairs, databaseUrl, dataDir } = options;
  const sockets = pairs.length * 2;
  const redisPrefix = `juntos-bench-${randomBytes(6).toString('hex')}:`;
  const environment = (index: number) => ({
    NODE_ENV: 'production',
    JWT_SECRET,
    RATE_LIMIT_SCALE: '1000',
    CHAT_HEARTBEAT_TIMEOUT_MS: '75000',
    // With PGlite the server opens DATA_DIR/pg, where the members were seeded.
    DATA_DIR: databaseUrl ? path.join(dataDir, `instance-${sockets}-${instances}-${index}`) : dataDir,
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: instances === 2 || ONE_WITH_REDIS ? (REDIS_URL ?? '') : '',
    REDIS_PREFIX: redisPrefix,
  });
  console.log(
    target === 'relay'
      ? `\nBare relay (ws + one INSERT … RETURNING per message${instances === 2 ? ', two of them through Redis' : ''}), ${sockets} sockets${roundLabel(round)}`
      : `\n${instances} instance${instances === 1 ? (ONE_WITH_REDIS ? ' (with Redis)' : '') : 's'}, ${sockets} sockets${roundLabel(round)}`,
  );
  const servers: ServerProcess[] = [];
  const counters: Counters = {
    pending: new Map(),
    latenciesMs: [],
    echoPending: new Map(),
    echoLatenciesMs: [],
    bySecond: [],
    sendStarted: 0n,
    delivered: 0,
    unmatched: 0,
    lateWarmup: 0,
    echoes: 0,
    notifications: 0,
    errors: new Map(),
    lastDelivery: 0n,
  };
  const clients: Client[] = [];
  let heartbeat: NodeJS.Timeout | undefined;
  try {
    if (target === 'relay')
      for (let index = 0; index < instances; index += 1)
        servers.push(
          await startRelayProcess(
            databaseUrl ?? '',
            dataDir,
            instances === 2 && REDIS_URL ? { url: REDIS_URL, prefix: redisPrefix } : undefined,
          ),
        );
    else
      for (let index = 0; index < instances; index += 1) {
        mkdirSync(environment(index).DATA_DIR, { recursive: true });
        // The compiled server, as `npm start` runs it (built first when stale).
        servers.push(await startServerProcess(environment(index), { compiled: true }));
      }
    const pids = servers.map(serverPid);
    await sleep(1000);
    const rssBefore = pids.reduce((sum, pid) => sum + rssMb(pid), 0);

    // The first member of each pair on the first instance, the second on the last one.
    const accessTokens = createAccessTokens(JWT_SECRET);
    const wsUrl = async (server: ServerProcess | undefined, userId: number) => {
      const base = (server?.url ?? '').replace(/^http/, 'ws');
      if (target === 'relay') return `${base}/?user=${userId}`;
      return `${base}/ws/chat/?token=${encodeURIComponent(await accessTokens.sign(userId, benchSessionId(userId)))}`;
    };
    const plan = await Promise.all(
      pairs.flatMap(([a, b]) => [
        wsUrl(servers[0], a).then((url) => ({ url, userId: a, friendId: b })),
        wsUrl(servers[instances - 1], b).then((url) => ({ url, userId: b, friendId: a })),
      ]),
    );
    // Every socket beats every 30 s, spread over the period (one thirtieth of them each second),
    // from the moment it opened: on a slow machine connecting can outlast the heartbeat timeout.
    let tick = 0;
    heartbeat = setInterval(() => {
      tick += 1;
      clients.forEach(({ socket }, index) => {
        if (
          index % (HEARTBEAT_MS / 1000) === tick % (HEARTBEAT_MS / 1000) &&
          socket.readyState === WebSocket.OPEN
        )
          socket.send('{"action":"heartbeat"}');
      });
    }, 1000);
    const connectStarted = process.hrtime.bigint();
    const connection = await connectAll(plan, counters, clients);
    const connectSeconds = elapsedSeconds(connectStarted);
    console.log(
      `  connected ${clients.length} of ${sockets} sockets in ${connectSeconds.toFixed(2)} s` +
        (connection.failures ? ` (${connection.failures} failed: ${connection.firstError})` : ''),
    );
    let droppedSockets = 0;
    for (const { socket } of clients) socket.once('close', () => (droppedSockets += 1));

    await sleep(SETTLE_MS);
    const rssConnected = pids.reduce((sum, pid) => sum + rssMb(pid), 0);

    // Only pairs whose two sockets are open take part.
    const byUser = new Map(clients.map((client) => [client.userId, client]));
    const livePairs = pairs.flatMap(([a, b]) => {
      const first = byUser.get(a);
      const second = byUser.get(b);
      return first && second ? [[first, second] as const] : [];
    });
    /** Sends RATE messages per second in total for `seconds`; resolves with how many were sent. */
    const sendAtRate = (seconds: number, label: string, started: bigint) =>
      new Promise<number>((resolve) => {
        const total = livePairs.length ? Math.round(RATE * seconds) : 0;
        let due = 0;
        let sent = 0;
        const sendOne = (k: number) => {
          const pair = livePairs[k % livePairs.length];
          if (!pair) return;
          const forward = Math.floor(k / livePairs.length) % 2 === 0;
          const [from, to] = forward ? pair : [pair[1], pair[0]];
          if (from.socket.readyState !== WebSocket.OPEN) return;
          const tempId = `${RUN_TAG}-${round}-${target}-${label}-${instances}-${sockets}-${k}`;
          const sentAt = process.hrtime.bigint();
          counters.pending.set(tempId, sentAt);
          counters.echoPending.set(tempId, sentAt);
          from.socket.send(
            JSON.stringify({
              receiver_id: to.userId,
              message: `Hello from ${from.userId}, message ${k}`,
              temp_id: tempId,
              active_conversation_with: to.userId,
            }),
          );
          sent += 1;
        };
        const timer = setInterval(() => {
          const target = Math.min(total, Math.floor(elapsedSeconds(started) * RATE));
          for (; due < target; due += 1) sendOne(due);
          if (due >= total) {
            clearInterval(timer);
            resolve(sent);
          }
        }, 5);
      });
    const waitForStragglers = async () => {
      const from = process.hrtime.bigint();
      while (counters.pending.size > 0 && elapsedSeconds(from) * 1000 < STRAGGLERS_MS) await sleep(50);
    };

    // Warm-up: the server's first messages (cold JIT, database pool still connecting) are slower,
    // and so is each pair's first message (its write context is read and cached). The warm-up is
    // long enough for every pair to send once each way: the window measures the steady state.
    const warmupSeconds = Math.max(WARMUP_SECONDS, Math.ceil((2 * livePairs.length) / RATE));
    if (WARMUP_SECONDS > 0) {
      const warmupSent = await sendAtRate(warmupSeconds, 'w', process.hrtime.bigint());
      await waitForStragglers();
      console.log(
        `  warm-up: ${warmupSent} messages in ${warmupSeconds} s, ${counters.delivered} delivered (not counted below)`,
      );
      Object.assign(counters, {
        latenciesMs: [],
        echoLatenciesMs: [],
        bySecond: [],
        delivered: 0,
        unmatched: 0,
        lateWarmup: 0,
        echoes: 0,
        notifications: 0,
        lastDelivery: 0n,
      });
      counters.pending.clear();
      counters.echoPending.clear();
      counters.errors.clear();
    }

    const cpuBefore = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    const benchCpuBefore = process.cpuUsage();
    const machineBefore = machineTicks();
    const sendStarted = process.hrtime.bigint();
    counters.sendStarted = sendStarted;
    const sent = await sendAtRate(SECONDS, 'm', sendStarted);
    const sendSeconds = elapsedSeconds(sendStarted);
    await waitForStragglers();
    const windowSeconds = elapsedSeconds(sendStarted);
    const serverCpu = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - cpuBefore;
    const benchUsage = process.cpuUsage(benchCpuBefore);
    const benchCpu = (benchUsage.user + benchUsage.system) / 1e6;
    const machineAfter = machineTicks();
    const rssAfterLoad = pids.reduce((sum, pid) => sum + rssMb(pid), 0);

    const sorted = Float64Array.from(counters.latenciesMs).sort();
    const activeSeconds =
      counters.lastDelivery > sendStarted ? Number(counters.lastDelivery - sendStarted) / 1e9 : sendSeconds;
    const errors = [...counters.errors.values()].reduce((sum, n) => sum + n, 0);
    const result: Result = {
      round,
      target,
      instances,
      sockets,
      connected: clients.length,
      connectFailures: connection.failures,
      connectSeconds,
      sent,
      delivered: counters.delivered,
      lost: counters.pending.size,
      errors,
      errorCodes: [...counters.errors].map(([code, n]) => `${code} ×${n}`).join(', '),
      unmatched: counters.unmatched,
      deliveredPerSecond: counters.delivered / Math.max(activeSeconds, 1e-9),
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      echoP99: percentile(Float64Array.from(counters.echoLatenciesMs).sort(), 0.99),
      max: sorted.length ? (sorted[sorted.length - 1] ?? Number.NaN) : Number.NaN,
      rssBefore,
      rssConnected,
      rssAfterLoad,
      serverCpu: serverCpu / windowSeconds,
      benchCpu: benchCpu / windowSeconds,
      machineBusy:
        (machineAfter.busy - machineBefore.busy) / Math.max(machineAfter.total - machineBefore.total, 1),
      droppedSockets,
      serverWarnings: serverWarnings(servers),
    };
    printResult(result, sendSeconds, counters);
    return result;
  } finally {
    clearInterval(heartbeat);
    await closeAll(clients);
    // The servers record the sockets' departure (presence) before they are stopped.
    await sleep(1000);
    await Promise.all(servers.map(stopServer));
    if (target === 'project' && (instances === 2 || ONE_WITH_REDIS)) await deleteRedisKeys(redisPrefix);
  }
}

const roundLabel = (round: number) => (ROUNDS > 1 ? `, round ${round} of ${ROUNDS}` : '');
const mb = (value: number) => `${value.toFixed(1)} MB`;
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

function printResult(result: Result, sendSeconds: number, counters: Counters) {
  const delta = result.rssConnected - result.rssBefore;
  console.log(
    `  messages: ${result.sent} sent in ${sendSeconds.toFixed(1)} s, ${result.delivered} delivered, ` +
      `${result.lost} lost (not delivered ${STRAGGLERS_MS / 1000} s after the last send), ` +
      `${result.errors} error frames${result.errorCodes ? ` (${result.errorCodes})` : ''}`,
  );
  if (result.unmatched || result.droppedSockets || counters.lateWarmup)
    console.log(
      `  ${result.unmatched} unexpected deliveries, ${counters.lateWarmup} warm-up messages delivered late, ` +
        `${result.droppedSockets} sockets closed during the run`,
    );
  console.log(
    `  delivered ${result.deliveredPerSecond.toFixed(0)} messages/s; latency p50 ${ms(result.p50)} ms, ` +
      `p99 ${ms(result.p99)} ms, max ${ms(result.max)} ms (${counters.echoes} echoes to senders, ${counters.notifications} notifications)`,
  );
  // The echo leaves the sender's instance as the message does: a slow delivery whose echo was
  // slow too waited on the sender's side; one whose echo was quick waited in the hop after it.
  console.log(
    `  echo to the sender: p99 ${ms(result.echoP99)} ms (the sender's instance alone, before any hop to the receiver)`,
  );
  const bySecond = Array.from(counters.bySecond, (latencies) =>
    ms(percentile(Float64Array.from(latencies ?? []).sort(), 0.5)),
  );
  console.log(`  p50 ms by second of sending: ${bySecond.join(' ')}`);
  console.log(
    `  server RSS: ${mb(result.rssBefore)} before, ${mb(result.rssConnected)} connected ` +
      `(${delta >= 0 ? '+' : ''}${mb(delta)}, ${((delta * 1024) / Math.max(result.connected, 1)).toFixed(1)} KB/socket), ` +
      `${mb(result.rssAfterLoad)} after the messages`,
  );
  console.log(
    `  CPU while sending: servers ${(result.serverCpu * 100).toFixed(0)}% of a core, load generator ${(result.benchCpu * 100).toFixed(0)}%; ` +
      `the whole machine ${(result.machineBusy * 100).toFixed(0)}% busy (${os.cpus().length} cores)`,
  );
  if (result.serverWarnings.length)
    console.log(
      `  the servers logged ${result.serverWarnings.length} warnings or errors, the first:\n    ${result.serverWarnings[0]?.slice(0, 400)}`,
    );
}

function printTable(results: Result[]) {
  const header = [
    'round',
    'server',
    'inst',
    'sockets',
    'connect s',
    'sent',
    'delivered',
    'lost',
    'errors',
    'msg/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'RSS before',
    'RSS after',
    'KB/socket',
  ];
  const rows = results.map((r) => [
    String(r.round),
    r.target,
    String(r.instances),
    String(r.sockets),
    r.connectSeconds.toFixed(2),
    String(r.sent),
    String(r.delivered),
    String(r.lost),
    String(r.errors),
    r.deliveredPerSecond.toFixed(0),
    ms(r.p50),
    ms(r.p99),
    ms(r.max),
    mb(r.rssBefore),
    mb(r.rssConnected),
    kbPerSocket(r).toFixed(1),
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) => cells.map((cell, i) => cell.padStart(widths[i] ?? 0)).join('  ');
  console.log(`\n${line(header)}`);
  for (const row of rows) console.log(line(row));
}

const kbPerSocket = (r: Result) => ((r.rssConnected - r.rssBefore) * 1024) / Math.max(r.connected, 1);

/**
 * Per socket count: the targets of issues 19 (point 5) and 36 (points 1 and 2), each against its
 * own baseline of the same round; with several rounds, the median of the rounds' figures and
 * ratios.
 */
function comparisonRows(results: Result[]) {
  const counts = [...new Set(results.map((r) => r.sockets))];
  const rounds = [...new Set(results.map((r) => r.round))];
  return counts.map((sockets) => {
    const find = (round: number, target: Target, instances: number) =>
      results.find(
        (r) => r.round === round && r.target === target && r.instances === instances && r.sockets === sockets,
      );
    const ratio = (a: number | undefined, b: number | undefined) =>
      a !== undefined && b !== undefined && b > 0 ? a / b : Number.NaN;
    const perRound = rounds.map((round) => {
      const one = find(round, 'project', 1);
      const two = find(round, 'project', 2);
      const relay = find(round, 'relay', 1);
      const relays = find(round, 'relay', 2);
      return {
        projectP99: one?.p99 ?? Number.NaN,
        relayP99: relay?.p99 ?? Number.NaN,
        twoInstancesP99: two?.p99 ?? Number.NaN,
        projectOverRelay: ratio(one?.p99, relay?.p99),
        twoOverOne: ratio(two?.p99, one?.p99),
        relayTwoOverOne: ratio(relays?.p99, relay?.p99),
        twoOverRelays: ratio(two?.p99, relays?.p99),
        connectOverRelay: ratio(one?.connectSeconds, relay?.connectSeconds),
        kbPerSocket: one ? kbPerSocket(one) : Number.NaN,
      };
    });
    const middle = (figure: keyof (typeof perRound)[number]) => median(perRound.map((row) => row[figure]));
    const projectP99 = middle('projectP99');
    return {
      sockets,
      rounds: rounds.length,
      projectP99,
      relayP99: middle('relayP99'),
      /** Target ≤ 1.25. */
      projectOverRelay: middle('projectOverRelay'),
      twoInstancesP99: middle('twoInstancesP99'),
      /** Target ≤ 1.5 (issue 36 point 2). */
      twoOverOne: middle('twoOverOne'),
      /** The same ratio for the bare relay: what the second instance and Redis cost on this machine. */
      relayTwoOverOne: middle('relayTwoOverOne'),
      /** Target ≤ 1.25, as for one instance: the project's two instances against the relays' two. */
      twoOverRelays: middle('twoOverRelays'),
      /** Target ≤ 2 (issue 36 point 1: connecting, one instance against the relay). */
      connectOverRelay: middle('connectOverRelay'),
      /** Target ≤ 20 (idle memory per socket, one instance). */
      kbPerSocket: middle('kbPerSocket'),
      /** Target 0 lost and 0 duplicated, in every scenario and round of the project. */
      lostOrUnexpected: results
        .filter((r) => r.target === 'project' && r.sockets === sockets)
        .reduce((sum, r) => sum + r.lost + r.unmatched, 0),
      /** Target ≤ 50 ms. */
      projectP99Met: Number.isFinite(projectP99) && projectP99 <= 50,
    };
  });
}

function printComparisonTable(rows: ReturnType<typeof comparisonRows>) {
  const times = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-');
  const verdict = (value: number, limit: number, text: string) =>
    Number.isFinite(value) ? `${times(value)} (${text} ${value <= limit ? 'met' : 'NOT MET'})` : '-';
  console.log(
    `\nChat against the bare relay and one instance${ONE_WITH_REDIS ? ' with Redis (BENCH_ONE_WITH_REDIS: the two-instance ratio is then the second instance’s own cost, not the target’s)' : ''}, same run (issue 19 point 5, issue 36 points 1 and 2)` +
      (ROUNDS > 1 ? `: the median of ${ROUNDS} rounds, each ratio taken within its round` : ''),
  );
  for (const row of rows)
    console.log(
      `  ${String(row.sockets).padStart(5)} sockets: project p99 ${ms(row.projectP99)} ms (≤ 50 ms ${row.projectP99Met ? 'met' : 'NOT MET'}), ` +
        `relay p99 ${ms(row.relayP99)} ms, ratio ${verdict(row.projectOverRelay, 1.25, '≤ 1.25×')}; ` +
        `connecting against the relay ${verdict(row.connectOverRelay, 2, '≤ 2×')}; ` +
        `two instances p99 ${ms(row.twoInstancesP99)} ms, ratio ${verdict(row.twoOverOne, 1.5, '≤ 1.5×')} ` +
        `(the bare relay's two against its one: ${times(row.relayTwoOverOne)}; the project's two against the relay's two ${verdict(row.twoOverRelays, 1.25, '≤ 1.25×')}); ` +
        `idle ${verdict(row.kbPerSocket, 20, '≤ 20')} KiB/socket; lost or unexpected ${row.lostOrUnexpected}`,
    );
}

async function main() {
  if (SOCKETS.length === 0) throw new Error('BENCH_SOCKETS must list socket counts, such as 1000,5000');
  const largest = Math.max(...SOCKETS);
  const limit = openFilesLimit();
  if (limit < largest + 200)
    console.warn(
      `Warning: the open-files limit is ${limit}, too low for ${largest} sockets; run \`ulimit -n ${largest * 2 + 1000}\` first.`,
    );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-bench-chat-'));
  try {
    await withDatabase(async (databaseUrl) => {
      const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
      console.log(`Seeding ${largest} members in ${largest / 2} friend pairs on ${engine}…`);
      const seeded = Date.now();
      const pairs = await seed(databaseUrl, path.join(dataDir, 'pg'), largest);
      console.log(`Seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s.`);
      console.log(
        `${RATE} messages/s in total for ${SECONDS} s per scenario; ${os.cpus().length} cores, open-files limit ${limit}.`,
      );

      const results: Result[] = [];
      const twoInstances = Boolean(databaseUrl && REDIS_URL);
      if (!databaseUrl) console.log('\nThe bare relay skipped: it needs BENCH_POSTGRES_URL.');
      if (!twoInstances)
        console.log(
          '\nTwo instances skipped: they need BENCH_POSTGRES_URL (one database both processes open) and REDIS_URL.',
        );
      // Each round runs every scenario of a count back to back, so the baselines and the project
      // see the same machine; the rounds then show how much that machine moves.
      for (let round = 1; round <= ROUNDS; round += 1)
        for (const sockets of SOCKETS) {
          const scenario = { round, pairs: pairs.slice(0, sockets / 2), databaseUrl, dataDir };
          results.push(await runScenario({ ...scenario, target: 'project', instances: 1 }));
          if (databaseUrl) results.push(await runScenario({ ...scenario, target: 'relay', instances: 1 }));
          if (twoInstances) {
            results.push(await runScenario({ ...scenario, target: 'project', instances: 2 }));
            results.push(await runScenario({ ...scenario, target: 'relay', instances: 2 }));
          }
        }
      printTable(results);
      const comparison = comparisonRows(results);
      printComparisonTable(comparison);
      writeResults('chat', {
        engine,
        oneInstanceWithRedis: ONE_WITH_REDIS,
        rate: RATE,
        seconds: SECONDS,
        rounds: ROUNDS,
        results: results.map(({ serverWarnings, ...figures }) => ({
          ...figures,
          serverWarnings: serverWarnings.length,
        })),
        comparison,
      });
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
