import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { comments, likes, users } from '../../db/schema';
import { createEngagementRepository, createEngagementService, type ContentKind } from '.';

/**
 * A kind of content the app does not have: a note. Publishing it takes its table, the delete
 * trigger every content table has (migration 0017) and an access rule; liking and commenting
 * take no new code. The kinds are a list in the schema; the database column is plain text, so
 * this test names its kind without adding it there.
 */
const NOTE = 'test_note' as ContentKind;
const notes = pgTable('test_notes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  authorId: bigint('author_id', { mode: 'number' }).notNull(),
  text: text('text').notNull(),
});

/** A comment as the form sends it, without a warning. */
const written = (text: string) => ({ text, content_warning_text: '' });

describe('a new kind of content needs no like or comment code', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-engagement-'));
  let handle: DatabaseHandle;
  const members: number[] = [];

  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: undefined, pgliteDir: dataDir });
    await handle.migrate();
    await handle.db.execute(sql`
      create table test_notes (
        id bigint primary key generated always as identity,
        author_id bigint not null references users(id) on delete cascade,
        text text not null
      )`);
    await handle.db.execute(sql`
      create trigger test_notes_forget_engagement after delete on test_notes
        for each row execute function forget_engagement('test_note')`);
    for (const name of ['ana', 'ben', 'cai']) {
      const [row] = await handle.db
        .insert(users)
        .values({
          email: `${name}-${Date.now()}@example.org`,
          passwordHash: 'x',
          telefono: '600000000',
          tipoRegistro: 'adulto',
        })
        .returning({ id: users.id });
      if (row) members.push(row.id);
    }
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('likes, comments, counts and lists a note, behind the note’s own access rule, and forgets them with it', async () => {
    const [ana, ben, cai] = members as [number, number, number];
    const { db } = handle;
    const [note] = await db.insert(notes).values({ authorId: ana, text: 'A note' }).returning();
    if (!note) throw new Error('no note');
    const repository = createEngagementRepository(db);
    // The note's rule: Cai may not see Ana's notes.
    const engagement = createEngagementService(repository, NOTE, async (viewerId) => {
      if (viewerId === cai) throw new Error('not found');
    });

    expect(await engagement.toggleLike(ben, note.id)).toEqual({ liked: true, total_likes: 1 });
    expect(await engagement.toggleLike(ana, note.id)).toEqual({ liked: true, total_likes: 2 });
    expect(await engagement.toggleLike(ana, note.id)).toEqual({ liked: false, total_likes: 1 });
    await expect(engagement.toggleLike(cai, note.id)).rejects.toThrow('not found');
    await expect(engagement.comment(cai, note.id, written('Let me in'))).rejects.toThrow('not found');

    const first = await engagement.comment(ben, note.id, written('First'));
    const second = await engagement.comment(ana, note.id, written('Second'));
    expect(first).toMatchObject({ contentId: note.id, authorId: ben, text: 'First', hiddenAt: null });
    const texts = async (keep: 'newest' | 'oldest') =>
      (await engagement.comments(ana, note.id, { perContent: 1, keep })).map((row) => row.text);
    expect(await texts('oldest')).toEqual(['First']);
    expect(await texts('newest')).toEqual(['Second']);

    // A hidden comment is its author's alone, in the lists and in the counts.
    await db.update(comments).set({ hiddenAt: new Date() }).where(eq(comments.id, second.id));
    const counted = (viewerId: number) =>
      db
        .select({ id: notes.id, ...repository.counts(NOTE, viewerId, notes.id) })
        .from(notes)
        .where(eq(notes.id, note.id));
    expect(await counted(ben)).toEqual([{ id: note.id, likes: 1, comments: 1, liked: true }]);
    expect(await counted(ana)).toEqual([{ id: note.id, likes: 1, comments: 2, liked: false }]);

    await db.delete(notes).where(eq(notes.id, note.id));
    expect(await counted(ben)).toEqual([]);
    expect(await repository.commentsOf(NOTE, ana, [note.id], { perContent: 10, keep: 'oldest' })).toEqual([]);
    const left = await db
      .select({
        likes: sql<number>`(select count(*)::int from ${likes})`,
        comments: sql<number>`(select count(*)::int from ${comments})`,
      })
      .from(users)
      .limit(1);
    expect(left).toEqual([{ likes: 0, comments: 0 }]);
  });
});
