import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { passkeys, webauthnChallenges } from '../../db/schema';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type CeremonyPurpose = 'registration' | 'authentication';

/** Passkeys and the one-time challenges of their ceremonies (issue 21). */
export function createPasskeysRepository(db: Database) {
  return {
    list: (userId: number, limit: number) =>
      db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
        .limit(limit),

    count: async (userId: number) =>
      (await db.select({ value: count() }).from(passkeys).where(eq(passkeys.userId, userId)))[0]?.value ?? 0,

    findByCredentialId: async (credentialId: string) =>
      (await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1))[0],

    /** Undefined when the authenticator already holds a passkey here (its credential id is taken). */
    async create(passkey: typeof passkeys.$inferInsert) {
      const [row] = await db
        .insert(passkeys)
        .values(passkey)
        .onConflictDoNothing({ target: passkeys.credentialId })
        .returning();
      return row;
    },

    /**
     * Records a sign-in with the signature counter it presented, only if that counter is above
     * the stored one (or both are 0: an authenticator without a counter, WebAuthn §6.1.1). One
     * conditional UPDATE, so of two sign-ins presenting the same counter (a cloned authenticator)
     * exactly one is recorded; false for the other, which must be refused.
     */
    recordUse: async (id: number, counter: number) =>
      (
        await db
          .update(passkeys)
          .set({ counter, lastUsedAt: sql`now()` })
          .where(
            and(eq(passkeys.id, id), counter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, counter)),
          )
          .returning({ id: passkeys.id })
      ).length === 1,

    /** False when the passkey is not the member's (or is gone). */
    remove: async (userId: number, id: number) =>
      (
        await db
          .delete(passkeys)
          .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
          .returning({ id: passkeys.id })
      ).length > 0,

    /** Stores a challenge, and drops the expired ones (indexed), so unused ones never pile up. */
    async saveChallenge(challenge: typeof webauthnChallenges.$inferInsert) {
      await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
      await db.insert(webauthnChallenges).values(challenge);
    },

    /** Takes a challenge out (it can be answered once); undefined when unknown or of another purpose. */
    takeChallenge: async (id: string, purpose: CeremonyPurpose) =>
      (
        await db
          .delete(webauthnChallenges)
          .where(and(eq(webauthnChallenges.id, id), eq(webauthnChallenges.purpose, purpose)))
          .returning()
      )[0],
  };
}

export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>;
