import type { LiveMessage } from '../../realtime/fan-out';
import { describe, expect, it } from 'vitest';
import { reports } from '../../db/schema';
import { approveMinor } from '../../test-support/admins';
import {
  createMemberWithProfile,
  createMinorWithProfile,
  imageFile,
  sendForm,
} from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { eq } from 'drizzle-orm';
import { requestAs } from '../../test-support/requests';

describe('friendships, blocks and reports', () => {
  const world = testAppWithMembers();

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, member: Member, payload?: object) =>
    requestAs(world.app, member.access, method, url, payload);
  const status = async (viewer: Member, member: Member) =>
    (await call('GET', `/api/buscar/perfil/${member.user.id}/`, viewer)).json<{ friendship_status: string }>()
      .friendship_status;
  const listen = (member: Member) => {
    const received: LiveMessage[] = [];
    world.app.fanOut.subscribe(member.user.id, (message) => received.push(message));
    return received;
  };
  const notification = (type: string, from: Member) => ({
    type: 'notification',
    data: expect.objectContaining({ type, sender_id: from.user.id }),
  });

  it('goes none → pending/received → accepted → none, telling the other member each step', async () => {
    const ana = await createMemberWithProfile(world.app, { nombre: 'Ana' });
    const bea = await createMemberWithProfile(world.app, { nombre: 'Bea' });
    const anaHears = listen(ana);
    const beaHears = listen(bea);
    expect(await status(ana, bea)).toBe('none');

    const sent = await call('POST', `/api/solicitudes/enviar/${bea.user.id}/`, ana);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ friendship_status: 'pending' });
    expect(beaHears).toContainEqual(notification('new_friend_request', ana));
    expect(await status(ana, bea)).toBe('pending');
    expect(await status(bea, ana)).toBe('received');
    expect((await call('GET', '/api/notificaciones/amistad/', bea)).json()).toEqual({ pendientes: 1 });

    const requests = (await call('GET', '/api/solicitudes/', bea)).json<
      { id: number; sender_id: number; nombre: string; edad: number }[]
    >();
    expect(requests).toEqual([
      expect.objectContaining({ sender_id: ana.user.id, nombre: 'Ana', country: 'es', ciudad: 'Madrid' }),
    ]);
    expect(requests[0]?.edad).toBeGreaterThanOrEqual(18);
    // Only the addressee answers.
    expect((await call('POST', `/api/solicitudes/${requests[0]?.id}/aceptar/`, ana)).statusCode).toBe(404);
    expect((await call('POST', `/api/solicitudes/${requests[0]?.id}/aceptar/`, bea)).statusCode).toBe(200);
    expect(anaHears).toContainEqual(notification('friend_request_accepted', bea));
    expect(await status(ana, bea)).toBe('accepted');
    expect((await call('GET', '/api/amigos/', ana)).json()).toEqual([
      expect.objectContaining({ id: bea.user.id, nombre: 'Bea' }),
    ]);
    expect((await call('GET', '/api/notificaciones/amistad/', bea)).json()).toEqual({ pendientes: 0 });

    expect((await call('DELETE', `/api/amigos/${bea.user.id}/`, ana)).statusCode).toBe(200);
    expect(beaHears).toContainEqual(notification('friendship_cancelled', ana));
    expect(await status(ana, bea)).toBe('none');
    expect((await call('DELETE', `/api/amigos/${bea.user.id}/`, ana)).statusCode).toBe(404);
  });

  it('rejects and withdraws requests', async () => {
    const ana = await createMemberWithProfile(world.app);
    const bea = await createMemberWithProfile(world.app);
    const anaHears = listen(ana);
    await call('POST', `/api/solicitudes/enviar/${bea.user.id}/`, ana);
    const [request] = (await call('GET', '/api/solicitudes/', bea)).json<{ id: number }[]>();
    expect((await call('DELETE', `/api/solicitudes/${request?.id}/rechazar/`, bea)).statusCode).toBe(200);
    expect(anaHears).toContainEqual(notification('friend_request_rejected', bea));
    expect(await status(ana, bea)).toBe('none');

    await call('POST', `/api/solicitudes/enviar/${bea.user.id}/`, ana);
    expect((await call('DELETE', `/api/solicitudes/cancelar/${bea.user.id}/`, bea)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/solicitudes/cancelar/${bea.user.id}/`, ana)).statusCode).toBe(200);
    expect(await status(bea, ana)).toBe('none');
  });

  it('refuses requests to oneself, repeated ones and to unknown members; crossing requests make one friendship', async () => {
    const ana = await createMemberWithProfile(world.app);
    const bea = await createMemberWithProfile(world.app);
    expect((await call('POST', `/api/solicitudes/enviar/${ana.user.id}/`, ana)).statusCode).toBe(400);
    expect((await call('POST', '/api/solicitudes/enviar/999999999/', ana)).statusCode).toBe(404);
    await call('POST', `/api/solicitudes/enviar/${bea.user.id}/`, ana);
    const again = await call('POST', `/api/solicitudes/enviar/${bea.user.id}/`, ana);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'request_exists',
      error: 'You have already sent a friend request to this member.',
    });
    const crossing = await call('POST', `/api/solicitudes/enviar/${ana.user.id}/`, bea);
    expect(crossing.json()).toMatchObject({ friendship_status: 'accepted' });
    expect(await status(ana, bea)).toBe('accepted');
    expect((await call('POST', `/api/solicitudes/enviar/${bea.user.id}/`, ana)).json()).toMatchObject({
      code: 'already_friends',
    });
    // Many requests at once between a fresh pair still leave exactly one row.
    const cleo = await createMemberWithProfile(world.app);
    const dani = await createMemberWithProfile(world.app);
    await Promise.all([
      call('POST', `/api/solicitudes/enviar/${dani.user.id}/`, cleo),
      call('POST', `/api/solicitudes/enviar/${cleo.user.id}/`, dani),
    ]);
    expect(['pending', 'received', 'accepted']).toContain(await status(cleo, dani));
  });

  it('keeps minors and adults apart: a cross-group request is refused like an unknown member', async () => {
    const adult = await createMemberWithProfile(world.app);
    const minor = await createMinorWithProfile(world.app);
    expect((await call('POST', `/api/solicitudes/enviar/${minor.user.id}/`, adult)).statusCode).toBe(404);
    // Until an administrator reviews the account, the minor is told why no request can go out.
    const waiting = await call('POST', `/api/solicitudes/enviar/${adult.user.id}/`, minor);
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json()).toMatchObject({ code: 'minor_review_pending' });
    await approveMinor(world.app, minor.user.id);
    expect((await call('POST', `/api/solicitudes/enviar/${adult.user.id}/`, minor)).statusCode).toBe(404);
    expect((await call('POST', `/api/solicitudes/enviar/${minor.user.id}/`, adult)).statusCode).toBe(404);
  });

  it('blocking ends the friendship, hides each from the other, and stops requests; unblocking lifts it', async () => {
    const ana = await createMemberWithProfile(world.app, { nombre: 'Blocker' });
    const bea = await createMemberWithProfile(world.app, {
      nombre: 'Blocked',
      comunidad: `Block club ${Date.now()}`,
    });
    await call('POST', `/api/solicitudes/enviar/${bea.user.id}/`, ana);
    await call('POST', `/api/solicitudes/enviar/${ana.user.id}/`, bea);
    const beaHears = listen(bea);
    await sendForm(
      world.app,
      ana.access,
      'POST',
      '/api/gallery/images/',
      { title: 'Mine' },
      await imageFile(),
    );

    expect((await call('POST', `/api/bloqueos/${bea.user.id}/`, ana)).statusCode).toBe(201);
    expect(beaHears).toContainEqual(notification('friendship_cancelled', ana));
    expect((await call('GET', '/api/amigos/', ana)).json()).toEqual([]);
    expect((await call('GET', `/api/buscar/perfil/${ana.user.id}/`, bea)).statusCode).toBe(404);
    expect((await call('GET', `/api/buscar/perfil/${bea.user.id}/`, ana)).statusCode).toBe(404);
    expect((await call('GET', `/api/gallery/images/?owner=${ana.user.id}`, bea)).statusCode).toBe(404);
    const comunidad = encodeURIComponent(`Block club`);
    const found = (await call('GET', `/api/buscar/perfil/?comunidad=${comunidad}&limit=50`, ana)).json<{
      results: { id: number }[];
    }>();
    expect(found.results.map((result) => result.id)).not.toContain(bea.user.id);
    const requestBack = await call('POST', `/api/solicitudes/enviar/${ana.user.id}/`, bea);
    expect(requestBack.statusCode).toBe(403);
    expect(requestBack.json()).toMatchObject({ code: 'blocked' });
    expect((await call('GET', '/api/bloqueos/', ana)).json()).toEqual([
      expect.objectContaining({ id: bea.user.id, nombre: 'Blocked' }),
    ]);

    expect((await call('DELETE', `/api/bloqueos/${bea.user.id}/`, ana)).statusCode).toBe(200);
    expect((await call('GET', `/api/buscar/perfil/${ana.user.id}/`, bea)).statusCode).toBe(200);
    expect(await status(bea, ana)).toBe('none');
    expect((await call('DELETE', `/api/bloqueos/${bea.user.id}/`, ana)).statusCode).toBe(404);
  });

  it('stores reports for the moderators and checks their reason', async () => {
    const ana = await createMemberWithProfile(world.app);
    const bea = await createMemberWithProfile(world.app);
    const sent = await call('POST', '/api/reportes/', ana, {
      target_type: 'member',
      target_id: bea.user.id,
      reason: 'harassment',
      details: 'Rude messages',
    });
    expect(sent.statusCode).toBe(201);
    const [stored] = await world.app.database.db
      .select()
      .from(reports)
      .where(eq(reports.id, sent.json<{ id: number }>().id));
    expect(stored).toMatchObject({
      reporterId: ana.user.id,
      targetType: 'member',
      targetId: bea.user.id,
      reason: 'harassment',
      status: 'open',
    });
    // Reporting the same member again while the report waits adds nothing to the queue.
    const again = await call('POST', '/api/reportes/', ana, {
      target_type: 'member',
      target_id: bea.user.id,
      reason: 'hate',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json<{ id: number }>().id).toBe(sent.json<{ id: number }>().id);
    const open = await world.app.database.db
      .select()
      .from(reports)
      .where(eq(reports.reporterId, ana.user.id));
    expect(open).toHaveLength(1);
    const wrong = await call('POST', '/api/reportes/', ana, {
      target_type: 'post',
      target_id: 1,
      reason: 'boring',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ fields: Record<string, string> }>().fields.reason).toBe('Please choose a reason.');
  });
});
