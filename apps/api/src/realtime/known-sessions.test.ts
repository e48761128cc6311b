import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { firstRowOf } from '../db/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBSOCKET_CLOSE } from '@juntos/domain';
import { refreshTokens, sessionEnds, users } from '../db/schema';
import { createAuthRepository } from '../modules/auth/auth.repository';
import { createActiveMember } from '../test-support/accounts';
import { connectChat } from '../test-support/chat-client';
import { createListeningTestApp, type TestApp } from '../test-support/test-app';

/**
 * Issue 36, decision 0050: a new chat socket whose session this instance knows (issued lately,
 * not ended) opens without the session lookup. That is safe only if every way a session ends is
 * in `session_ends`, whoever ends it, and if a socket opened in the second before an end was
 * read closes once it is.
 */
describe('the sessions every instance knows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createListeningTestApp();
  });
  afterAll(async () => t.cleanup());

  const familiesOf = async (userId: number) => [
    ...new Set(
      (
        await t.app.database.db
          .select({ family: refreshTokens.familyId })
          .from(refreshTokens)
          .where(eq(refreshTokens.userId, userId))
      ).map((row) => row.family),
    ),
  ];
  const endedAmong = async (families: string[]) =>
    (
      await t.app.database.db
        .select({ session: sessionEnds.sessionId })
        .from(sessionEnds)
        .where(inArray(sessionEnds.sessionId, families))
    ).map((row) => row.session);
  /** A second session of the member, as another device's sign-in opens it. */
  const secondSession = async (userId: number) => {
    const family = randomUUID();
    await t.app.database.db.insert(refreshTokens).values({
      userId,
      familyId: family,
      tokenHash: `second-${family}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    return family;
  };

  it('are recorded as ended by the database however they end, and a long-dead row deleted is not an end', async () => {
    const { db } = t.app.database;
    const repository = createAuthRepository(db);

    const loggedOut = await createActiveMember(t.app);
    const [loggedOutFamily] = await familiesOf(loggedOut.user.id);
    await repository.revokeRefreshFamily(loggedOutFamily ?? '');
    expect(await endedAmong([loggedOutFamily ?? ''])).toEqual([loggedOutFamily]);

    const suspended = await createActiveMember(t.app);
    const suspendedFamilies = [
      ...(await familiesOf(suspended.user.id)),
      await secondSession(suspended.user.id),
    ];
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
    expect((await endedAmong(suspendedFamilies)).sort()).toEqual([...suspendedFamilies].sort());

    // An erasure deletes the account, and its sessions with it.
    const erased = await createActiveMember(t.app);
    const erasedFamilies = [...(await familiesOf(erased.user.id)), await secondSession(erased.user.id)];
    await db.delete(users).where(eq(users.id, erased.user.id));
    expect((await endedAmong(erasedFamilies)).sort()).toEqual([...erasedFamilies].sort());

    // The retention pass deletes sessions that expired long ago: nothing ends then.
    const member = await createActiveMember(t.app);
    const expired = randomUUID();
    await db.insert(refreshTokens).values({
      userId: member.user.id,
      familyId: expired,
      tokenHash: `expired-${expired}`,
      expiresAt: new Date(Date.now() - 86_400_000),
    });
    await db.delete(refreshTokens).where(eq(refreshTokens.familyId, expired));
    expect(await endedAmong([expired])).toEqual([]);

    // What every instance reads: the sessions issued and ended lately, by the database's time.
    const changes = await repository.sessionChangesSince(undefined);
    expect(changes.issued).toContainEqual(expect.objectContaining({ userId: member.user.id }));
    expect(changes.ended).toEqual(expect.arrayContaining([loggedOutFamily, ...suspendedFamilies]));
    const clock = await firstRowOf<{ now: unknown }>(
      db,
      sql`select (extract(epoch from now()) * 1000)::float8 as now`,
    );
    const now = Number(clock?.now);
    expect(Math.abs(changes.at - now)).toBeLessThan(60_000);
  });

  it('close a socket opened on its token alone when its session ends behind this instance’s back', async () => {
    const member = await createActiveMember(t.app);
    // Another member's socket starts the reading of sessions, and their logout makes this instance
    // read at once: the member's new session is known from then on, so the socket below opens on
    // its token alone.
    const other = await createActiveMember(t.app);
    const othersSocket = await connectChat(t.app, other.access);
    const loggedOut = await t.app.inject({
      method: 'POST',
      url: '/api/logout/',
      payload: { refresh: other.refresh },
    });
    expect(loggedOut.statusCode).toBe(204);
    expect((await othersSocket.closed).code).toBe(WEBSOCKET_CLOSE.unauthorized);
    const socket = await connectChat(t.app, member.access);
    await socket
      .waitFor((frame) => frame.type === 'status_update' || frame.type === 'error', 500)
      .catch(() => undefined);
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);

    // Another instance, or a command, ends the session: this one hears nothing but its reads.
    await t.app.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.userId, member.user.id));
    const expired = await socket.waitFor((frame) => frame.type === 'error', 10_000);
    expect(expired).toMatchObject({ code: 'token_expired' });
    expect((await socket.closed).code).toBe(WEBSOCKET_CLOSE.unauthorized);
    // And a new socket with the token is refused at once.
    const again = await connectChat(t.app, member.access);
    expect((await again.closed).code).toBe(WEBSOCKET_CLOSE.unauthorized);
  });
});
