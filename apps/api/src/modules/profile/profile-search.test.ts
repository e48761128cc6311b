import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveMinor } from '../../test-support/admins';
import {
  createMemberWithProfile,
  createMinorWithProfile,
  imageFile,
  makeFriends,
  sendForm,
} from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Result = { id: number; friendship_status: string; enfermedad?: string };
type Member = { access: string; user: { id: number } };

/** Years ago, as a birth date (YYYY-MM-DD), a few days before the birthday. */
const bornAged = (years: number) => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() - 10))
    .toISOString()
    .slice(0, 10);
};

describe('member search and public profiles', () => {
  let t: TestApp;
  // A community name of this run only, so the shared PostgreSQL database of CI holds no others.
  const club = `Search club ${Date.now()}`;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());

  const search = async (viewer: Member, query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/buscar/perfil/?comunidad=${encodeURIComponent(club)}&limit=50&${query}`,
      headers: { authorization: `Bearer ${viewer.access}`, 'accept-language': 'en' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ results: Result[]; next: string | null }>().results.map((result) => result.id);
  };
  const member = (profile: Record<string, string>) =>
    createMemberWithProfile(t.app, { comunidad: club, ...profile });

  it('filters by each field alone and combined, by place and by age, and leaves out the viewer', async () => {
    const viewer = await member({ country: 'it', ciudad: 'Roma' });
    const wheelchair = await member({
      movilidad: 'fauteuil roulant',
      habla: 'caa',
      country: 'es',
      ciudad: 'Sevilla',
      date_of_birth: bornAged(30),
    });
    const crutches = await member({
      movilidad: 'béquilles',
      habla: 'caa',
      country: 'es',
      ciudad: 'Madrid',
      date_of_birth: bornAged(50),
    });
    const hidden = await member({
      movilidad: 'fauteuil roulant',
      visibility_movilidad: 'only_me',
      country: 'fr',
      ciudad: '',
      date_of_birth: bornAged(30),
    });
    const ids = (list: Member[]) => list.map((m) => m.user.id).sort();

    expect((await search(viewer, '')).sort()).toEqual(ids([wheelchair, crutches, hidden]));
    // A member who keeps a field to themselves is not found by it.
    expect(await search(viewer, 'movilidad=fauteuil%20roulant')).toEqual([wheelchair.user.id]);
    expect((await search(viewer, 'habla=caa')).sort()).toEqual(ids([wheelchair, crutches]));
    expect(await search(viewer, 'habla=caa&movilidad=b%C3%A9quilles')).toEqual([crutches.user.id]);
    expect((await search(viewer, 'country=es')).sort()).toEqual(ids([wheelchair, crutches]));
    expect(await search(viewer, 'country=es&ciudad=Sevilla')).toEqual([wheelchair.user.id]);
    expect(await search(viewer, 'edad_min=40')).toEqual([crutches.user.id]);
    expect((await search(viewer, 'edad_min=30&edad_max=30')).sort()).toEqual(ids([wheelchair, hidden]));
    expect(await search(viewer, 'edad_min=20&edad_max=40&habla=caa')).toEqual([wheelchair.user.id]);

    for (const bad of [
      'movilidad=flying',
      'country=us',
      'ciudad=Sevilla',
      'country=it&ciudad=Sevilla',
      'edad_min=50&edad_max=40',
      'edad_min=-1',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/buscar/perfil/?${bad}`,
        headers: { authorization: `Bearer ${viewer.access}` },
      });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('matches each of the nine functional filters on its own', async () => {
    const viewer = await member({});
    const values = {
      habla: 'non verbal',
      escribe: 'non',
      movilidad: 'lit',
      motricidad: 'spasticité',
      ver: 'auvegle',
      audition: 'hypersensible',
      memoire: 'faible',
      orientation: 'faible',
      concentration: 'éphémere',
    };
    const target = await member({ ...values, country: 'ie', ciudad: '' });
    const other = await member({ country: 'ie', ciudad: '' });
    for (const [field, value] of Object.entries(values)) {
      const found = await search(viewer, `country=ie&${field}=${encodeURIComponent(value)}`);
      expect(found, field).toEqual([target.user.id]);
      expect(found).not.toContain(other.user.id);
    }
  });

  it('keeps adults and minors apart whatever the ages asked', async () => {
    const adult = await member({});
    const minorAccount = await createMinorWithProfile(t.app, { comunidad: club });
    const otherMinor = await createMinorWithProfile(t.app, { comunidad: club, date_of_birth: bornAged(12) });

    const open = (viewer: Member, id: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/buscar/perfil/${id}/?t=${Date.now()}`,
        headers: { authorization: `Bearer ${viewer.access}` },
      });
    // Before an administrator's review, a minor finds nobody and nobody finds them.
    expect(await search(minorAccount, 'edad_min=0&edad_max=99')).toEqual([]);
    expect((await open(minorAccount, otherMinor.user.id)).statusCode).toBe(404);
    await approveMinor(t.app, minorAccount.user.id);
    expect(await search(minorAccount, 'edad_min=0&edad_max=99')).toEqual([]);
    await approveMinor(t.app, otherMinor.user.id);

    expect(await search(adult, 'edad_min=0')).not.toContain(minorAccount.user.id);
    expect(await search(adult, 'edad_max=17')).toEqual([]);
    const minorSees = await search(minorAccount, 'edad_min=0&edad_max=99');
    expect(minorSees).toEqual([otherMinor.user.id]);
    expect((await open(adult, minorAccount.user.id)).statusCode).toBe(404);
    expect((await open(minorAccount, otherMinor.user.id)).statusCode).toBe(200);
  });

  it('finds members by disease only when they show it, with location filters and "anywhere"', async () => {
    const viewer = await member({});
    const code = '586';
    const inMadrid = await member({
      enfermedad: 'Cystic fibrosis',
      orphacode: code,
      country: 'es',
      ciudad: 'Madrid',
    });
    await member({ enfermedad: 'Cystic fibrosis', orphacode: code, visibility_enfermedad: 'only_me' });
    const friendsOnly = await member({
      enfermedad: 'Cystic fibrosis',
      orphacode: code,
      visibility_enfermedad: 'friends',
      country: 'pt',
      ciudad: 'Porto',
    });
    const byDisease = async (query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/buscar/enfermedad/?orphacode=${code}&limit=50&${query}`,
          headers: { authorization: `Bearer ${viewer.access}` },
        })
      ).json<{ results: Result[]; anywhere: boolean }>();

    const all = await byDisease('');
    expect(all.results.map((r) => r.id)).toContain(inMadrid.user.id);
    expect(all.results.map((r) => r.id)).not.toContain(friendsOnly.user.id);
    expect((await byDisease('country=es&ciudad=Madrid')).results.map((r) => r.id)).toContain(
      inMadrid.user.id,
    );
    const nowhere = await byDisease('country=mt');
    expect(nowhere).toMatchObject({ results: [], anywhere: true });

    await makeFriends(t.app, viewer.user.id, friendsOnly.user.id);
    const asFriend = await byDisease('country=pt');
    expect(asFriend.results).toEqual([
      expect.objectContaining({
        id: friendsOnly.user.id,
        friendship_status: 'accepted',
        enfermedad: 'Cystic fibrosis',
      }),
    ]);

    const invalid = await t.app.inject({
      method: 'GET',
      url: '/api/buscar/enfermedad/?orphacode=abc',
      headers: { authorization: `Bearer ${viewer.access}` },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ fields: Record<string, string> }>().fields.orphacode).toBe(
      'Please choose a valid disease from the list.',
    );
  });

  it('shows the gallery on the public profile only to accepted friends', async () => {
    const owner = await member({});
    const friend = await member({});
    const stranger = await member({});
    await sendForm(
      t.app,
      owner.access,
      'POST',
      '/api/gallery/images/',
      { title: 'Garden' },
      await imageFile(),
    );
    await makeFriends(t.app, owner.user.id, friend.user.id);
    const open = async (viewer: Member) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/buscar/perfil/${owner.user.id}/`,
          headers: { authorization: `Bearer ${viewer.access}` },
        })
      ).json<Record<string, unknown>>();
    expect(await open(friend)).toMatchObject({
      friendship_status: 'accepted',
      imagenes: [expect.objectContaining({ title: 'Garden' })],
    });
    expect(await open(stranger)).not.toHaveProperty('imagenes');
  });
});
