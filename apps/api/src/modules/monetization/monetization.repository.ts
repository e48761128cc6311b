import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  adSlotEarnings,
  monetizationAccounts,
  monetizationConsents,
  paymentProfiles,
  profiles,
  users,
  withdrawals,
} from '../../db/schema';
import type { WithdrawalStatus } from '@juntos/domain';

export type PaymentProfileRow = typeof paymentProfiles.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** Accounts, consents, impressions, payment details and withdrawals of the earnings programme. */
export function createMonetizationRepository(db: Database) {
  return {
    async member(userId: number) {
      const [row] = await db
        .select({
          tipoRegistro: users.tipoRegistro,
          activated: monetizationAccounts.activated,
          tokenTenths: monetizationAccounts.tokenTenths,
          impressions: monetizationAccounts.impressions,
          country: profiles.country,
          habla: profiles.habla,
          escribe: profiles.escribe,
          movilidad: profiles.movilidad,
          motricidad: profiles.motricidad,
          ver: profiles.ver,
          audition: profiles.audition,
          memoire: profiles.memoire,
          orientation: profiles.orientation,
          concentration: profiles.concentration,
        })
        .from(users)
        .leftJoin(monetizationAccounts, eq(monetizationAccounts.userId, users.id))
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    activate: (userId: number, consent: { version: string; text: string; language: string }) =>
      db.transaction(async (tx) => {
        await tx
          .insert(monetizationAccounts)
          .values({ userId, activated: true, activatedAt: new Date() })
          .onConflictDoUpdate({
            target: monetizationAccounts.userId,
            set: { activated: true, activatedAt: new Date(), updatedAt: new Date() },
          });
        await tx.insert(monetizationConsents).values({ userId, ...consent });
      }),

    deactivate: (userId: number) =>
      db.transaction(async (tx) => {
        await tx
          .update(monetizationAccounts)
          .set({ activated: false, updatedAt: new Date() })
          .where(eq(monetizationAccounts.userId, userId));
        await tx
          .update(monetizationConsents)
          .set({ withdrawnAt: new Date() })
          .where(and(eq(monetizationConsents.userId, userId), isNull(monetizationConsents.withdrawnAt)));
      }),

    /**
     * Counts one impression if the member is activated and the last counted one is at least
     * `minGapMs` old; every 10th adds a token. One statement, so two tabs cannot both count.
     * Answers the new totals, or undefined when it did not count.
     */
    async recordImpression(userId: number, slotKey: string, minGapMs: number) {
      const [row] = await db
        .update(monetizationAccounts)
        .set({
          impressions: sql`${monetizationAccounts.impressions} + 1`,
          tokenTenths: sql`${monetizationAccounts.tokenTenths} + case when (${monetizationAccounts.impressions} + 1) % 10 = 0 then 10 else 0 end`,
          lastImpressionAt: sql`now()`,
        })
        .where(
          and(
            eq(monetizationAccounts.userId, userId),
            eq(monetizationAccounts.activated, true),
            sql`(${monetizationAccounts.lastImpressionAt} is null or ${monetizationAccounts.lastImpressionAt} <= now() - make_interval(secs => ${minGapMs / 1000}))`,
          ),
        )
        .returning({
          impressions: monetizationAccounts.impressions,
          tokenTenths: monetizationAccounts.tokenTenths,
        });
      if (!row) return undefined;
      await db.insert(adSlotEarnings).values({ userId, slotKey }).onConflictDoNothing();
      return row;
    },

    async campaignParticipation(userId: number) {
      const [row] = await db
        .select({ value: count() })
        .from(adSlotEarnings)
        .where(eq(adSlotEarnings.userId, userId));
      return row?.value ?? 0;
    },

    async paymentProfile(userId: number) {
      const [row] = await db
        .select()
        .from(paymentProfiles)
        .where(eq(paymentProfiles.userId, userId))
        .limit(1);
      return row;
    },
    savePaymentProfile: (values: typeof paymentProfiles.$inferInsert) =>
      db
        .insert(paymentProfiles)
        .values(values)
        .onConflictDoUpdate({ target: paymentProfiles.userId, set: { ...values, updatedAt: new Date() } })
        .returning(),

    /**
     * Takes the tokens and records the request in one transaction. The balance is decreased only
     * where it still covers the amount, so concurrent requests cannot spend the same tokens
     * (PostgreSQL re-checks the condition after a concurrent update of the row).
     */
    createWithdrawal: (values: {
      userId: number;
      method: WithdrawalRow['method'];
      tokenTenths: number;
      payout: Record<string, string>;
    }) =>
      db.transaction(async (tx) => {
        const [debited] = await tx
          .update(monetizationAccounts)
          .set({
            tokenTenths: sql`${monetizationAccounts.tokenTenths} - ${values.tokenTenths}`,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(monetizationAccounts.userId, values.userId),
              sql`${monetizationAccounts.tokenTenths} >= ${values.tokenTenths}`,
            ),
          )
          .returning({ tokenTenths: monetizationAccounts.tokenTenths });
        if (!debited) return undefined;
        const [created] = await tx.insert(withdrawals).values(values).returning();
        return created;
      }),

    history: (userId: number, limit: number) =>
      db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.userId, userId))
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(limit),

    /**
     * Moves a withdrawal on, only from a state it may leave (pending → processing; pending or
     * processing → paid or rejected); a rejection gives its tokens back, once.
     */
    setWithdrawalStatus: (
      id: number,
      status: WithdrawalStatus,
      notes: { payoutReference?: string; rejectionReason?: string } = {},
    ) =>
      db.transaction(async (tx) => {
        const from = status === 'processing' ? sql`('pending')` : sql`('pending', 'processing')`;
        const [changed] = await tx
          .update(withdrawals)
          .set({ status, updatedAt: new Date(), ...notes })
          .where(and(eq(withdrawals.id, id), sql`${withdrawals.status} in ${from}`))
          .returning();
        if (changed && status === 'rejected')
          await tx
            .update(monetizationAccounts)
            .set({ tokenTenths: sql`${monetizationAccounts.tokenTenths} + ${changed.tokenTenths}` })
            .where(eq(monetizationAccounts.userId, changed.userId));
        return changed;
      }),

    async withdrawalById(id: number) {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
      return row;
    },

    /** For operators: withdrawals by status, oldest first (the order they should be paid in). */
    withdrawalsByStatus: (status: WithdrawalStatus | undefined, limit: number, offset: number) =>
      db
        .select({ withdrawal: withdrawals, email: users.email })
        .from(withdrawals)
        .innerJoin(users, eq(users.id, withdrawals.userId))
        .where(status ? eq(withdrawals.status, status) : undefined)
        .orderBy(withdrawals.createdAt, withdrawals.id)
        .limit(limit)
        .offset(offset),
  };
}

export type MonetizationRepository = ReturnType<typeof createMonetizationRepository>;
