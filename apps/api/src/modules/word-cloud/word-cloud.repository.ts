import { and, count, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { MIN_COUNTED_MEMBERS, NO_DIAGNOSIS } from '@juntos/domain';
import type { Database } from '../../db/database';
import { profiles, users } from '../../db/schema';

/** The most words one cloud shows (the most declared ones). */
export const WORD_CLOUD_MAX_WORDS = 120;

export type DeclaredDisease = { orphacode: number | null; name: string; members: number };

export function createWordCloudRepository(db: Database) {
  return {
    /**
     * Diseases declared by at least MIN_COUNTED_MEMBERS active members (fewer could single one
     * out), counted by ORPHA code (a free-text disease by its lower-cased text). Only declarations
     * the member shows to every member count.
     */
    async declaredDiseases(): Promise<DeclaredDisease[]> {
      const freeText = sql<
        string | null
      >`case when ${profiles.orphacode} is null then lower(${profiles.enfermedad}) end`;
      const members = count();
      return db
        .select({ orphacode: profiles.orphacode, name: sql<string>`min(${profiles.enfermedad})`, members })
        .from(profiles)
        .innerJoin(users, and(eq(users.id, profiles.userId), eq(users.isActive, true)))
        .where(
          and(
            ne(profiles.enfermedad, NO_DIAGNOSIS),
            sql`coalesce(${profiles.visibility}->>'enfermedad', 'members') = 'members'`,
          ),
        )
        .groupBy(profiles.orphacode, freeText)
        .having(gte(members, MIN_COUNTED_MEMBERS))
        .orderBy(desc(members), profiles.orphacode)
        .limit(WORD_CLOUD_MAX_WORDS);
    },
  };
}

export type WordCloudRepository = ReturnType<typeof createWordCloudRepository>;
