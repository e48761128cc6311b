import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../db/schema';
import { createActiveMember } from '../../test-support/accounts';
import {
  createMemberWithProfile,
  createMinorWithProfile,
  createReviewedMinor,
} from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { requestAs } from '../../test-support/requests';

type Blocked = { id: number; nombre: string; apellidos: string; photo: string | null };

/**
 * Issue 32, point 1: blocking acts on a member, so it must not reveal more than the actor could
 * already see. Any account can be blocked; someone out of reach only by an id the actor already
 * holds, and the block list names only people the actor would otherwise reach.
 */
describe('blocks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());

  const call = (member: Member, method: 'GET' | 'POST' | 'DELETE', url: string) =>
    requestAs(t.app, member.access, method, url);

  const reviewedMinor = (nombre: string) => createReviewedMinor(t.app, { nombre });

  it('any account can be blocked, complete profile or not, and the answer names nobody', async () => {
    const member = await createMemberWithProfile(t.app);
    const withoutProfile = await createActiveMember(t.app);
    const blocked = await call(member, 'POST', `/api/bloqueos/${withoutProfile.user.id}/`);
    expect(blocked.statusCode).toBe(201);
    expect(Object.keys(blocked.json<object>())).toEqual(['detail']);
  });

  it('a minor out of reach is answered like an unknown id, and never listed by name', async () => {
    const adult = await createMemberWithProfile(t.app);
    const minor = await reviewedMinor('Tiago');
    const unknown = await call(adult, 'POST', '/api/bloqueos/987654/');
    const outOfReach = await call(adult, 'POST', `/api/bloqueos/${minor.user.id}/`);
    expect(unknown.statusCode).toBe(404);
    expect(outOfReach.statusCode).toBe(404);
    expect(outOfReach.json<object>()).toEqual(unknown.json<object>());
    expect((await call(adult, 'GET', '/api/bloqueos/')).json<Blocked[]>()).toEqual([]);
  });

  it('someone out of reach can be blocked by an id one holds, and is listed without name or photo', async () => {
    const victim = await reviewedMinor('Ines');
    const harasser = await reviewedMinor('Leon');
    // They wrote to each other; then he blocked her, so she can no longer see him.
    await t.app.database.db
      .insert(chatMessages)
      .values({ senderId: harasser.user.id, receiverId: victim.user.id, message: 'hello' });
    expect((await call(harasser, 'POST', `/api/bloqueos/${victim.user.id}/`)).statusCode).toBe(201);

    expect((await call(victim, 'POST', `/api/bloqueos/${harasser.user.id}/`)).statusCode).toBe(201);
    const list = (await call(victim, 'GET', '/api/bloqueos/')).json<Blocked[]>();
    expect(list).toEqual([{ id: harasser.user.id, nombre: '', apellidos: '', photo: null }]);
    // She can lift her own block again.
    expect((await call(victim, 'DELETE', `/api/bloqueos/${harasser.user.id}/`)).statusCode).toBe(200);
  });

  it('a member in reach is listed by name once blocked', async () => {
    const one = await createMemberWithProfile(t.app, { nombre: 'Marta' });
    const other = await createMemberWithProfile(t.app, { nombre: 'Pablo' });
    expect((await call(one, 'POST', `/api/bloqueos/${other.user.id}/`)).statusCode).toBe(201);
    const list = (await call(one, 'GET', '/api/bloqueos/')).json<Blocked[]>();
    expect(list.map((row) => [row.id, row.nombre])).toEqual([[other.user.id, 'Pablo']]);
  });

  it('a minor awaiting review blocks nobody by guessing ids', async () => {
    const waiting = await createMinorWithProfile(t.app);
    const minor = await reviewedMinor('Ana');
    expect((await call(waiting, 'POST', `/api/bloqueos/${minor.user.id}/`)).statusCode).toBe(404);
  });
});
