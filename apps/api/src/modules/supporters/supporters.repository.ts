import { aliasedTable, and, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { SUPPORTER_ACTIVITY_PAGE, type SupporterPermission, type SupporterState } from '@juntos/domain';
import type { Database } from '../../db/database';
import { adultsBornOnOrBefore, mayReach } from '../../db/safeguarding';
import { profiles, refreshTokens, supporterActions, supporters, users } from '../../db/schema';

export type SupporterRow = typeof supporters.$inferSelect;

const supporterProfile = aliasedTable(profiles, 'supporter_profile');
const memberProfile = aliasedTable(profiles, 'member_profile');
const memberAccount = aliasedTable(users, 'member_account');
const supporterAccount = aliasedTable(users, 'supporter_account');

const isAdult = (account: typeof memberAccount) =>
  sql`not safeguarding_is_minor(${account.ageGroup}, ${account.tipoRegistro}, (select ${profiles.dateOfBirth} from ${profiles} where ${profiles.userId} = ${account.id}), ${sql.placeholder('adultsFrom')}::date)`;

/** Data access of supporters' grants (decision 0047). */
export function createSupportersRepository(db: Database) {
  // Runs for every request and socket of a supporter acting for a member, so prepared once: the
  // grant is active, neither account is suspended, and the supporter's own session is open.
  const actingGrantStatement = db
    .select({ permissions: supporters.permissions })
    .from(supporters)
    .innerJoin(
      memberAccount,
      and(eq(memberAccount.id, supporters.memberId), isNull(memberAccount.suspendedAt)),
    )
    .innerJoin(
      supporterAccount,
      and(eq(supporterAccount.id, supporters.supporterId), isNull(supporterAccount.suspendedAt)),
    )
    .where(
      and(
        eq(supporters.supporterId, sql.placeholder('supporterId')),
        eq(supporters.state, 'active'),
        eq(supporters.memberId, sql.placeholder('memberId')),
        sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('sessionId')} and ${refreshTokens.userId} = ${supporters.supporterId} and ${refreshTokens.revokedAt} is null)`,
        // Adults only, both of them, on the day asked: a member an administrator has since
        // found to be a minor has no supporter, and a minor helps nobody.
        isAdult(memberAccount),
        isAdult(supporterAccount),
      ),
    )
    .limit(1)
    .prepare('acting_grant');

  return {
    /** What an active grant lets the supporter do now, with their open session; undefined otherwise. */
    async actingGrant(memberId: number, supporterId: number, sessionId: string) {
      const [row] = await actingGrantStatement.execute({
        memberId,
        supporterId,
        sessionId,
        adultsFrom: adultsBornOnOrBefore(),
      });
      return row?.permissions;
    },

    /** Writes one thing a supporter did in the member's account. */
    recordAction: (action: typeof supporterActions.$inferInsert) =>
      db.insert(supporterActions).values(action),

    /** A page of the member's activity list, newest first, with each supporter's name; one more to tell a next page. */
    activity: (memberId: number, before: number | undefined) =>
      db
        // Named only while the member may reach them (the one reach rule): after a block, a
        // suspension or an erasure the line stays, by "a former supporter".
        .select({
          action: supporterActions,
          supporterName: sql<
            string | null
          >`case when ${mayReach(memberId, supporterActions.supporterId)} then coalesce(${supporterProfile.nombre}, '') end`,
        })
        .from(supporterActions)
        .leftJoin(supporterProfile, eq(supporterProfile.userId, supporterActions.supporterId))
        .where(
          and(
            eq(supporterActions.memberId, memberId),
            before === undefined ? undefined : lt(supporterActions.id, before),
          ),
        )
        .orderBy(desc(supporterActions.id))
        .limit(SUPPORTER_ACTIVITY_PAGE + 1),

    /** Ends every live grant between two members, either way (a block between them). */
    endBetween: (oneId: number, otherId: number, endedAt: Date) =>
      db
        .update(supporters)
        .set({ state: 'ended', endedAt })
        .where(
          and(
            ne(supporters.state, 'ended'),
            sql`((${supporters.memberId} = ${oneId} and ${supporters.supporterId} = ${otherId})
              or (${supporters.memberId} = ${otherId} and ${supporters.supporterId} = ${oneId}))`,
          ),
        )
        .returning(),

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
        // The supporter's name only while the member may reach them (suspended: the address only).
        .select({
          grant: supporters,
          supporterName: sql<
            string | null
          >`case when ${mayReach(memberId, supporters.supporterId)} then ${supporterProfile.nombre} end`,
        })
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
