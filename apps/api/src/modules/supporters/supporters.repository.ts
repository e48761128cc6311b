import { aliasedTable, and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SupporterPermission, SupporterState } from '@juntos/domain';
import type { Database } from '../../db/database';
import { mayReach } from '../../db/safeguarding';
import { profiles, supporters, users } from '../../db/schema';

export type SupporterRow = typeof supporters.$inferSelect;

const supporterProfile = aliasedTable(profiles, 'supporter_profile');
const memberProfile = aliasedTable(profiles, 'member_profile');

/** Data access of supporters' grants (decision 0047). */
export function createSupportersRepository(db: Database) {
  return {
    /** An active account's address, language and first name. */
    async account(userId: number) {
      const [row] = await db
        .select({ email: users.email, language: users.language, nombre: profiles.nombre })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(and(eq(users.id, userId), eq(users.isActive, true)))
        .limit(1);
      return row;
    },

    /** The account holding an address, if any (addresses are stored in lower case). */
    async accountIdByEmail(email: string) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return row?.id;
    },

    /** The member's live grants (invited or active), newest first, with the supporter's name. */
    ofMember: (memberId: number) =>
      db
        .select({ grant: supporters, supporterName: supporterProfile.nombre })
        .from(supporters)
        .leftJoin(supporterProfile, eq(supporterProfile.userId, supporters.supporterId))
        .where(and(eq(supporters.memberId, memberId), ne(supporters.state, 'ended')))
        .orderBy(desc(supporters.id)),

    /**
     * Grants the caller holds (active) and invitations to the caller's address, with the member's
     * name: only members the caller may reach (the one reach rule, in the same statement).
     */
    ofSupporter: (supporterId: number, email: string) =>
      db
        .select({ grant: supporters, memberName: memberProfile.nombre })
        .from(supporters)
        .leftJoin(memberProfile, eq(memberProfile.userId, supporters.memberId))
        .where(
          sql`((${supporters.supporterId} = ${supporterId} and ${supporters.state} = 'active')
            or (${supporters.invitedEmail} = ${email} and ${supporters.state} = 'invited'))
            and ${mayReach(supporterId, supporters.memberId)}`,
        )
        .orderBy(desc(supporters.id)),

    async find(id: number) {
      const [row] = await db.select().from(supporters).where(eq(supporters.id, id)).limit(1);
      return row;
    },

    liveCount: async (memberId: number) =>
      (
        await db
          .select({ count: sql<number>`count(*)::int` })
          .from(supporters)
          .where(and(eq(supporters.memberId, memberId), ne(supporters.state, 'ended')))
      )[0]?.count ?? 0,

    /** A new invitation; undefined when a live one to that address exists (the unique index). */
    async invite(memberId: number, invitedEmail: string, permissions: SupporterPermission[]) {
      const [row] = await db
        .insert(supporters)
        .values({ memberId, invitedEmail, permissions })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async setPermissions(id: number, permissions: SupporterPermission[]) {
      const [row] = await db
        .update(supporters)
        .set({ permissions })
        .where(and(eq(supporters.id, id), ne(supporters.state, 'ended')))
        .returning();
      return row;
    },

    /** Moves a grant on, only from the states given: two answers at once change it once. */
    async move(
      id: number,
      from: readonly SupporterState[],
      change: Partial<Pick<SupporterRow, 'state' | 'supporterId' | 'acceptedAt' | 'endedAt'>>,
    ) {
      const [row] = await db
        .update(supporters)
        .set(change)
        .where(and(eq(supporters.id, id), inArray(supporters.state, [...from])))
        .returning();
      return row;
    },
  };
}

export type SupportersRepository = ReturnType<typeof createSupportersRepository>;
