import { eq, sql } from 'drizzle-orm';
import type { FunctionalEstado } from '@juntos/domain';
import type { Database } from '../../db/database';
import { functionalAnswers } from '../../db/schema';

/** Data access of the functional profile: one row per answered characteristic. */
export function createFunctionalProfileRepository(db: Database) {
  return {
    async answersOf(userId: number): Promise<Map<string, FunctionalEstado>> {
      const rows = await db
        .select({ id: functionalAnswers.characteristicId, estado: functionalAnswers.estado })
        .from(functionalAnswers)
        .where(eq(functionalAnswers.userId, userId));
      return new Map(rows.map((row) => [row.id, row.estado]));
    },

    async saveAnswers(userId: number, answers: { id: string; estado: FunctionalEstado }[]) {
      if (answers.length === 0) return;
      await db
        .insert(functionalAnswers)
        .values(answers.map((answer) => ({ userId, characteristicId: answer.id, estado: answer.estado })))
        .onConflictDoUpdate({
          target: [functionalAnswers.userId, functionalAnswers.characteristicId],
          set: { estado: sql`excluded.estado`, updatedAt: sql`now()` },
        });
    },
  };
}

export type FunctionalProfileRepository = ReturnType<typeof createFunctionalProfileRepository>;
