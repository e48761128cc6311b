import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { rareDiseaseCodes } from '../../db/schema';

export function createDiseasesRepository(db: Database) {
  return {
    async statusOf(orphacode: number) {
      const [row] = await db
        .select({ status: rareDiseaseCodes.status })
        .from(rareDiseaseCodes)
        .where(eq(rareDiseaseCodes.orphacode, orphacode))
        .limit(1);
      return row?.status;
    },
  };
}

export type DiseasesRepository = ReturnType<typeof createDiseasesRepository>;
