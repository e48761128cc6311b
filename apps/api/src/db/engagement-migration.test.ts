import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const ENGAGEMENT_MIGRATION = 17;

/** The committed migrations up to, not including, `before`: a database as it was before it. */
function migrationsBefore(before: number) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'juntos-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < before);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes)).toISOString();

/**
 * Likes and comments the way the community has them before migration 0017, shaped like the demo
 * data (several members liking and commenting on posts and pictures) plus the cases a move could
 * lose: comment ids that exist on both a post and a picture, hidden comments, a post and a
 * picture with the same id, exact timestamps.
 */
const BEFORE = `
  insert into users (email, password_hash, telefono, tipo_registro)
    values ('ana@example.org', 'x', '600000001', 'adulto'),
           ('ben@example.org', 'x', '600000002', 'adulto'),
           ('cai@example.org', 'x', '600000003', 'adulto');
  insert into posts (author_id, text) values (1, 'First post'), (2, 'Second post');
  insert into gallery_images (owner_id, title, image_key)
    values (1, 'Beach', 'users/1/private/a.webp'), (2, 'Garden', 'users/2/private/b.webp');
  insert into post_likes (post_id, user_id, created_at)
    values (1, 2, '${at(1)}'), (1, 3, '${at(2)}'), (2, 1, '${at(3)}');
  insert into gallery_likes (image_id, user_id, created_at) values (1, 2, '${at(4)}'), (2, 1, '${at(5)}');
  insert into post_comments (post_id, author_id, text, hidden_at, created_at)
    values (1, 2, 'Lovely', null, '${at(6)}'),
           (1, 3, 'Buy my stuff', '${at(8)}', '${at(7)}'),
           (2, 1, 'Thanks for sharing', null, '${at(9)}');
  insert into gallery_comments (image_id, author_id, content, hidden_at, created_at)
    values (1, 2, '❤️', null, '${at(10)}'), (2, 3, 'Spam', '${at(12)}', '${at(11)}');
`;

type Row = Record<string, unknown>;
const rows = async (client: PGlite, query: string) =>
  (await client.query<Row>(query)).rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
    ),
  );

describe('migration 0017: one engagement model', () => {
  const oldMigrations = migrationsBefore(ENGAGEMENT_MIGRATION);
  afterAll(() => rmSync(oldMigrations, { recursive: true, force: true }));

  it('moves every like and comment of posts and gallery images without loss, then drops the old tables', async () => {
    const client = await PGlite.create();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: oldMigrations });
    await client.exec(BEFORE);

    const postLikes = await rows(client, 'select post_id, user_id, created_at from post_likes order by 1, 2');
    const galleryLikes = await rows(
      client,
      'select image_id, user_id, created_at from gallery_likes order by 1, 2',
    );
    const postComments = await rows(
      client,
      'select id, post_id, author_id, text, hidden_at, created_at from post_comments order by id',
    );
    const galleryComments = await rows(
      client,
      'select id, image_id, author_id, content, hidden_at, created_at from gallery_comments order by id',
    );

    await migrate(db, { migrationsFolder });

    expect(
      await rows(
        client,
        `select content_id as post_id, user_id, created_at from likes where content_kind = 'post' order by 1, 2`,
      ),
    ).toEqual(postLikes);
    expect(
      await rows(
        client,
        `select content_id as image_id, user_id, created_at from likes where content_kind = 'gallery_image' order by 1, 2`,
      ),
    ).toEqual(galleryLikes);
    expect(
      await rows(
        client,
        `select id, content_id as post_id, author_id, text, hidden_at, created_at
         from comments where content_kind = 'post' order by id`,
      ),
    ).toEqual(postComments);
    expect(
      await rows(
        client,
        `select id, content_id as image_id, author_id, text as content, hidden_at, created_at
         from comments where content_kind = 'gallery_image' order by id`,
      ),
    ).toEqual(galleryComments);
    expect(await rows(client, 'select count(*)::int as n from likes')).toEqual([{ n: 5 }]);
    expect(await rows(client, 'select count(*)::int as n from comments')).toEqual([{ n: 5 }]);
    for (const table of ['post_likes', 'post_comments', 'gallery_likes', 'gallery_comments'])
      expect(await rows(client, `select to_regclass('${table}') as found`)).toEqual([{ found: null }]);

    // A new comment takes an id above every moved one, so ids are unique from now on.
    expect(
      await rows(
        client,
        `insert into comments (content_kind, content_id, author_id, text) values ('post', 2, 3, 'New') returning id`,
      ),
    ).toEqual([{ id: 4 }]);

    // Deleting a post deletes its likes and comments, and only its own: gallery image 1 has the
    // same id and keeps its like and comment.
    await client.exec('delete from posts where id = 1');
    expect(
      await rows(
        client,
        'select content_kind, content_id from likes union all select content_kind, content_id from comments order by 1, 2',
      ),
    ).toEqual([
      { content_kind: 'gallery_image', content_id: 1 },
      { content_kind: 'gallery_image', content_id: 1 },
      { content_kind: 'gallery_image', content_id: 2 },
      { content_kind: 'gallery_image', content_id: 2 },
      { content_kind: 'post', content_id: 2 },
      { content_kind: 'post', content_id: 2 },
      { content_kind: 'post', content_id: 2 },
    ]);
    await client.exec('delete from gallery_images where id = 2');
    expect(
      await rows(client, `select count(*)::int as n from comments where content_kind = 'gallery_image'`),
    ).toEqual([{ n: 1 }]);
    await client.close();
  });
});
