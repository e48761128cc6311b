import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { adultsBornOnOrBefore, isMinor, mayBeMinor, member, memberProfile } from '../../db/safeguarding';
import { users } from '../../db/schema';

/** Minors' accounts waiting for an administrator, and the administrator's decisions. */
export function createMinorReviewRepository(db: Database) {
  return {
    /** Activated minors' accounts not yet reviewed, oldest first (the queue of /admin/menores). */
    pending: (limit: number, offset: number) =>
      db
        .select({
          id: member.id,
          email: member.email,
          telefono: member.telefono,
          nombreTutor: member.nombreTutor,
          relacionTutor: member.relacionTutor,
          tipoRegistro: member.tipoRegistro,
          createdAt: member.createdAt,
          nombre: memberProfile.nombre,
          apellidos: memberProfile.apellidos,
          dateOfBirth: memberProfile.dateOfBirth,
          country: memberProfile.country,
          ciudad: memberProfile.ciudad,
        })
        .from(member)
        .leftJoin(memberProfile, eq(memberProfile.userId, member.id))
        .where(
          and(
            mayBeMinor,
            isMinor(adultsBornOnOrBefore()),
            isNull(member.minorReviewedAt),
            eq(member.isActive, true),
            isNull(member.suspendedAt),
          ),
        )
        .orderBy(asc(member.createdAt), asc(member.id))
        .limit(limit)
        .offset(offset),

    /** Marks a minor's account reviewed; false when there is no such account that may be a minor. */
    async approve(userId: number) {
      const rows = await db
        .update(users)
        .set({ minorReviewedAt: sql`coalesce(${users.minorReviewedAt}, now())` })
        .where(
          and(eq(users.id, userId), sql`(${users.tipoRegistro} = 'menor' or ${users.ageGroup} = 'minor')`),
        )
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * Sets the age group an administrator decided. Making someone a minor is itself the review,
     * so the account is visible to minors at once; making them an adult needs no review.
     */
    async setAgeGroup(userId: number, group: 'minor' | 'adult') {
      const rows = await db
        .update(users)
        .set({ ageGroup: group, minorReviewedAt: group === 'minor' ? new Date() : null })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      return rows.length > 0;
    },
  };
}

export type MinorReviewRepository = ReturnType<typeof createMinorReviewRepository>;
