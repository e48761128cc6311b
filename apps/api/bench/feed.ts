/**
 * `npm run bench:feed`: the feed under concurrent load. Seeds 100,000 posts across 5,000 members
 * (with likes and comments), then loads the feed at offset 0, at a deep offset and with a country
 * filter through a real HTTP port (autocannon), and prints requests per second and p50/p99 latency.
 * One post in ten is in one large community and one in ten in 19 smaller ones (issue 18); the
 * viewer belongs to the large one and one small one, so the main feed also weighs the
 * "posts of my communities" rule, and the large community's feed is loaded at its first page
 * (with two pinned posts) and deep. The ratio lines say whether a deep page costs what a first
 * page does (an index range, not a sort of the whole feed).
 *
 * Embedded PGlite by default; with BENCH_POSTGRES_URL (a server URL, such as
 * postgres://postgres@127.0.0.1:5432/postgres) it creates a database of its own there, and drops it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { EU_COUNTRY_CODES } from '@juntos/domain';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { communities, users } from '../src/db/schema';
import { createAccessTokens } from '../src/lib/access-tokens';
import { createPostsRepository, type FeedSource } from '../src/modules/posts';
import { withDatabase } from './bench-database';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 5_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-bench-'));
  try {
    await withDatabase(async (databaseUrl) => {
      const config = loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'fatal',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      const app = await buildApp(config);
      await app.database.migrate();
      const { db } = app.database;
      const engine = app.database.engine;
      console.log(`Seeding ${MEMBERS} members and ${POSTS} posts on ${engine}…`);
      const started = Date.now();
      const countries = sql.raw(`array[${EU_COUNTRY_CODES.map((code) => `'${code}'`).join(',')}]`);
      await db.execute(sql`
        insert into users (email, password_hash, telefono, tipo_registro, is_active, activated_at, profile_completed_at)
        select 'bench-' || i || '@example.org', 'not-a-real-hash', '+34600000000', 'adulto', true, now(), now()
        from generate_series(1, ${MEMBERS}) as i`);
      await db.execute(sql`
        insert into profiles (user_id, nombre, country, date_of_birth, enfermedad)
        select id, 'Member ' || id, (${countries})[1 + (id % ${EU_COUNTRY_CODES.length})], '1980-01-01', 'Sans diagnostic'
        from users`);
      await db.execute(sql`
        insert into posts (author_id, text, country, created_at)
        select u.id, 'Post number ' || i || ' about everyday life', p.country, now() - (i || ' seconds')::interval
        from generate_series(1, ${POSTS}) as i
        join users u on u.id = (select min(id) from users) + (i % ${MEMBERS})
        join profiles p on p.user_id = u.id`);
      await db.execute(sql`
        insert into likes (content_kind, content_id, user_id)
        select 'post', p.id, (select min(id) from users) + ((p.id * 7) % ${MEMBERS}) from posts p`);
      await db.execute(sql`
        insert into comments (content_kind, content_id, author_id, text)
        select 'post', p.id, (select min(id) from users) + ((p.id * 13) % ${MEMBERS}), 'A kind comment'
        from posts p where p.id % 5 = 0`);
      await db.execute(sql`
        insert into communities (kind, slug)
        select 'topic', 'bench-' || i from generate_series(1, 20) as i`);
      await db.execute(sql`
        update posts set community_id = case when id % 10 = 0
          then (select min(id) from communities)
          else (select min(id) from communities) + 1 + (id % 19) end
        where id % 10 in (0, 1)`);
      await db.execute(sql`
        update posts set pinned_at = now() where id in (
          select id from posts where community_id = (select min(id) from communities) order by id limit 2)`);
      await db.execute(sql`analyze`);
      console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

      const [viewer] = await db.select({ id: sql<number>`min(${users.id})::int` }).from(users);
      const [large] = await db.select({ id: sql<number>`min(${communities.id})::int` }).from(communities);
      const community = Number(large?.id);
      await db.execute(sql`
        insert into community_members (community_id, user_id)
        values (${community}, ${viewer?.id}), (${community + 1}, ${viewer?.id})`);
      const deepCommunityOffset = Math.max(0, Math.floor(POSTS / 10) - 1_000);
      const token = await createAccessTokens(config.jwtSecret).sign(Number(viewer?.id));
      // The plans behind the numbers: which index each feed reads, and that nothing sorts the whole feed.
      const repository = createPostsRepository(db);
      const plans: [string, FeedSource, number][] = [
        ['feed, first page', { kind: 'main' }, 0],
        ['feed, deep page', { kind: 'main' }, 95_000],
        ['community feed, first page', { kind: 'community', communityId: community }, 0],
        ['community feed, deep page', { kind: 'community', communityId: community }, deepCommunityOffset],
      ];
      for (const [name, source, offset] of plans) {
        const plan: unknown = await db.execute(
          sql`explain analyze ${repository.feed(Number(viewer?.id), source, 6, offset)}`,
        );
        const lines = (plan as { rows: Record<string, string>[] }).rows.map(
          (row) => Object.values(row)[0] ?? '',
        );
        const used = lines.filter((line) => /Index|Sort|Seq Scan on posts|Execution Time/.test(line));
        console.log(`\nplan, ${name}:\n${used.map((line) => `  ${line.trim()}`).join('\n')}`);
      }

      const address = await app.listen({ port: 0, host: '127.0.0.1' });

      const scenarios = [
        ['feed, first page', '/api/posts/?limit=5&offset=0'],
        ['feed, deep page (offset 95,000)', '/api/posts/?limit=5&offset=95000'],
        ['feed, country filter (es)', '/api/posts/?limit=5&offset=0&country=es'],
        ['feed, country filter, page 100', '/api/posts/?limit=5&offset=500&country=es'],
        ['community feed, first page', `/api/comunidades/${community}/publicaciones/?limit=5`],
        [
          `community feed, deep (offset ${deepCommunityOffset.toLocaleString('en')})`,
          `/api/comunidades/${community}/publicaciones/?limit=5&offset=${deepCommunityOffset}`,
        ],
      ] as const;
      const p50 = new Map<string, number>();
      console.log(`\n${engine}: ${CONNECTIONS} concurrent connections, ${SECONDS} s per scenario`);
      console.log('scenario                              req/s     p50 ms   p99 ms   errors');
      for (const [name, url] of scenarios) {
        const result = await autocannon({
          url: `${address}${url}`,
          connections: CONNECTIONS,
          duration: SECONDS,
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
        });
        const errors = result.errors + result.non2xx;
        p50.set(url, result.latency.p50);
        console.log(
          `${name.padEnd(36)} ${result.requests.average.toFixed(0).padStart(7)} ${String(result.latency.p50).padStart(9)} ${String(result.latency.p99).padStart(8)} ${String(errors).padStart(8)}`,
        );
      }
      // A flat cost: a deep page's median latency over the first page's, near 1 when it holds.
      const ratio = (deep: string, first: string) =>
        ((p50.get(deep) ?? 0) / Math.max(1, p50.get(first) ?? 0)).toFixed(2);
      const [firstMain, deepMain, , , firstCommunity, deepCommunity] = scenarios.map(([, url]) => url);
      console.log(
        `\nratio of p50, deep page / first page: feed ${ratio(deepMain ?? '', firstMain ?? '')}, community feed ${ratio(deepCommunity ?? '', firstCommunity ?? '')}`,
      );
      // Requests autocannon left in flight finish before the database closes.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await app.close();
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
