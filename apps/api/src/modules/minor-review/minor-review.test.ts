import { birthDateBounds, bornYearsAgo, todayIso } from '@juntos/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAuditLog, profiles } from '../../db/schema';
import { createActiveMember, minorPayload } from '../../test-support/accounts';
import { completeProfile, createMemberWithProfile, putProfile } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { requestAs } from '../../test-support/requests';

describe("minors' accounts reviewed by administrators", () => {
  const world = testAppWithMembers({ admins: { admin: {} } });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Member, payload?: object) =>
    requestAs(world.app, who?.access, method, url, payload);

  async function minor(nombre: string) {
    const account = await createActiveMember(
      world.app,
      minorPayload({ nombre_tutor: `Guardian of ${nombre}` }),
    );
    const saved = await putProfile(
      world.app,
      account.access,
      completeProfile({ nombre, date_of_birth: birthDateBounds('menor', todayIso()).max }),
    );
    if (saved.statusCode !== 200) throw new Error(saved.body);
    return account;
  }

  const queue = async () =>
    (await call('GET', '/api/admin/minors/?limit=100', world.admin)).json<{
      results: { id: number; nombre: string; guardian: { nombre: string; relacion: string }; edad: number }[];
    }>().results;

  it("refuses every administrators' route to anonymous callers (401) and to members (403)", async () => {
    const member = await createMemberWithProfile(world.app);
    const adminRoutes = world.app.routeTable.filter(
      (route) => route.url.startsWith('/api/admin/') && route.method !== 'HEAD',
    );
    expect(adminRoutes.length).toBeGreaterThan(10);
    for (const route of adminRoutes) {
      const url = route.url.replace(/:kind/g, 'centros').replace(/:type/g, 'post').replace(/:\w+/g, '1');
      const method = route.method as 'GET' | 'POST' | 'PUT';
      expect((await call(method, url)).statusCode, `${route.method} ${url}`).toBe(401);
      expect((await call(method, url, member, {})).statusCode, `${route.method} ${url}`).toBe(403);
    }
  });

  it("lists minors awaiting review with the guardian's details; approving lets them reach other minors", async () => {
    const lia = await minor('Lia');
    const noa = await minor('Noa');
    const adult = await createMemberWithProfile(world.app);
    const waiting = await queue();
    expect(waiting.map((row) => row.id)).toEqual(expect.arrayContaining([lia.user.id, noa.user.id]));
    expect(waiting.map((row) => row.id)).not.toContain(adult.user.id);
    expect(waiting.find((row) => row.id === lia.user.id)).toMatchObject({
      nombre: 'Lia',
      guardian: { nombre: 'Guardian of Lia', relacion: 'madre' },
    });

    expect((await call('POST', `/api/solicitudes/enviar/${noa.user.id}/`, lia)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/minors/${lia.user.id}/approve/`, world.admin)).json()).toEqual({
      reviewed: true,
    });
    // Noa is still unreviewed: nobody reaches her yet.
    expect((await call('POST', `/api/solicitudes/enviar/${noa.user.id}/`, lia)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/minors/${noa.user.id}/approve/`, world.admin)).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/api/solicitudes/enviar/${noa.user.id}/`, lia)).statusCode).toBe(201);

    const remaining = (await queue()).map((row) => row.id);
    expect(remaining).not.toContain(lia.user.id);
    expect(remaining).not.toContain(noa.user.id);
    expect((await call('POST', '/api/admin/minors/999999/approve/', world.admin)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/minors/${adult.user.id}/approve/`, world.admin)).statusCode).toBe(
      404,
    );

    const audit = await world.app.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, String(lia.user.id)));
    expect(audit.map((entry) => entry.action)).toContain('minor.approve');
  });

  it("changes an account's age group: an adult who declared a minor's age leaves the minors", async () => {
    const impostor = await minor('Max');
    const child = await minor('Ivy');
    await call('POST', `/api/admin/minors/${child.user.id}/approve/`, world.admin);
    await call('POST', `/api/admin/minors/${impostor.user.id}/approve/`, world.admin);
    const open = (viewer: Member, id: number) => call('GET', `/api/buscar/perfil/${id}/`, viewer);
    expect((await open(impostor, child.user.id)).statusCode).toBe(200);

    const invalid = await call('PUT', `/api/admin/members/${impostor.user.id}/age-group/`, world.admin, {
      age_group: 'teen',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ fields: { age_group: 'Choose minor or adult.' } });

    const changed = await call('PUT', `/api/admin/members/${impostor.user.id}/age-group/`, world.admin, {
      age_group: 'adult',
    });
    expect(changed.json()).toEqual({ age_group: 'adult' });
    expect((await open(impostor, child.user.id)).statusCode).toBe(404);
    expect((await call('GET', '/api/me', impostor)).json()).toMatchObject({
      age_group: 'adult',
      minor_review_pending: false,
    });

    // Back to minor: an administrator's word counts as the review.
    await call('PUT', `/api/admin/members/${impostor.user.id}/age-group/`, world.admin, {
      age_group: 'minor',
    });
    expect((await open(impostor, child.user.id)).statusCode).toBe(200);
    expect(
      (await call('PUT', '/api/admin/members/999999/age-group/', world.admin, { age_group: 'adult' }))
        .statusCode,
    ).toBe(404);

    // An administrator's "minor" ends on the 18th birthday, like everyone's.
    await world.app.database.db
      .update(profiles)
      .set({ dateOfBirth: bornYearsAgo(todayIso(), 18) })
      .where(eq(profiles.userId, impostor.user.id));
    expect((await call('GET', '/api/me', impostor)).json()).toMatchObject({ age_group: 'adult' });
    expect((await open(impostor, child.user.id)).statusCode).toBe(404);
  });
});
