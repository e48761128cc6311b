import { eq, sql } from 'drizzle-orm';
import { moderatedCommunityIdList } from '../../db/community-moderation-roles';
import type { Database } from '../../db/database';
import { adultsBornOnOrBefore, groupOf } from '../../db/safeguarding';
import { posts, profiles, users } from '../../db/schema';
import { accountColumns } from '../auth';

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfileValues = Omit<typeof profiles.$inferInsert, 'userId' | 'updatedAt'>;
/** A member's user row with the own profile, if there is one yet. */
export type ProfileAccount = NonNullable<Awaited<ReturnType<ProfileRepository['findAccount']>>>;
/** What `/api/me` reads: the account's presented columns, the profile, the group, the moderated. */
export type MeRow = NonNullable<Awaited<ReturnType<ProfileRepository['findMe']>>>;

/** Data access of profiles: the member's own row, and what a viewer needs to see another's. */
export function createProfileRepository(db: Database) {
  // Read on every signed-in `/api/me` (issue 19): built once, then bound per call.
  const accountStatement = db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('profile_find_account');
  // `/api/me`, asked by every signed-in page: the account and profile with the member's group
  // under the safeguarding rule and the communities they moderate, one round trip instead of three.
  // The rule and the moderators' definition stay where they live; this statement only selects them.
  const meStatement = db
    .select({
      user: accountColumns,
      profile: profiles,
      group: groupOf(users.id, sql.placeholder('adultsFrom')),
      moderates: moderatedCommunityIdList(users.id),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('profile_me');

  return {
    async findAccount(userId: number) {
      const [row] = await accountStatement.execute({ id: userId });
      return row;
    },

    /** The account as `findAccount` reads it, its safeguarding group and moderated communities. */
    async findMe(userId: number) {
      const [row] = await meStatement.execute({ id: userId, adultsFrom: adultsBornOnOrBefore() });
      return row;
    },

    /** Saves the profile and marks it complete (login answers profile_complete from that). */
    async saveProfile(userId: number, values: ProfileValues) {
      return db.transaction(async (tx) => {
        await tx
          .insert(profiles)
          .values({ ...values, userId })
          .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: sql`now()` } });
        await tx
          .update(users)
          .set({ profileCompletedAt: sql`coalesce(${users.profileCompletedAt}, now())` })
          .where(eq(users.id, userId));
        // The feed filters posts by their author's country (a copy kept on each post).
        await tx
          .update(posts)
          .set({ country: values.country })
          .where(sql`${posts.authorId} = ${userId} and ${posts.country} is distinct from ${values.country}`);
      });
    },

    markIntroSeen: (userId: number) =>
      db
        .update(users)
        .set({ profileIntroSeenAt: sql`coalesce(${users.profileIntroSeenAt}, now())` })
        .where(eq(users.id, userId)),
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
