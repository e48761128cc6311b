import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARACTERISTIC_IDS, FUNCTIONAL_PROFILE_CATALOGUE } from '@juntos/domain';
import { createActiveMember } from '../../test-support/accounts';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Answer = {
  perfiles: {
    id: string;
    nombre: string;
    ambitos: {
      id: string;
      nombre: string;
      caracteristicas: { id: string; descripcion: string; estado: string }[];
    }[];
  }[];
};

describe('functional profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());

  const call = (method: 'GET' | 'PUT', access: string, payload?: object, language = 'en') =>
    t.app.inject({
      method,
      url: '/api/profile-tokenizado/',
      headers: { authorization: `Bearer ${access}`, 'accept-language': language },
      ...(payload ? { payload } : {}),
    });
  const estados = (body: Answer) =>
    new Map(
      body.perfiles.flatMap((p) => p.ambitos.flatMap((a) => a.caracteristicas.map((c) => [c.id, c.estado]))),
    );

  it('lists profiles, areas and characteristics with texts in the caller language', async () => {
    const member = await createActiveMember(t.app);
    const english = (await call('GET', member.access)).json<Answer>();
    expect(english.perfiles).toHaveLength(FUNCTIONAL_PROFILE_CATALOGUE.length);
    const first = english.perfiles[0]?.ambitos[0]?.caracteristicas[0];
    expect(first?.estado).toBe('no necesita ayuda');
    expect(first?.descripcion).not.toMatch(/^caracteristicas\./);
    const spanish = (await call('GET', member.access, undefined, 'es')).json<Answer>();
    expect(spanish.perfiles[0]?.nombre).not.toBe(english.perfiles[0]?.nombre);
    expect(estados(english).size).toBe(CHARACTERISTIC_IDS.size);
  });

  it('saves toggles that persist, and each member answers for themselves only', async () => {
    const member = await createActiveMember(t.app);
    const other = await createActiveMember(t.app);
    const [a, b] = [...CHARACTERISTIC_IDS];
    const saved = await call('PUT', member.access, {
      caracteristicas: [{ id: a, estado: 'necesita ayuda' }],
    });
    expect(saved.statusCode).toBe(200);
    await call('PUT', member.access, { caracteristicas: [{ id: b, estado: 'necesita ayuda' }] });
    await call('PUT', member.access, { caracteristicas: [{ id: b, estado: 'no necesita ayuda' }] });

    const mine = estados((await call('GET', member.access)).json<Answer>());
    expect(mine.get(a ?? '')).toBe('necesita ayuda');
    expect(mine.get(b ?? '')).toBe('no necesita ayuda');
    const theirs = estados((await call('GET', other.access)).json<Answer>());
    expect(theirs.get(a ?? '')).toBe('no necesita ayuda');
  });

  it('refuses unknown characteristics and states without changing anything', async () => {
    const member = await createActiveMember(t.app);
    const [a] = [...CHARACTERISTIC_IDS];
    const unknown = await call('PUT', member.access, {
      caracteristicas: [{ id: 'flying', estado: 'necesita ayuda' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json<{ fields: object }>().fields)[0]).toBe('caracteristicas.0.id');
    const wrongState = await call('PUT', member.access, { caracteristicas: [{ id: a, estado: 'maybe' }] });
    expect(wrongState.statusCode).toBe(400);
    expect((await call('PUT', member.access, { caracteristicas: [] })).statusCode).toBe(400);
    expect((await call('PUT', member.access, { nope: true })).statusCode).toBe(400);
    expect(estados((await call('GET', member.access)).json<Answer>()).get(a ?? '')).toBe('no necesita ayuda');
    expect((await t.app.inject({ method: 'GET', url: '/api/profile-tokenizado/' })).statusCode).toBe(401);
  });
});
