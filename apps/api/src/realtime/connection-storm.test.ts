import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, friendships, refreshTokens, users } from '../db/schema';
import { createAuthRepository } from '../modules/auth/auth.repository';
import { createFriendshipsRepository } from '../modules/friendships/friendships.repository';
import { createMemberWithProfile, createReviewedMinor, type Member } from '../test-support/profiles';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * Issue 36, point 1: the sockets a connection storm opens in one turn share one session statement
 * and one friend-list statement. Each answer must be what the single statement gives that socket
 * alone: the same sessions refused, the same reach rule per member.
 */
describe('what a connection storm asks in one statement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());

  const sessionOf = async (member: Member) => {
    const [row] = await t.app.database.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, member.user.id))
      .limit(1);
    return row!.familyId;
  };

  it('answers each session as the single check does, in the order asked', async () => {
    const auth = createAuthRepository(t.app.database.db);
    const [live, loggedOut, suspended] = await Promise.all([
      createMemberWithProfile(t.app),
      createMemberWithProfile(t.app),
      createMemberWithProfile(t.app),
    ]);
    const { db } = t.app.database;
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.userId, loggedOut.user.id));
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
    const asked = [
      { id: live.user.id, sessionId: await sessionOf(live) },
      { id: loggedOut.user.id, sessionId: await sessionOf(loggedOut) },
      { id: suspended.user.id, sessionId: await sessionOf(suspended) },
      // Someone else's session named with one's own id.
      { id: live.user.id, sessionId: await sessionOf(loggedOut) },
      { id: live.user.id, sessionId: await sessionOf(live) },
    ];
    const single = await Promise.all(asked.map((pair) => auth.sessionUsable(pair.id, pair.sessionId)));
    expect(single).toEqual([true, false, false, false, true]);
    expect(await auth.sessionsUsable(asked)).toEqual(single);
  });

  it('lists each member’s friends as the single statement does, the reach rule per member', async () => {
    const repository = createFriendshipsRepository(t.app.database.db);
    const [ana, bea, carl, dora, eli] = await Promise.all(
      ['Ana', 'Bea', 'Carl', 'Dora', 'Eli'].map((nombre) => createMemberWithProfile(t.app, { nombre })),
    );
    const minor = await createReviewedMinor(t.app, { nombre: 'Tiago' });
    const accepted = (a: Member, b: Member) => ({
      requesterId: a.user.id,
      addresseeId: b.user.id,
      status: 'accepted' as const,
    });
    const { db } = t.app.database;
    await db.insert(friendships).values([
      accepted(ana!, bea!),
      accepted(carl!, ana!),
      accepted(ana!, dora!),
      accepted(bea!, carl!),
      // Out of the rule's reach whatever the table says: an adult and a minor.
      accepted(eli!, minor),
      { requesterId: eli!.user.id, addresseeId: ana!.user.id, status: 'pending' as const },
    ]);
    // Dora blocked Ana: neither hears of the other any more.
    await db.insert(blocks).values({ blockerId: dora!.user.id, blockedId: ana!.user.id });

    const members = [ana!, bea!, carl!, dora!, eli!, minor, ana!];
    const single = await Promise.all(members.map((member) => repository.friendIds(member.user.id, 500)));
    const sorted = (lists: number[][]) => lists.map((list) => [...list].sort((a, b) => a - b));
    const ids = (...friends: Member[]) => friends.map((friend) => friend.user.id).sort((a, b) => a - b);
    expect(sorted(single)).toEqual([
      ids(bea!, carl!),
      ids(ana!, carl!),
      ids(ana!, bea!),
      [],
      [],
      [],
      ids(bea!, carl!),
    ]);
    const batched = await repository.friendIdsOfMany(
      members.map((member) => member.user.id),
      500,
    );
    expect(sorted(batched)).toEqual(sorted(single));
  });
});
