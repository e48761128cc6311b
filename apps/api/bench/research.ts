/**
 * `npm run bench:research` (issue 35, decision 0041): matching a new directory entry to the
 * members who asked to hear of research, at 100,000 consenting members and 1,000 entries, on
 * PostgreSQL. Creates a database of its own on BENCH_POSTGRES_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), seeds it with SQL, and for several new entries
 * (a common disease and rare ones) runs what the matching job runs against the database:
 *
 * - **project**: the match statement (insert into research_matches … returning the members to
 *   tell), then the notification centre's statements for those members (their choices, the
 *   notifications in one insert, who has a push device) and marking them told;
 * - **baseline**, in the same run: the bare read that any matching must do, the profiles with one
 *   of the entry's codes (`select user_id from profiles where orphacode = any(…)`).
 *
 * Each new entry's job runs inside a transaction that is rolled back, so every round starts from
 * the same data. Prints the plan of the match statement (EXPLAIN ANALYZE, BUFFERS: node types,
 * indexes, rows, time), the milliseconds of project and baseline, their ratio, and whether the
 * job stayed under one second of database time. Sizes: BENCH_MEMBERS, BENCH_ENTRIES, BENCH_ROUNDS.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { EU_COUNTRY_CODES } from '@juntos/domain';
import { openDatabase, rowsOf, type Database } from '../src/db/database';
import { createNotificationsRepository, createPushDevicesRepository } from '../src/modules/notifications';
import { createResearchRepository, matchStatement, type MatchedEntry } from '../src/modules/research';
import { withDatabase } from './bench-database';
import { machineFacts, median, writeResults } from './report';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Distinct disease codes among the members: a few common ones, a long tail (power law). */
const CODES = 5_000;
const FIRST_CODE = 100_000;
process.env.BENCH_POSTGRES_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const countries = sql.param([...EU_COUNTRY_CODES]);

async function seed(db: Database) {
  const started = performance.now();
  // Members: code skewed to the low end (random()^3), so the first codes have thousands of members.
  await db.execute(sql`
    insert into users (email, password_hash, telefono, tipo_registro, is_active, activated_at)
    select 'bench-' || i || '@example.org', 'x', '+34600000000',
      (case when i % 10 = 0 then 'menor' else 'adulto' end)::registration_type, true, now()
    from generate_series(1, ${MEMBERS}) as i`);
  await db.execute(sql`
    insert into profiles (user_id, nombre, country, date_of_birth, enfermedad, orphacode)
    select u.id, 'Bench', (${countries}::text[])[1 + floor(random() * 27)::int], '1990-01-01', 'x',
      ${FIRST_CODE} + floor(power(random(), 3) * ${CODES})::int
    from users u where u.email like 'bench-%'`);
  // Every member consents (the worst case for matching): half their country, 30 % neighbours, 20 % EU.
  await db.execute(sql`
    insert into research_consents (user_id, version, scope, given_by, language)
    select u.id, 1,
      case when r < 0.5 then 'country' when r < 0.8 then 'neighbours' else 'eu' end,
      case when u.tipo_registro = 'menor' then 'guardian' else 'member' end, 'en'
    from (select id, tipo_registro, random() as r from users where email like 'bench-%') u`);
  // Entries: half projects, half centres, 1–5 codes and 1–3 countries each.
  const entryValues = (table: string, nameColumn: string, count: number) =>
    db.execute(
      sql.raw(`
      insert into ${table} (pais, ciudad, enlace, ${nameColumn}, orphacodes, paises)
      select c[1], 'x', 'https://example.org/' || i, 'Entry ' || i,
        array(select ${FIRST_CODE} + floor(power(random(), 3) * ${CODES})::int from generate_series(1, 1 + (i % 5))),
        c[1:1 + (i % 3)]
      from generate_series(1, ${count}) as i,
        lateral (select array(select code from unnest(array['${EU_COUNTRY_CODES.join("','")}']) code order by random() + i * 0) as c) pick`),
    );
  await entryValues('research_projects', 'titulo', Math.ceil(ENTRIES / 2));
  await entryValues('expert_centres', 'nombre', Math.floor(ENTRIES / 2));
  await db.execute(sql`analyze`);
  return performance.now() - started;
}

/** The job's statements for one new entry, inside a transaction that is rolled back. */
async function runJob(db: Database, entry: MatchedEntry) {
  let told = 0;
  let milliseconds = 0;
  let matchMilliseconds = 0;
  await db
    .transaction(async (tx) => {
      const started = performance.now();
      const research = createResearchRepository(tx);
      const notifications = createNotificationsRepository(tx);
      const devices = createPushDevicesRepository(tx);
      const members = await research.match(entry);
      matchMilliseconds = performance.now() - started;
      const preferences = await notifications.preferencesOf(members);
      await notifications.recordMany(
        members.filter((id) => Object.values(preferences.get(id)!.channels.research).some(Boolean)),
        { kind: 'research', groupKey: 'research', subject: null },
      );
      await devices.withDevices(members);
      await research.markTold(entry, members);
      milliseconds = performance.now() - started;
      told = members.length;
      throw new RollBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
  return { told, milliseconds, matchMilliseconds };
}
class RollBack extends Error {}

async function baseline(db: Database, entry: MatchedEntry) {
  const started = performance.now();
  const rows = await rowsOf<{ user_id: number }>(
    db,
    sql`select user_id from profiles where orphacode = any(${sql.param([...entry.orphacodes])}::integer[])`,
  );
  return { rows: rows.length, milliseconds: performance.now() - started };
}

async function plan(db: Database, entry: MatchedEntry) {
  let lines: string[] = [];
  await db
    .transaction(async (tx) => {
      const rows = await rowsOf<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain (analyze, buffers) ${matchStatement(entry)}`,
      );
      lines = rows.map((row) => row['QUERY PLAN']);
      throw new RollBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
  return lines;
}

await withDatabase(async (databaseUrl) => {
  const database = await openDatabase({ databaseUrl, pgliteDir: '' });
  try {
    await database.migrate();
    const db = database.db;
    const seeded = await seed(db);
    const [counts] = await rowsOf<{ members: number; consents: number; entries: number }>(
      db,
      sql`select (select count(*)::int from profiles) as members,
        (select count(*)::int from research_consents where withdrawn_at is null) as consents,
        (select count(*)::int from research_projects) + (select count(*)::int from expert_centres) as entries`,
    );
    console.log(
      `Seeded in ${(seeded / 1000).toFixed(1)} s: ${counts?.members} members, ${counts?.consents} consents in force, ${counts?.entries} directory entries.`,
    );

    // New entries: the most common disease (the worst case), a middling one and rare ones, each in
    // two countries; ids far above the seeded ones.
    const scenarios: { name: string; entry: MatchedEntry }[] = [
      {
        name: 'most common code, 2 countries',
        entry: {
          kind: 'proyectos',
          id: 900_001,
          revision: 1,
          orphacodes: [FIRST_CODE],
          paises: ['es', 'fr'],
        },
      },
      {
        name: '3 common codes, 3 countries',
        entry: {
          kind: 'proyectos',
          id: 900_002,
          revision: 1,
          orphacodes: [FIRST_CODE + 1, FIRST_CODE + 2, FIRST_CODE + 3],
          paises: ['de', 'pl', 'it'],
        },
      },
      {
        name: 'middling code, 1 country',
        entry: { kind: 'centros', id: 900_003, revision: 1, orphacodes: [FIRST_CODE + 400], paises: ['nl'] },
      },
      {
        name: 'rare code, 1 country',
        entry: {
          kind: 'centros',
          id: 900_004,
          revision: 1,
          orphacodes: [FIRST_CODE + 4_000],
          paises: ['ro'],
        },
      },
    ];
    const results = [];
    console.log(
      `\n${'scenario'.padEnd(32)} ${'told'.padStart(6)} ${'match ms'.padStart(9)} ${'job ms'.padStart(8)} │ ${'candidates'.padStart(10)} ${'base ms'.padStart(8)} │ ${'ratio'.padStart(6)}  target`,
    );
    for (const { name, entry } of scenarios) {
      const job: number[] = [];
      const matchOnly: number[] = [];
      const bare: number[] = [];
      let told = 0;
      let candidates = 0;
      // Project and baseline in turns, so a busy moment of the machine falls on both.
      for (let round = 0; round < ROUNDS; round += 1) {
        const ran = await runJob(db, entry);
        const base = await baseline(db, entry);
        job.push(ran.milliseconds);
        matchOnly.push(ran.matchMilliseconds);
        bare.push(base.milliseconds);
        told = ran.told;
        candidates = base.rows;
      }
      const row = {
        scenario: name,
        told,
        candidates,
        jobMs: Number(median(job).toFixed(1)),
        matchStatementMs: Number(median(matchOnly).toFixed(1)),
        baselineMs: Number(median(bare).toFixed(1)),
        ratio: Number((median(job) / Math.max(0.01, median(bare))).toFixed(2)),
        underOneSecond: median(job) < 1000,
      };
      results.push(row);
      console.log(
        `${name.padEnd(32)} ${String(told).padStart(6)} ${row.matchStatementMs.toFixed(1).padStart(9)} ${row.jobMs.toFixed(1).padStart(8)} │ ${String(candidates).padStart(10)} ${row.baselineMs.toFixed(1).padStart(8)} │ ${row.ratio.toFixed(2).padStart(6)}  < 1 s ${row.underOneSecond ? 'met' : 'NOT MET'}`,
      );
    }

    const worst = scenarios[0]!.entry;
    const lines = await plan(db, worst);
    const key = lines.filter((line) =>
      /Scan|Join|Loop|Insert|Hash|Bitmap|Execution Time|Planning Time|Buffers: shared/.test(line),
    );
    console.log(`\nPlan of the match statement (${scenarios[0]!.name}), key lines:`);
    for (const line of key) console.log(`  ${line}`);
    writeResults('research', {
      members: counts?.members,
      consents: counts?.consents,
      entries: counts?.entries,
      rounds: ROUNDS,
      results,
      plan: lines,
      machine: machineFacts(),
    });
  } finally {
    await database.close();
  }
});
