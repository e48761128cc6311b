import { and, asc, eq, sql } from 'drizzle-orm';
import { firstRowOf, type Database } from '../../db/database';
import { symbolPhrases } from '../../db/schema';

export type PhraseRow = typeof symbolPhrases.$inferSelect;

/** A member's own phrases of the symbol board. */
export function createSymbolPhrasesRepository(db: Database) {
  return {
    /** The member's phrases in the order they were added. */
    list: (userId: number) =>
      db
        .select()
        .from(symbolPhrases)
        .where(eq(symbolPhrases.userId, userId))
        .orderBy(asc(symbolPhrases.position), asc(symbolPhrases.id))
        // The service refuses more than its limit; this bounds the answer all the same.
        .limit(500),

    /**
     * Adds a phrase at the end of the member's list unless they already have `max`: the count and
     * the insert are one statement, so two tabs adding at once cannot both pass a count read
     * before either wrote. Undefined when the member is at the limit.
     */
    async add(userId: number, values: { text: string; symbol: string }, max: number) {
      const row = await firstRowOf<{
        id: string | number;
        text: string;
        symbol: string;
        created_at: Date | string;
      }>(
        db,
        sql`
        insert into ${symbolPhrases} (user_id, text, symbol, position)
        select ${userId}, ${values.text}, ${values.symbol}, coalesce(max(${symbolPhrases.position}), 0) + 1
        from ${symbolPhrases}
        where ${symbolPhrases.userId} = ${userId}
        having count(*) < ${max}
        returning id, text, symbol, created_at`,
      );
      return row
        ? { id: Number(row.id), text: row.text, symbol: row.symbol, createdAt: new Date(row.created_at) }
        : undefined;
    },

    /** Removes one of the member's phrases; false when it is not theirs or does not exist. */
    async remove(userId: number, phraseId: number) {
      const rows = await db
        .delete(symbolPhrases)
        .where(and(eq(symbolPhrases.id, phraseId), eq(symbolPhrases.userId, userId)))
        .returning({ id: symbolPhrases.id });
      return rows.length > 0;
    },
  };
}

export type SymbolPhrasesRepository = ReturnType<typeof createSymbolPhrasesRepository>;
