/**
 * `npm run bench:http`: what a request costs in the project against a bare `node:http` server that
 * answers the same bytes, measured in turns in the same run (issue 19: target ≥ 0.80× on the
 * routes that touch no database).
 *
 * - `GET /api/me` without a token (401) and an unknown API route (404): no database; the bare
 *   server, a process of its own like the project's, sends the status, headers and body the
 *   project sent.
 * - The request log on (LOG_LEVEL=info, the default) against off (silent), on the 401 route.
 * - With BENCH_POSTGRES_URL: `GET /api/me` signed in, against `node:http` + `pg` running the same
 *   statements (captured from the project) and sending the same JSON, also a process of its own.
 *   The bare side verifies no token: the ratio includes the JWT check the project must do.
 *
 * The project runs as its own process, compiled (`dist/server.js`, what `npm start` runs; built
 * first when stale), or from the sources with BENCH_TSX=1. Its log goes to a file, as it would to
 * a log collector. Settings: BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_ROUNDS (2), and
 * BENCH_ONLY (`no-database` or `signed-in`) to run one half, while profiling it for instance.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { SERVER_NODE_OPTIONS } from '../../../scripts/server-node-options.mjs';
import { createAccessTokens } from '../src/lib/access-tokens';
import { benchSessionId, benchSessionRow, withDatabase } from './bench-database';
import {
  measureInTurns,
  measureLoad,
  printComparison,
  throughputRatio,
  writeResults,
  type ComparisonRow,
  type LoadOptions,
} from './report';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS ?? 2));
const ONLY = process.env.BENCH_ONLY;
const JWT_SECRET = 'bench-http-secret-0123456789abcdef0123456789';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repositoryRoot = path.resolve(apiRoot, '../..');

type Server = { url: string; stop: () => Promise<void> };

/** The server entry: the compiled bundle (built when stale) unless BENCH_TSX asks for the sources. */
async function serverCommand(): Promise<{ args: string[]; label: string }> {
  if (process.env.BENCH_TSX) {
    return {
      args: [path.join(repositoryRoot, 'node_modules/tsx/dist/cli.mjs'), 'src/server.ts'],
      label: 'tsx',
    };
  }
  await promisify(execFile)(
    process.execPath,
    [path.join(repositoryRoot, 'scripts/build-api.mjs'), '--if-stale'],
    {
      cwd: apiRoot,
    },
  );
  // As `npm start` runs it (scripts/start.mjs).
  return { args: [...SERVER_NODE_OPTIONS, 'dist/server.js'], label: 'compiled' };
}

async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`);
    const answer = await fetch(`${url}/api/health/`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer within two minutes');
}

let nextPort = 18_300 + Math.floor(Math.random() * 500);

/** Starts the project as its own process, its log written to a file of `dataDir`. */
async function startProject(args: string[], environment: Record<string, string>): Promise<Server> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-bench-http-'));
  const port = nextPort++;
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, args, {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET,
      // The retention pass and the word cloud would run beside the load.
      RETENTION_FIRST_RUN_MS: '86400000',
      ...environment,
    },
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      closeSync(log);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Answer = { status: number; headers: [string, string][]; body: Buffer };

/** The project's answer to one request, as the bare server will repeat it. */
async function answerOf(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  const skipped = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) => !skipped.has(name)),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/**
 * A bare server that sends, for each path, the bytes the project sent, in a process of its own
 * (`bare-http-server.mjs`), as the project's server is: in the benchmark's process it shared a
 * core with the load generator, which made the ratio look worse than it was (issue 36, point 3).
 * With `database`, it runs the project's statements through `pg` first, in the same order.
 */
async function bareServer(
  answers: Map<string, Answer>,
  database?: { url: string; statements: Statement[] },
): Promise<Server> {
  const child = spawn(process.execPath, [path.join(apiRoot, 'bench/bare-http-server.mjs')], {
    cwd: apiRoot,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const encoded = Object.fromEntries(
    [...answers].map(([route, answer]) => [route, { ...answer, body: answer.body.toString('base64') }]),
  );
  child.stdin.end(JSON.stringify({ answers: encoded, database: database ?? null }));
  const port = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error(`the bare server stopped: ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

type Side = [url: string, options?: Partial<LoadOptions>];

/**
 * Both sides in turns, each after a short unmeasured load, so neither is measured while its code
 * is still being optimised.
 */
async function compare(project: Side, baseline: Side) {
  const run =
    ([url, options]: Side, seconds: number) =>
    () =>
      measureLoad(url, { connections: CONNECTIONS, seconds, ...options });
  await run(project, 2)();
  await run(baseline, 2)();
  return measureInTurns(ROUNDS, run(project, SECONDS), run(baseline, SECONDS));
}

type Statement = { text: string; values: unknown[]; name?: string };

/**
 * Every statement node-postgres runs on behalf of a request made inside `capturing.run` (a pool's
 * queries land on Client.query). The async context, not a time window, tells the route's statements
 * from the job queue's polling, which runs in the same process at the same moments.
 */
const capture = { statements: [] as Statement[] };
const capturing = new AsyncLocalStorage<true>();
// The pool hands a free client to whichever waiter its queue serves next, from whoever released
// or asked last: the waiter's callback is bound here so its query runs in the context that asked.
const poolPrototype = pg.Pool.prototype as unknown as { connect: (...args: unknown[]) => unknown };
const originalConnect = poolPrototype.connect;
poolPrototype.connect = function (this: unknown, ...args: unknown[]) {
  const [callback] = args;
  if (typeof callback !== 'function') return originalConnect.apply(this, args);
  return originalConnect.call(this, AsyncResource.bind(callback as (...values: unknown[]) => unknown));
};
const clientPrototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
const originalQuery = clientPrototype.query;
clientPrototype.query = function (this: unknown, ...args: unknown[]) {
  const [first, second] = args;
  const on = capturing.getStore() === true;
  if (on && first && typeof first === 'object' && 'text' in first) {
    const config = first as Statement;
    capture.statements.push({
      text: config.text,
      values: config.values ?? (Array.isArray(second) ? (second as unknown[]) : []),
      ...(config.name ? { name: config.name } : {}),
    });
  } else if (on && typeof first === 'string') {
    capture.statements.push({ text: first, values: Array.isArray(second) ? (second as unknown[]) : [] });
  }
  return originalQuery.apply(this, args);
};

/** The statements one signed-in `GET /api/me` runs, read through the project in this process. */
async function statementsOfMe(databaseUrl: string, token: string): Promise<Statement[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-bench-http-capture-'));
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      JWT_SECRET,
      DATABASE_URL: databaseUrl,
      // This process also runs the load generator, whose turns hold its event loop.
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    }),
  );
  try {
    // `inject` sends the request only when its answer is first awaited: awaited here, so in the
    // context of whoever calls `request`.
    const request = async () =>
      await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    // The first request warms what later ones find cached (known sessions); the second is the one
    // every request of the run repeats.
    await request();
    capture.statements = [];
    const answer = await capturing.run(true, request);
    if (answer.statusCode !== 200) throw new Error(`/api/me answered ${answer.statusCode}`);
    if (capture.statements.length === 0) throw new Error('/api/me ran no statement');
    return capture.statements;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function signedInRows(): Promise<ComparisonRow[]> {
  if (!process.env.BENCH_POSTGRES_URL) {
    console.log('\nSigned-in /api/me on PostgreSQL: skipped (set BENCH_POSTGRES_URL).');
    return [];
  }
  const { args, label } = await serverCommand();
  return withDatabase(async (databaseUrl) => {
    const url = databaseUrl!;
    const project = await startProject(args, { DATABASE_URL: url, LOG_LEVEL: 'info' });
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    try {
      const { rows } = await pool.query<{ id: number }>(
        `insert into users (email, password_hash, telefono, tipo_registro, is_active, activated_at, profile_completed_at)
         values ('bench-http@example.org', 'not-a-real-hash', '+34600000000', 'adulto', true, now(), now()) returning id`,
      );
      const userId = rows[0]!.id;
      await pool.query(
        `insert into profiles (user_id, nombre, country, date_of_birth, enfermedad)
         values ($1, 'Bench', 'ES', '1980-01-01', 'Sans diagnostic')`,
        [userId],
      );
      const session = benchSessionRow(userId);
      await pool.query(
        'insert into refresh_tokens (user_id, family_id, token_hash, expires_at) values ($1, $2, $3, $4)',
        [session.userId, session.familyId, session.tokenHash, session.expiresAt],
      );
      const token = await createAccessTokens(JWT_SECRET).sign(userId, benchSessionId(userId));
      const authorization = { authorization: `Bearer ${token}` };
      const statements = await statementsOfMe(url, token);
      console.log(`\nSigned-in /api/me runs ${statements.length} statements:`);
      for (const statement of statements)
        console.log(`  ${statement.name ?? '(unnamed)'}: ${statement.text.slice(0, 140)}`);
      const answer = await answerOf(`${project.url}/api/me`, authorization);
      const bare = await bareServer(new Map([['/api/me', answer]]), { url, statements });
      try {
        const figures = await compare(
          [`${project.url}/api/me`, { headers: authorization }],
          [`${bare.url}/api/me`],
        );
        const row = { scenario: `GET /api/me signed in, PostgreSQL (${label})`, ...figures };
        // Issue 36 point 3: the project's own work around the same statements.
        return [{ ...row, target: { text: '≥ 0.70×', met: throughputRatio(row) >= 0.7 } }];
      } finally {
        await bare.stop();
      }
    } finally {
      await pool.end();
      await project.stop();
    }
  });
}

async function noDatabaseRows(args: string[], label: string): Promise<ComparisonRow[]> {
  const logged = await startProject(args, { LOG_LEVEL: 'info' });
  const silent = await startProject(args, { LOG_LEVEL: 'silent' });
  const rows: ComparisonRow[] = [];
  try {
    const paths = ['/api/me', '/api/nope/'];
    const answers = new Map<string, Answer>();
    for (const route of paths) answers.set(route, await answerOf(`${logged.url}${route}`));
    const bare = await bareServer(answers);
    try {
      for (const route of paths) {
        const answer = answers.get(route)!;
        const figures = await compare(
          [`${logged.url}${route}`, { expectStatus: answer.status }],
          [`${bare.url}${route}`, { expectStatus: answer.status }],
        );
        const row = { scenario: `GET ${route} → ${answer.status}, no database (${label})`, ...figures };
        rows.push({ ...row, target: { text: '≥ 0.80×', met: throughputRatio(row) >= 0.8 } });
      }
    } finally {
      await bare.stop();
    }
    const logFigures = await compare(
      [`${logged.url}/api/me`, { expectStatus: 401 }],
      [`${silent.url}/api/me`, { expectStatus: 401 }],
    );
    const logRow = { scenario: 'request log on (info) vs off (silent), 401', ...logFigures };
    rows.push({ ...logRow, target: { text: '≥ 0.95× (a few %)', met: throughputRatio(logRow) >= 0.95 } });
  } finally {
    await Promise.all([logged.stop(), silent.stop()]);
  }
  return rows;
}

async function main() {
  const { args, label } = await serverCommand();
  console.log(
    `Project server: ${label}; ${CONNECTIONS} connections, ${SECONDS} s, ${ROUNDS} rounds in turns.`,
  );
  const rows = [
    ...(ONLY === 'signed-in' ? [] : await noDatabaseRows(args, label)),
    ...(ONLY === 'no-database' ? [] : await signedInRows()),
  ];

  printComparison('bench:http — the project against bare node:http answering the same bytes', rows);
  writeResults('http', {
    settings: { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, server: label },
    rows: rows.map((row) => ({ ...row, ratio: Number(throughputRatio(row).toFixed(3)) })),
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
