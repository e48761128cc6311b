import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { birthDateBounds, communityPinPaths, todayIso, type RepresentedEntryKind } from '@juntos/domain';
import {
  adminAuditLog,
  associations,
  communityModerators,
  communityRuleAcceptances,
  directoryRepresentatives,
  posts,
  researchProjects,
  users,
} from '../../db/schema';
import { createActiveMember, lastEmailTo, minorPayload } from '../../test-support/accounts';
import { approveMinor } from '../../test-support/admins';
import { completeProfile, createMemberWithProfile, putProfile } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { confirmRepresentative, inviteRepresentative } from '../../test-support/representatives';
import { createTopicCommunity } from '../../test-support/communities';
import { testAppWithMembers } from '../../test-support/test-app-with-members';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Detail = {
  id: number;
  host_representatives: { member_id: number; nombre: string }[];
  host: { id: number; nombre: string } | null;
  is_host: boolean;
  is_moderator: boolean;
  rules: { version: number; text: string } | null;
  rules_pending: boolean;
  may_write_rules: boolean;
  rules_version: number | null;
};

/** Issue 35 point 1: organisations host communities through their confirmed representatives. */
describe('communities hosted by associations', () => {
  const world = testAppWithMembers({ admins: { admin: { nombre: 'Admin' } } });
  const db = () => world.app.database.db;

  const call = (method: Method, url: string, who?: Member, payload?: object, language = 'en') =>
    world.app.inject({
      method,
      url,
      headers: { 'accept-language': language, ...(who ? { authorization: `Bearer ${who.access}` } : {}) },
      ...(payload ? { payload } : {}),
    });

  async function association(name = `Asociación ${randomUUID()}`) {
    const [row] = await db()
      .insert(associations)
      .values({ nombre: name, pais: 'es', ciudad: 'Madrid', enlace: 'https://example.org' })
      .returning({ id: associations.id });
    if (!row) throw new Error('no association');
    return row.id;
  }

  const community = () => createTopicCommunity(world.app, 'h');

  async function minor() {
    const account = await createActiveMember(world.app, minorPayload());
    const saved = await putProfile(
      world.app,
      account.access,
      completeProfile({ date_of_birth: birthDateBounds('menor', todayIso()).max }),
    );
    if (saved.statusCode !== 200) throw new Error(saved.body);
    await approveMinor(world.app, account.user.id);
    return account;
  }

  const detail = async (who: Member, id: number) =>
    (await call('GET', `/api/comunidades/${id}/`, who)).json<Detail>();

  const audit = (action: string) => db().select().from(adminAuditLog).where(eq(adminAuditLog.action, action));

  const invite = (by: Member, entryId: number, email: string, kind: RepresentedEntryKind = 'asociaciones') =>
    inviteRepresentative(world.app, by, kind, entryId, email);

  /** A confirmed representative of the association: invited, accepted, confirmed. */
  async function confirmedHost(associationId: number, name = 'Host') {
    const host = await createMemberWithProfile(world.app, { nombre: name });
    const representativeId = await confirmRepresentative(
      world.app,
      world.admin,
      'asociaciones',
      associationId,
      host,
    );
    return { host, representativeId };
  }

  it('lets an administrator link an association to communities of any kind, one host per community, audited', async () => {
    const org = await association('Asociación Andaluza');
    const other = await association();
    const topic = await community();
    const disease = (await call('GET', '/api/comunidades/enfermedad/558/', world.admin)).json<{
      id: number;
    }>().id;
    const member = await createMemberWithProfile(world.app);

    const refused = await call('PUT', `/api/admin/comunidades/${topic}/anfitrion/`, member, {
      association_id: org,
    });
    expect(refused.statusCode).toBe(403);
    for (const id of [topic, disease]) {
      const linked = await call('PUT', `/api/admin/comunidades/${id}/anfitrion/`, world.admin, {
        association_id: org,
      });
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json()).toEqual({ host: { id: org, nombre: 'Asociación Andaluza' } });
    }
    expect((await detail(member, topic)).host).toEqual({ id: org, nombre: 'Asociación Andaluza' });
    const entry = (await call('GET', `/api/recursos/asociaciones/${org}/`, member)).json<{
      communities: { id: number }[];
      can_invite: boolean;
    }>();
    expect(entry.communities.map((c) => c.id).sort()).toEqual([topic, disease].sort());
    expect(entry.can_invite).toBe(false);

    // A second association replaces the first: a community has at most one host.
    await call('PUT', `/api/admin/comunidades/${topic}/anfitrion/`, world.admin, { association_id: other });
    expect((await detail(member, topic)).host?.id).toBe(other);
    const unknown = await call('PUT', `/api/admin/comunidades/${topic}/anfitrion/`, world.admin, {
      association_id: 99999999,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ fields: { association_id: expect.any(String) } });

    const unlinked = await call('DELETE', `/api/admin/comunidades/${topic}/anfitrion/`, world.admin);
    expect(unlinked.json()).toEqual({ host: null });
    expect((await detail(member, topic)).host).toBeNull();
    const entries = await audit('community.host_link');
    expect(entries.filter((e) => e.targetId === String(topic))).toHaveLength(2);
    expect((await audit('community.host_unlink')).some((e) => e.targetId === String(topic))).toBe(true);
  });

  it('invites by e-mail, lets only the addressed adult accept, and an administrator confirm, audited', async () => {
    const org = await association('Friends of Ménière');
    const person = await createMemberWithProfile(world.app, { nombre: 'Rosa' });
    const stranger = await createMemberWithProfile(world.app);

    // A plain member may not invite.
    const refused = await call('POST', `/api/recursos/asociaciones/${org}/representantes/`, stranger, {
      email: 'x@example.org',
    });
    expect(refused.statusCode).toBe(403);
    const badEmail = await call(
      'POST',
      `/api/recursos/asociaciones/${org}/representantes/`,
      world.admin,
      {
        email: 'not an address',
      },
      'es',
    );
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ fields: { email: expect.stringMatching(/correo/i) } });

    const { id, token, mail } = await invite(world.admin, org, person.email.toUpperCase());
    expect(mail.subject).toContain('Friends of Ménière');
    expect(mail.textBody).toContain(`/representantes/invitacion/${token}`);
    expect(
      (
        await call('POST', `/api/recursos/asociaciones/${org}/representantes/`, world.admin, {
          email: person.email,
        })
      ).statusCode,
    ).toBe(409);

    const seen = (await call('GET', `/api/representantes/invitacion/${token}/`, person)).json();
    expect(seen).toMatchObject({ entry_name: 'Friends of Ménière', state: 'invited', for_you: true });
    const other = await call('POST', `/api/representantes/invitacion/${token}/aceptar/`, stranger);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'invitation_other_address' });
    expect(
      (await call('GET', '/api/representantes/invitacion/abcdefghijklmnopqrstuvwxyz/', person)).statusCode,
    ).toBe(404);

    // Accepted, not yet confirmed: not a host, no invitations of their own.
    expect((await call('POST', `/api/representantes/invitacion/${token}/aceptar/`, person)).json()).toEqual({
      id,
      state: 'accepted',
    });
    expect((await call('POST', `/api/representantes/invitacion/${token}/aceptar/`, person)).statusCode).toBe(
      409,
    );
    const early = await call('POST', `/api/recursos/asociaciones/${org}/representantes/`, person, {
      email: 'someone@example.org',
    });
    expect(early.statusCode).toBe(403);
    expect((await call('POST', `/api/admin/representantes/${id}/confirmar/`, person)).statusCode).toBe(403);

    const queue = (await call('GET', '/api/admin/representantes/?state=accepted', world.admin)).json<{
      results: { id: number; member: { id: number } | null; entry_name: string }[];
    }>();
    expect(queue.results.find((row) => row.id === id)).toMatchObject({
      member: { id: person.user.id },
      entry_name: 'Friends of Ménière',
    });
    expect((await call('POST', `/api/admin/representantes/${id}/confirmar/`, world.admin)).json()).toEqual({
      id,
      state: 'confirmed',
    });
    // The member learns of it at once, in their own language, with a link to the entry's page.
    const confirmedMail = await lastEmailTo(world.app, person.email);
    expect(confirmedMail.subject).toMatch(/^You now represent Friends of Ménière on /);
    expect(confirmedMail.textBody).toContain(`/recursos/asociaciones/${org}`);

    // Confirmed: shown on the entry page, and may invite in turn.
    const entry = (await call('GET', `/api/recursos/asociaciones/${org}/`, stranger)).json<{
      representatives: { member_id: number; nombre: string }[];
    }>();
    expect(entry.representatives).toEqual([{ member_id: person.user.id, nombre: 'Rosa' }]);
    const own = (await call('GET', `/api/recursos/asociaciones/${org}/`, person)).json();
    expect(own).toMatchObject({ can_invite: true, my_role: { id, state: 'confirmed' } });
    await invite(person, org, 'second@example.org');

    for (const action of ['representative.invite', 'representative.accept', 'representative.confirm'])
      expect(
        (await audit(action)).some((e) => e.details.representative_id === id),
        action,
      ).toBe(true);
    const accepted = (await audit('representative.accept')).find((e) => e.details.representative_id === id);
    expect(accepted).toMatchObject({ targetType: 'member', targetId: String(person.user.id) });
  });

  it('never makes a minor a representative', async () => {
    const org = await association();
    const young = await minor();
    const { token } = await invite(world.admin, org, young.email);
    const refused = await call('POST', `/api/representantes/invitacion/${token}/aceptar/`, young);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'minor_cannot_represent' });

    // An account that accepted as an adult and then became a minor is not confirmed either (an
    // administrator's "minor" counts while no birth date says otherwise: this one has no profile).
    const person = await createActiveMember(world.app);
    const second = await invite(world.admin, org, person.email);
    await call('POST', `/api/representantes/invitacion/${second.token}/aceptar/`, person);
    await db().update(users).set({ ageGroup: 'minor' }).where(eq(users.id, person.user.id));
    const confirm = await call('POST', `/api/admin/representantes/${second.id}/confirmar/`, world.admin);
    expect(confirm.statusCode).toBe(403);
    expect(confirm.json()).toMatchObject({ code: 'minor_cannot_represent' });
  });

  it('gives confirmed representatives of the host the moderators’ powers, with the age and block rules', async () => {
    const org = await association();
    const hosted = await community();
    const elsewhere = await community();
    await call('PUT', `/api/admin/comunidades/${hosted}/anfitrion/`, world.admin, { association_id: org });
    const { host } = await confirmedHost(org);
    const author = await createMemberWithProfile(world.app);
    const blocker = await createMemberWithProfile(world.app);
    const young = await minor();
    const youngReporter = await minor();
    const reporter = await createMemberWithProfile(world.app);

    expect((await call('GET', '/api/me', host)).json()).toMatchObject({ moderates: [hosted] });
    // Shown with the association's name to members in reach; a minor sees no adult's name.
    expect((await detail(author, hosted)).host_representatives).toEqual([
      { member_id: host.user.id, nombre: 'Host' },
    ]);
    expect((await detail(young, hosted)).host_representatives).toEqual([]);
    await call('POST', `/api/comunidades/${hosted}/unirse/`, host);
    expect(await detail(host, hosted)).toMatchObject({
      is_host: true,
      is_moderator: true,
      may_write_rules: true,
    });

    const postIn = async (who: Member, communityId: number, text: string) => {
      const [row] = await db()
        .insert(posts)
        .values({ authorId: who.user.id, communityId, text })
        .returning({ id: posts.id });
      if (!row) throw new Error('no post');
      return row.id;
    };
    const report = async (postId: number, who = reporter) => {
      const response = await call('POST', '/api/reportes/', who, {
        target_type: 'post',
        target_id: postId,
        reason: 'hate',
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };

    const inside = await report(await postIn(author, hosted, 'inside'));
    const outside = await report(await postIn(author, elsewhere, 'outside'));
    const minorsPost = await postIn(young, hosted, 'minors space');
    const minorsReport = await report(minorsPost, youngReporter);
    const blockersPost = await postIn(blocker, hosted, 'blocker');
    await call('POST', `/api/bloqueos/${host.user.id}/`, blocker);
    const blockedReport = await report(blockersPost);

    const queue = (await call('GET', '/api/admin/reports/?status=open&limit=100', host)).json<{
      results: { id: number }[];
    }>();
    const ids = queue.results.map((r) => r.id);
    expect(ids).toContain(inside);
    expect(ids).not.toContain(outside);
    expect(ids).not.toContain(minorsReport);
    expect(ids).not.toContain(blockedReport);
    expect((await call('POST', `/api/admin/reports/${outside}/hide/`, host)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/reports/${minorsReport}/hide/`, host)).statusCode).toBe(403);
    const hidden = await call('POST', `/api/admin/reports/${inside}/hide/`, host);
    expect(hidden.statusCode, hidden.body).toBe(200);
    const hideEntry = (await audit('content.hide')).find((e) => e.adminId === host.user.id);
    expect(hideEntry?.details).toMatchObject({ community_moderator: true });

    // Pins its own announcement; a minor's post is not found for the adult host.
    const announcement = await postIn(host, hosted, 'Welcome from the association');
    expect((await call('POST', communityPinPaths.pin(hosted, announcement), host)).json()).toEqual({
      pinned: true,
    });
    expect((await call('POST', communityPinPaths.pin(hosted, minorsPost), host)).statusCode).toBe(404);
    expect((await call('POST', communityPinPaths.pin(elsewhere, announcement), host)).statusCode).toBe(403);
  });

  it('makes only confirmed representatives hosts, and ends hosting when they step down or are removed', async () => {
    const org = await association();
    const hosted = await community();
    await call('PUT', `/api/admin/comunidades/${hosted}/anfitrion/`, world.admin, { association_id: org });
    const pending = await createMemberWithProfile(world.app);
    const { token } = await invite(world.admin, org, pending.email);
    await call('POST', `/api/representantes/invitacion/${token}/aceptar/`, pending);
    expect((await call('GET', '/api/me', pending)).json()).toMatchObject({ moderates: [] });
    expect((await call('GET', '/api/admin/reports/', pending)).statusCode).toBe(403);

    const first = await confirmedHost(org);
    const second = await confirmedHost(org);
    const stepped = await call(
      'POST',
      `/api/representantes/${first.representativeId}/renunciar/`,
      first.host,
    );
    expect(stepped.json()).toEqual({ id: first.representativeId, state: 'stepped_down' });
    expect((await call('GET', '/api/me', first.host)).json()).toMatchObject({ moderates: [] });
    // Someone else's role is not theirs to end.
    expect(
      (await call('POST', `/api/representantes/${second.representativeId}/renunciar/`, first.host))
        .statusCode,
    ).toBe(404);

    expect((await call('GET', '/api/me', second.host)).json()).toMatchObject({ moderates: [hosted] });
    const removed = await call(
      'DELETE',
      `/api/admin/representantes/${second.representativeId}/`,
      world.admin,
    );
    expect(removed.json()).toEqual({ id: second.representativeId, state: 'removed' });
    expect((await lastEmailTo(world.app, second.host.email)).subject).toMatch(
      /^Your role for Asociación .* has ended$/,
    );
    expect((await call('GET', '/api/me', second.host)).json()).toMatchObject({ moderates: [] });
    expect(
      (await call('DELETE', `/api/admin/representantes/${second.representativeId}/`, world.admin)).statusCode,
    ).toBe(404);
    expect(
      (await audit('representative.step_down')).some((e) => e.targetId === String(first.host.user.id)),
    ).toBe(true);
    expect(
      (await audit('representative.remove')).some((e) => e.targetId === String(second.host.user.id)),
    ).toBe(true);
  });

  it('lets hosts write rules that a member accepts when joining, and shows changed rules once', async () => {
    const org = await association();
    const hosted = await community();
    await call('PUT', `/api/admin/comunidades/${hosted}/anfitrion/`, world.admin, { association_id: org });
    const { host } = await confirmedHost(org);
    const appointed = await createMemberWithProfile(world.app);
    await db().insert(communityModerators).values({ communityId: hosted, userId: appointed.user.id });
    const member = await createMemberWithProfile(world.app);

    expect((await call('PUT', `/api/comunidades/${hosted}/normas/`, member, { text: 'x' })).statusCode).toBe(
      403,
    );
    const notHost = await call('PUT', `/api/comunidades/${hosted}/normas/`, appointed, { text: 'x' });
    expect(notHost.statusCode).toBe(403);
    expect(notHost.json()).toMatchObject({ code: 'not_host' });
    const written = await call('PUT', `/api/comunidades/${hosted}/normas/`, host, { text: '  Be kind.  ' });
    expect(written.statusCode, written.body).toBe(200);
    const rules = written.json<{ rules: { version: number; text: string } }>().rules;
    expect(rules.text).toBe('Be kind.');
    expect((await detail(member, hosted)).rules_version).toBe(rules.version);

    // Joining without the version in force is refused, naming the field, in the caller's language.
    const refused = await call('POST', `/api/comunidades/${hosted}/unirse/`, member, {}, 'es');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'rules_not_accepted',
      fields: { rules_version: expect.stringMatching(/normas/i) },
    });
    const stale = await call('POST', `/api/comunidades/${hosted}/unirse/`, member, {
      rules_version: rules.version + 1000,
    });
    expect(stale.statusCode).toBe(400);
    const joined = await call('POST', `/api/comunidades/${hosted}/unirse/`, member, {
      rules_version: rules.version,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const [accepted] = await db()
      .select()
      .from(communityRuleAcceptances)
      .where(
        and(
          eq(communityRuleAcceptances.userId, member.user.id),
          eq(communityRuleAcceptances.rulesId, rules.version),
        ),
      );
    expect(accepted).toBeDefined();
    expect((await detail(member, hosted)).rules_pending).toBe(false);

    // New rules: shown to the member once, until they say they read them.
    const changed = (
      await call('PUT', `/api/comunidades/${hosted}/normas/`, host, { text: 'Be kind. No advertising.' })
    ).json<{ rules: { version: number } }>().rules;
    expect(await detail(member, hosted)).toMatchObject({
      rules_pending: true,
      rules: { version: changed.version },
    });
    expect(
      (
        await call('POST', `/api/comunidades/${hosted}/normas/aceptar/`, member, {
          rules_version: changed.version,
        })
      ).statusCode,
    ).toBe(200);
    expect((await detail(member, hosted)).rules_pending).toBe(false);
    expect((await audit('community.rules')).filter((e) => e.targetId === String(hosted))).toHaveLength(2);

    // Unlinking the host withdraws its words: the community has no rules, joining asks for none.
    await call('DELETE', `/api/admin/comunidades/${hosted}/anfitrion/`, world.admin);
    expect((await detail(member, hosted)).rules).toBeNull();
    const later = await createMemberWithProfile(world.app);
    expect((await call('POST', `/api/comunidades/${hosted}/unirse/`, later)).statusCode).toBe(200);
  });

  it('invites representatives of research projects the same way, without hosting', async () => {
    const [project] = await db()
      .insert(researchProjects)
      .values({ titulo: 'Natural history study', pais: 'fr', ciudad: 'Paris', enlace: 'https://example.org' })
      .returning({ id: researchProjects.id });
    if (!project) throw new Error('no project');
    const researcher = await createMemberWithProfile(world.app);
    const { id, token } = await invite(world.admin, project.id, researcher.email, 'proyectos');
    await call('POST', `/api/representantes/invitacion/${token}/aceptar/`, researcher);
    await call('POST', `/api/admin/representantes/${id}/confirmar/`, world.admin);
    const entry = (await call('GET', `/api/recursos/proyectos/${project.id}/`, researcher)).json();
    expect(entry).toMatchObject({
      kind: 'proyectos',
      nombre: 'Natural history study',
      communities: [],
      can_invite: true,
    });
    expect((await call('GET', '/api/me', researcher)).json()).toMatchObject({ moderates: [] });
  });

  it('erases a member’s roles, rule acceptances and the invitations to their address with the account', async () => {
    const org = await association();
    const hosted = await community();
    await call('PUT', `/api/admin/comunidades/${hosted}/anfitrion/`, world.admin, { association_id: org });
    const { host } = await confirmedHost(org);
    const rules = (await call('PUT', `/api/comunidades/${hosted}/normas/`, host, { text: 'Rules' })).json<{
      rules: { version: number };
    }>().rules;
    await call('POST', `/api/comunidades/${hosted}/unirse/`, host, { rules_version: rules.version });
    // A second, unanswered invitation to the same address (of another association).
    await invite(world.admin, await association(), host.email);

    const deleted = await call('DELETE', '/api/delete-account/', host, { password: host.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      await db()
        .select()
        .from(directoryRepresentatives)
        .where(eq(directoryRepresentatives.invitedEmail, host.email)),
    ).toEqual([]);
    expect(
      await db()
        .select()
        .from(communityRuleAcceptances)
        .where(eq(communityRuleAcceptances.userId, host.user.id)),
    ).toEqual([]);
  });
});
