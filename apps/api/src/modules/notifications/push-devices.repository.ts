import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { pushSubscriptions } from '../../db/schema';

export type PushTarget = { id: number; endpoint: string; p256dh: string; auth: string };

/** The devices where members turned push on (issue 20). */
export function createPushDevicesRepository(db: Database) {
  return {
    /**
     * Stores a device's subscription, or moves it to this member (one browser profile shared by
     * two accounts: the last to sign in and turn push on gets the pushes). Answers its id.
     */
    async save(userId: number, device: { endpoint: string; p256dh: string; auth: string; label: string }) {
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ userId, ...device })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId,
            p256dh: device.p256dh,
            auth: device.auth,
            label: device.label,
            createdAt: sql`now()`,
          },
        })
        .returning({ id: pushSubscriptions.id });
      if (!row) throw new Error('push subscription not stored');
      return row.id;
    },

    count: async (userId: number) =>
      (
        await db
          .select({ count: sql<number>`count(*)::int` })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
      )[0]?.count ?? 0,

    /** Which of these members have at least one device (one statement for a whole batch). */
    async withDevices(userIds: readonly number[]) {
      if (userIds.length === 0) return new Set<number>();
      const rows = await db
        .selectDistinct({ userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(sql`${pushSubscriptions.userId} = any(${sql.param([...userIds])}::bigint[])`);
      return new Set(rows.map((row) => Number(row.userId)));
    },

    list: (userId: number, limit: number) =>
      db
        .select({
          id: pushSubscriptions.id,
          label: pushSubscriptions.label,
          endpoint: pushSubscriptions.endpoint,
          createdAt: pushSubscriptions.createdAt,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt))
        .limit(limit),

    targets: (userId: number, limit: number): Promise<PushTarget[]> =>
      db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .limit(limit),

    /** Removes one of the member's devices; false when it is not theirs or not there. */
    async remove(userId: number, id: number) {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    /** The push service said the subscription is gone (404, 410). */
    async forget(id: number) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    async delivered(id: number) {
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: sql`now()` })
        .where(eq(pushSubscriptions.id, id));
    },
  };
}

export type PushDevicesRepository = ReturnType<typeof createPushDevicesRepository>;
