import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SUPPORTERS_MAX, type Supporter, type Supporting } from '@juntos/domain';
import { supporters } from '../../db/schema';
import { lastEmailTo } from '../../test-support/accounts';
import { createMemberWithProfile, createReviewedMinor, type Member } from '../../test-support/profiles';
import { requestAs, type Method } from '../../test-support/requests';
import { testAppWithMembers } from '../../test-support/test-app-with-members';

/**
 * Issue 37 point 1, decision 0047 (first step): an adult member lets someone they trust help with
 * their account. The member chooses what they may do, only the invited address accepts (an adult,
 * within the safeguarding rule of both), either side ends it at once, and the member is told.
 */
describe('supporters’ grants', () => {
  const world = testAppWithMembers({
    members: {
      ana: { nombre: 'Ana' },
      bruno: { nombre: 'Bruno' },
      carla: { nombre: 'Carla' },
      dora: { nombre: 'Dora' },
    },
  });
  const call = (who: Member | undefined, method: Method, url: string, payload?: object, language = 'en') =>
    requestAs(world.app, who?.access, method, url, payload, language);
  const invite = (who: Member, email: string, permissions: string[] = ['posts', 'messages']) =>
    call(who, 'POST', '/api/supporters/', { email, permissions });
  const supporting = async (who: Member) => (await call(who, 'GET', '/api/supporting/')).json<Supporting>();
  const mine = async (who: Member) =>
    (await call(who, 'GET', '/api/supporters/')).json<{ supporters: Supporter[] }>().supporters;
  const endAll = async (who: Member) => {
    for (const grant of await mine(who)) await call(who, 'DELETE', `/api/supporters/${grant.id}/`);
  };

  it('invites by e-mail, is accepted by that address only, and tells the member', async () => {
    const invited = await invite(world.ana, world.bruno.email.toUpperCase(), ['messages', 'posts']);
    expect(invited.statusCode, invited.body).toBe(201);
    const grant = invited.json<Supporter>();
    expect(grant).toMatchObject({
      state: 'invited',
      invited_email: world.bruno.email,
      supporter: null,
      permissions: ['posts', 'messages'],
    });
    const invitation = await lastEmailTo(world.app, world.bruno.email);
    expect(invitation.subject).toContain('Ana asks for your help');
    expect(invitation.textBody).toContain('/ajustes/apoyo');

    // Only the invited address sees and accepts it; to anyone else it does not exist.
    expect((await supporting(world.carla)).invitations).toEqual([]);
    expect((await call(world.carla, 'POST', `/api/supporting/${grant.id}/accept/`)).statusCode).toBe(404);
    expect((await supporting(world.bruno)).invitations).toEqual([
      expect.objectContaining({ id: grant.id, member: { id: world.ana.user.id, nombre: 'Ana' } }),
    ]);
    const accepted = await call(world.bruno, 'POST', `/api/supporting/${grant.id}/accept/`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await supporting(world.bruno)).helping.map((item) => item.member.id)).toEqual([
      world.ana.user.id,
    ]);
    expect(await mine(world.ana)).toEqual([
      expect.objectContaining({ state: 'active', supporter: { id: world.bruno.user.id, nombre: 'Bruno' } }),
    ]);
    expect((await lastEmailTo(world.app, world.ana.email)).subject).toContain('Bruno now helps you');
    // Accepting twice changes nothing.
    expect((await call(world.bruno, 'POST', `/api/supporting/${grant.id}/accept/`)).statusCode).toBe(404);

    // The member changes what the supporter may do; nobody else can.
    const changed = await call(world.ana, 'PATCH', `/api/supporters/${grant.id}/`, {
      permissions: ['profile'],
    });
    expect(changed.json<Supporter>().permissions).toEqual(['profile']);
    expect(
      (await call(world.carla, 'PATCH', `/api/supporters/${grant.id}/`, { permissions: ['posts'] }))
        .statusCode,
    ).toBe(404);
    expect((await call(world.bruno, 'DELETE', `/api/supporters/${grant.id}/`)).statusCode).toBe(404);

    // The supporter steps down: at once, and the member is told.
    expect((await call(world.bruno, 'DELETE', `/api/supporting/${grant.id}/`)).statusCode).toBe(204);
    expect((await supporting(world.bruno)).helping).toEqual([]);
    expect(await mine(world.ana)).toEqual([]);
    expect((await lastEmailTo(world.app, world.ana.email)).subject).toContain('Bruno no longer helps you');
  });

  it('lets the member end a grant at once, and withdraw an invitation', async () => {
    const grant = (await invite(world.ana, world.carla.email)).json<Supporter>();
    await call(world.carla, 'POST', `/api/supporting/${grant.id}/accept/`);
    expect((await call(world.ana, 'DELETE', `/api/supporters/${grant.id}/`)).statusCode).toBe(204);
    expect((await supporting(world.carla)).helping).toEqual([]);
    expect((await call(world.ana, 'DELETE', `/api/supporters/${grant.id}/`)).statusCode).toBe(404);

    const withdrawn = (await invite(world.ana, 'someone-new@example.org')).json<Supporter>();
    expect((await call(world.ana, 'DELETE', `/api/supporters/${withdrawn.id}/`)).statusCode).toBe(204);
    expect(await mine(world.ana)).toEqual([]);
  });

  it('refuses bad invitations with the field named, in the member’s language', async () => {
    const self = await invite(world.ana, world.ana.email);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ fields: { email: expect.any(String) } });
    const bad = await call(
      world.ana,
      'POST',
      '/api/supporters/',
      { email: 'not an address', permissions: ['posts'] },
      'es',
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fields: object }>().fields)).toEqual(['email']);
    const none = await invite(world.ana, 'x@example.org', []);
    expect(Object.keys(none.json<{ fields: object }>().fields)).toEqual(['permissions']);
    const unknown = await invite(world.ana, 'x@example.org', ['password']);
    expect(unknown.statusCode).toBe(400);
    expect((await call(undefined, 'GET', '/api/supporters/')).statusCode).toBe(401);

    expect((await invite(world.ana, 'twice@example.org')).statusCode).toBe(201);
    const twice = await invite(world.ana, 'TWICE@example.org');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'supporter_already_invited' });
    for (let index = 1; index < SUPPORTERS_MAX; index += 1)
      expect((await invite(world.ana, `many-${index}@example.org`)).statusCode).toBe(201);
    const tooMany = await invite(world.ana, 'one-more@example.org');
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json<{ fields: object }>().fields)).toEqual(['email']);
    await endAll(world.ana);
  });

  it('keeps minors out on both sides, and people who blocked each other apart', async () => {
    const minor = await createReviewedMinor(world.app, { nombre: 'Teo' });
    const refused = await invite(minor, world.bruno.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'supporters_minor' });
    // A minor's account cannot accept an invitation sent to its address.
    const toMinor = (await invite(world.ana, minor.email)).json<Supporter>();
    expect((await call(minor, 'POST', `/api/supporting/${toMinor.id}/accept/`)).statusCode).toBe(403);

    // Dora blocked Ana: Ana is answered as for anyone, but Dora gets no e-mail, sees no invitation
    // and cannot accept it.
    expect((await call(world.dora, 'POST', `/api/bloqueos/${world.ana.user.id}/`)).statusCode).toBe(201);
    const blocked = await invite(world.ana, world.dora.email);
    expect(blocked.statusCode).toBe(201);
    await expect(lastEmailTo(world.app, world.dora.email)).rejects.toThrow(/no e-mail/);
    expect((await supporting(world.dora)).invitations).toEqual([]);
    const blockedId = blocked.json<Supporter>().id;
    expect((await call(world.dora, 'POST', `/api/supporting/${blockedId}/accept/`)).statusCode).toBe(404);

    // A block after accepting: the supporter no longer sees the member named in their list.
    const helped = (await invite(world.bruno, world.carla.email)).json<Supporter>();
    expect((await call(world.carla, 'POST', `/api/supporting/${helped.id}/accept/`)).statusCode).toBe(200);
    expect((await supporting(world.carla)).helping).toHaveLength(1);
    expect((await call(world.bruno, 'POST', `/api/bloqueos/${world.carla.user.id}/`)).statusCode).toBe(201);
    expect((await supporting(world.carla)).helping).toEqual([]);
    await endAll(world.ana);
  });

  it('lets an invitation expire after 14 days', async () => {
    const someone = await createMemberWithProfile(world.app, { nombre: 'Eva' });
    const grant = (await invite(world.ana, someone.email)).json<Supporter>();
    await world.app.database.db
      .update(supporters)
      .set({ invitedAt: new Date(Date.now() - 15 * 24 * 60 * 60 * 1000) })
      .where(eq(supporters.id, grant.id));
    expect((await supporting(someone)).invitations).toEqual([]);
    expect((await call(someone, 'POST', `/api/supporting/${grant.id}/accept/`)).statusCode).toBe(404);
    await endAll(world.ana);
  });

  it('stores only known permissions (the database refuses others)', async () => {
    const unknown = ['password'] as unknown as ('posts' | 'messages' | 'profile')[];
    await expect(
      world.app.database.db
        .insert(supporters)
        .values({ memberId: world.ana.user.id, invitedEmail: 'direct@example.org', permissions: unknown }),
    ).rejects.toThrow();
  });
});
