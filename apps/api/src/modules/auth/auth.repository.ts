import { and, sql, eq, isNull, ne, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/database';
import type { SessionChanges } from '../../realtime/known-sessions';
import {
  activationCodes,
  consentRecords,
  passkeys,
  passwordResetTokens,
  refreshTokens,
  sessionEnds,
  users,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/**
 * The columns an account is presented from (`presentAccount`: sign-in and `/api/me`, read with
 * every signed-in page): the rest of the row, the password hash first, stays unread there.
 */
export const accountColumns = {
  id: users.id,
  email: users.email,
  tipoRegistro: users.tipoRegistro,
  language: users.language,
  role: users.role,
  isActive: users.isActive,
  profileCompletedAt: users.profileCompletedAt,
  profileIntroSeenAt: users.profileIntroSeenAt,
};
export type AccountRow = Pick<UserRow, keyof typeof accountColumns>;
export type NewUser = typeof users.$inferInsert;

/** Data access of the accounts feature: users, codes, reset links, refresh tokens, consents. */
export function createAuthRepository(db: Database) {
  const usableAccount = (sessionLive?: SQL) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, sql.placeholder('id')), isNull(users.suspendedAt), sessionLive))
      .limit(1);
  const accountUsableStatement = usableAccount().prepare('account_usable');
  const userByIdStatement = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_user_by_id');
  // A session is live while its refresh-token family is not revoked: a logout, a password change
  // or reset, or a reused refresh token revokes the family, and its access tokens stop at once.
  const sessionUsableStatement = usableAccount(
    sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('sessionId')} and ${refreshTokens.userId} = ${users.id} and ${refreshTokens.revokedAt} is null)`,
  ).prepare('session_usable');
  return {
    /**
     * What realtime/known-sessions.ts reads every second: the database's time, the token pairs
     * issued (refresh-token rows written) and the sessions ended since the given times (ms,
     * database time), or in the last 20 minutes (an access token lives 15).
     */
    async sessionChangesSince(since: { issues: number; ends: number } | undefined) {
      const from = (ms: number | undefined) =>
        ms === undefined ? sql`now() - interval '20 minutes'` : sql`to_timestamp(${ms / 1000})`;
      const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
      const rows = await rowsOf<{ kind: string; session_id: string | null; user_id: unknown; at: unknown }>(
        db,
        sql`
        select 'issued' as kind, ${refreshTokens.familyId}::text as session_id, ${refreshTokens.userId} as user_id, ${epochMs(sql`${refreshTokens.createdAt}`)} as at
          from ${refreshTokens} where ${refreshTokens.createdAt} > ${from(since?.issues)}
        union all
        select 'ended', ${sessionEnds.sessionId}::text, null, ${epochMs(sql`${sessionEnds.endedAt}`)}
          from ${sessionEnds} where ${sessionEnds.endedAt} > ${from(since?.ends)}
        union all
        select 'now', null, null, ${epochMs(sql`now()`)}`,
      );
      const changes: SessionChanges = { at: Number.NaN, issued: [], ended: [] };
      for (const row of rows)
        if (row.kind === 'now') changes.at = Number(row.at);
        else if (row.kind === 'ended' && row.session_id) changes.ended.push(row.session_id);
        else if (row.session_id)
          changes.issued.push({ sessionId: row.session_id, userId: Number(row.user_id), at: Number(row.at) });
      return changes;
    },
    findUserByEmail: async (email: string) =>
      (await db.select().from(users).where(eq(users.email, email)).limit(1))[0],
    /** The account exists and is not suspended (a refresh token may renew it). */
    async accountUsable(id: number) {
      const [row] = await accountUsableStatement.execute({ id });
      return row !== undefined;
    },
    /**
     * The account exists, is not suspended, and the session (refresh-token family) an access
     * token names is still open. This runs for every signed-in request and every new chat socket
     * (one primary-key lookup and one indexed family lookup), so the statement is prepared once.
     */
    async sessionUsable(id: number, sessionId: string) {
      const [row] = await sessionUsableStatement.execute({ id, sessionId });
      return row !== undefined;
    },
    /** Every signed-in `/api/me` reads the account: prepared once. */
    findUserById: async (id: number) => (await userByIdStatement.execute({ id }))[0],

    /** Inserts the account and its consent records together; undefined when the address is taken. */
    async createUser(user: NewUser, consents: { kind: string; policyVersion: string }[]) {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values(user)
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (!created) return undefined;
        await tx
          .insert(consentRecords)
          .values(consents.map((consent) => ({ ...consent, userId: created.id })));
        return created;
      });
    },

    /** Every passkey of the account (a password reset: the member may have lost a device). */
    deletePasskeys: (userId: number) => db.delete(passkeys).where(eq(passkeys.userId, userId)),

    activateUser: (id: number) =>
      db.update(users).set({ isActive: true, activatedAt: new Date() }).where(eq(users.id, id)),

    updatePassword: (id: number, passwordHash: string) =>
      db.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, id)),

    replaceActivationCode: (userId: number, codeHash: string, expiresAt: Date) =>
      db
        .insert(activationCodes)
        .values({ userId, codeHash, expiresAt, failedAttempts: 0 })
        .onConflictDoUpdate({
          target: activationCodes.userId,
          set: { codeHash, expiresAt, failedAttempts: 0, createdAt: new Date() },
        }),
    findActivationCode: async (userId: number) =>
      (await db.select().from(activationCodes).where(eq(activationCodes.userId, userId)).limit(1))[0],
    recordFailedActivation: (userId: number, failedAttempts: number) =>
      db.update(activationCodes).set({ failedAttempts }).where(eq(activationCodes.userId, userId)),
    deleteActivationCode: (userId: number) =>
      db.delete(activationCodes).where(eq(activationCodes.userId, userId)),

    createResetToken: (userId: number, tokenHash: string, expiresAt: Date) =>
      db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt }),
    findResetToken: async (tokenHash: string) =>
      (
        await db
          .select()
          .from(passwordResetTokens)
          .where(eq(passwordResetTokens.tokenHash, tokenHash))
          .limit(1)
      )[0],
    /** Marks the link used; false when it was used already (two tabs racing). */
    async consumeResetToken(id: number) {
      const rows = await db
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
        .returning({ id: passwordResetTokens.id });
      return rows.length === 1;
    },

    createRefreshToken: (token: {
      userId: number;
      familyId: string;
      tokenHash: string;
      expiresAt: Date;
      device: string | null;
    }) => db.insert(refreshTokens).values(token),
    findRefreshToken: async (tokenHash: string) =>
      (await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1))[0],
    /** Marks a token rotated; false when another request rotated it first. */
    async markRefreshTokenRotated(id: number) {
      const rows = await db
        .update(refreshTokens)
        .set({ rotatedAt: new Date() })
        .where(
          and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)),
        )
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },
    /** Ends a session (of that member, when given); false when it had ended already. */
    async revokeRefreshFamily(familyId: string, userId?: number) {
      const rows = await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(refreshTokens.familyId, familyId),
            isNull(refreshTokens.revokedAt),
            userId === undefined ? undefined : eq(refreshTokens.userId, userId),
          ),
        )
        .returning({ id: refreshTokens.id });
      return rows.length > 0;
    },
    /** Every session of the member but one (a password change keeps the session that made it). */
    revokeOtherRefreshFamilies: (userId: number, keptFamilyId: string) =>
      db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            ne(refreshTokens.familyId, keptFamilyId),
          ),
        ),
    revokeAllRefreshTokens: (userId: number) =>
      db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt))),
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
