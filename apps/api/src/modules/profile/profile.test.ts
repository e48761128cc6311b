import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_DIAGNOSIS, birthDateBounds, todayIso } from '@juntos/domain';
import { users } from '../../db/schema';
import { createActiveMember, minorPayload } from '../../test-support/accounts';
import {
  completeProfile,
  createMemberWithProfile,
  createMinorWithProfile,
  jpegPhoto,
  makeFriends,
  photoFile,
  putProfile,
  seedDiseaseList,
} from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { deleteAccount } from '../../test-support/requests';

type ProfileBody = Record<string, unknown> & { photo: string | null; visibility: Record<string, string> };

describe('own profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    seedDiseaseList(t.config, 'en', { '558': 'Marfan syndrome', '586': 'Cystic fibrosis' });
  });
  afterAll(async () => t.cleanup());

  const get = (url: string, access: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${access}`, 'accept-language': 'en' },
    });
  const mediaFile = (url: string) => path.join(t.config.paths.media, url.replace(/^\/media\//, ''));
  const login = async (email: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/login/', payload: { email, password } })).json<{
      profile_complete: boolean;
    }>();

  it('needs a signed-in member', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/profile/', payload: {} })).statusCode).toBe(401);
  });

  it('starts empty, saves every field, and then counts as complete at login', async () => {
    const member = await createActiveMember(t.app);
    const empty = (await get('/api/profile/', member.access)).json<ProfileBody>();
    expect(empty).toMatchObject({
      nombre: '',
      country: null,
      photo: null,
      user: { tipo_registro: 'adulto' },
    });
    expect((await login(member.email, member.password)).profile_complete).toBe(false);

    const saved = await putProfile(
      t.app,
      member.access,
      completeProfile({ escribe: 'caa', concentration: 'éphémere' }),
    );
    expect(saved.statusCode).toBe(200);
    const profile = (await get('/api/profile/', member.access)).json<ProfileBody>();
    expect(profile).toMatchObject({
      nombre: 'Ana',
      apellidos: 'García',
      country: 'es',
      ciudad: 'Madrid',
      date_of_birth: '1990-05-04',
      enfermedad: 'Marfan syndrome',
      orphacode: 558,
      habla: 'verbal',
      escribe: 'caa',
      concentration: 'éphémere',
      ver: null,
      user: { email: member.email },
    });
    expect((await login(member.email, member.password)).profile_complete).toBe(true);
    const me = (await get('/api/me', member.access)).json<{
      profile_complete: boolean;
      profile: ProfileBody;
    }>();
    expect(me.profile_complete).toBe(true);
    expect(me.profile.nombre).toBe('Ana');
  });

  it('answers /api/me from two statements: the session check, then the account with its group and communities', async () => {
    // Every signed-in page asks for /api/me: what it reads must not grow back one statement per part.
    const member = await createMemberWithProfile(t.app, { nombre: 'Ana' });
    const before = t.app.database.queryCount();
    const me = await get('/api/me', member.access);
    expect(t.app.database.queryCount() - before).toBe(2);
    expect(me.json()).toMatchObject({ age_group: 'adult', minor_review_pending: false, moderates: [] });
  });

  it('remembers that the editor explanation was seen, once per account', async () => {
    const member = await createActiveMember(t.app);
    const me = async () => (await get('/api/me', member.access)).json<{ profile_intro_seen: boolean }>();
    expect((await me()).profile_intro_seen).toBe(false);
    const seen = await t.app.inject({
      method: 'POST',
      url: '/api/profile/intro-seen/',
      headers: { authorization: `Bearer ${member.access}` },
    });
    expect(seen.statusCode).toBe(204);
    expect((await me()).profile_intro_seen).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/intro-seen/' })).statusCode).toBe(401);
  });

  it('reports the earnings programme as not active until the member opts in', async () => {
    const member = await createActiveMember(t.app);
    expect((await get('/api/monetizacion/status/', member.access)).json()).toEqual({ activated: false });
  });

  it('stores an empty disease as "Sans diagnostic" without a code', async () => {
    const member = await createActiveMember(t.app);
    expect(
      (await putProfile(t.app, member.access, completeProfile({ enfermedad: '', orphacode: '' }))).statusCode,
    ).toBe(200);
    expect((await get('/api/profile/', member.access)).json()).toMatchObject({
      enfermedad: NO_DIAGNOSIS,
      orphacode: null,
    });
  });

  it.each([
    ['nombre', { nombre: '   ' }, 'Please enter your first name.'],
    ['country', { country: '' }, undefined],
    ['country', { country: 'us' }, undefined],
    ['ciudad', { ciudad: 'Lyon' }, undefined],
    ['date_of_birth', { date_of_birth: '' }, undefined],
    ['date_of_birth', { date_of_birth: '2999-01-01' }, undefined],
    ['date_of_birth', { date_of_birth: '1990-02-30' }, undefined],
    ['habla', { habla: 'shouting' }, undefined],
    ['movilidad', { movilidad: 'wheelchair' }, undefined],
    ['orphacode', { orphacode: '99999999' }, undefined],
    ['orphacode', { orphacode: '424242' }, undefined],
    ['visibility_enfermedad', { visibility_enfermedad: 'public' }, undefined],
  ])(
    'refuses a wrong %s with 400, names the field, and keeps what was stored',
    async (field, change, message) => {
      const member = await createMemberWithProfile(t.app);
      const response = await putProfile(
        t.app,
        member.access,
        completeProfile({ nombre: 'Changed', ...change }),
      );
      expect(response.statusCode).toBe(400);
      const body = response.json<{ error: string; fields: Record<string, string> }>();
      expect(Object.keys(body.fields)).toContain(field);
      expect(body.fields[field]).not.toMatch(/^profile_edit\./);
      if (message) expect(body.fields[field]).toBe(message);
      expect((await get('/api/profile/', member.access)).json<ProfileBody>().nombre).toBe('Ana');
    },
  );

  it('answers in the caller language', async () => {
    const member = await createActiveMember(t.app);
    const response = await putProfile(t.app, member.access, completeProfile({ nombre: '' }), undefined, 'es');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields.nombre).not.toBe(
      'Please enter your first name.',
    );
  });

  it('keeps adults between 18 and 100 years old', async () => {
    const { min, max } = birthDateBounds('adulto', todayIso());
    const member = await createActiveMember(t.app);
    for (const date of [min, max])
      expect(
        (await putProfile(t.app, member.access, completeProfile({ date_of_birth: date }))).statusCode,
      ).toBe(200);
    const dayAfter = (date: string, days: number) =>
      new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    for (const date of [dayAfter(min, -1), dayAfter(max, 1)]) {
      const response = await putProfile(t.app, member.access, completeProfile({ date_of_birth: date }));
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ fields: object }>().fields)).toEqual(['date_of_birth']);
    }
  });

  it('keeps minors between 1 and 17 years old', async () => {
    const { min, max } = birthDateBounds('menor', todayIso());
    const member = await createActiveMember(t.app, minorPayload());
    const profile = (await get('/api/profile/', member.access)).json<ProfileBody>();
    expect(profile.user).toMatchObject({ tipo_registro: 'menor' });
    for (const date of [min, max])
      expect(
        (await putProfile(t.app, member.access, completeProfile({ date_of_birth: date }))).statusCode,
      ).toBe(200);
    for (const date of ['1990-05-04', todayIso()])
      expect(
        (await putProfile(t.app, member.access, completeProfile({ date_of_birth: date }))).statusCode,
      ).toBe(400);
  });

  it('re-encodes a photo, replaces it and removes the old file', async () => {
    const member = await createActiveMember(t.app);
    const first = await putProfile(t.app, member.access, completeProfile(), await photoFile());
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json<ProfileBody>().photo ?? '';
    expect(firstUrl).toMatch(new RegExp(`^/media/users/${member.user.id}/[0-9a-f-]{36}\\.webp$`));
    expect((await sharp(readFileSync(mediaFile(firstUrl))).metadata()).format).toBe('webp');
    const served = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);

    // Saving without a new photo keeps it.
    const kept = await putProfile(t.app, member.access, completeProfile({ bio: 'new bio' }));
    expect(kept.json<ProfileBody>().photo).toBe(firstUrl);

    const second = await putProfile(t.app, member.access, completeProfile(), {
      field: 'photo',
      name: 'me2.png',
      type: 'image/png',
      data: await sharp({ create: { width: 30, height: 30, channels: 3, background: '#336699' } })
        .png()
        .toBuffer(),
    });
    const secondUrl = second.json<ProfileBody>().photo ?? '';
    expect(secondUrl).not.toBe(firstUrl);
    expect(existsSync(mediaFile(secondUrl))).toBe(true);
    expect(existsSync(mediaFile(firstUrl))).toBe(false);

    const removed = await putProfile(t.app, member.access, completeProfile({ remove_photo: 'true' }));
    expect(removed.json<ProfileBody>().photo).toBeNull();
    expect(existsSync(mediaFile(secondUrl))).toBe(false);
  });

  it('refuses a text file named .jpg with 400 and keeps the profile as it was', async () => {
    const member = await createMemberWithProfile(t.app);
    const response = await putProfile(t.app, member.access, completeProfile({ nombre: 'Changed' }), {
      field: 'photo',
      name: 'holiday.jpg',
      type: 'image/jpeg',
      data: Buffer.from('this is only text pretending to be a photo\n'.repeat(20)),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string; fields: Record<string, string> }>()).toMatchObject({
      code: 'invalid_image',
      fields: { photo: expect.any(String) },
    });
    expect((await get('/api/profile/', member.access)).json<ProfileBody>()).toMatchObject({
      nombre: 'Ana',
      photo: null,
    });
  });

  it('refuses a photo over 10 MB with 413', async () => {
    const member = await createMemberWithProfile(t.app);
    const response = await putProfile(t.app, member.access, completeProfile(), {
      field: 'photo',
      name: 'big.jpg',
      type: 'image/jpeg',
      data: Buffer.alloc(10 * 1024 * 1024 + 10, 1),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ code: string }>().code).toBe('image_too_large');
  });

  it('stores a JPEG carrying a GPS position without it', async () => {
    const member = await createActiveMember(t.app);
    const original = await jpegPhoto({ gps: true });
    const exif = (await sharp(original).metadata()).exif;
    expect(exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);

    const response = await putProfile(t.app, member.access, completeProfile(), {
      field: 'photo',
      name: 'located.jpg',
      type: 'image/jpeg',
      data: original,
    });
    const stored = readFileSync(mediaFile(response.json<ProfileBody>().photo ?? ''));
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(stored.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('deleting the account deletes the profile and its photo', async () => {
    const member = await createActiveMember(t.app);
    const saved = await putProfile(t.app, member.access, completeProfile(), await photoFile());
    const photo = mediaFile(saved.json<ProfileBody>().photo ?? '');
    expect(existsSync(photo)).toBe(true);
    const deleted = await deleteAccount(t.app, member);
    expect(deleted.statusCode).toBe(200);
    expect(existsSync(photo)).toBe(false);
    expect(await t.app.database.db.select().from(users).where(eq(users.id, member.user.id))).toHaveLength(0);
  });
});

describe('who sees the health fields', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    seedDiseaseList(t.config, 'en', { '558': 'Marfan syndrome', '586': 'Cystic fibrosis' });
  });
  afterAll(async () => t.cleanup());

  const view = (viewerAccess: string, memberId: number) =>
    t.app.inject({
      method: 'GET',
      url: `/api/buscar/perfil/${memberId}/`,
      headers: { authorization: `Bearer ${viewerAccess}` },
    });

  const fieldsOf = {
    enfermedad: ['enfermedad', 'orphacode'],
    date_of_birth: ['date_of_birth', 'edad'],
    habla: ['habla'],
    escribe: ['escribe'],
    movilidad: ['movilidad'],
    motricidad: ['motricidad'],
    ver: ['ver'],
    audition: ['audition'],
    memoire: ['memoire'],
    orientation: ['orientation'],
    concentration: ['concentration'],
  } as const;
  const allFunctional = {
    habla: 'verbal',
    escribe: 'oui',
    movilidad: 'béquilles',
    motricidad: 'imprécise',
    ver: 'voyante',
    audition: 'faible',
    memoire: 'ordinaire',
    orientation: 'sans',
    concentration: 'durable',
  };

  for (const [field, keys] of Object.entries(fieldsOf)) {
    it(`${field}: members see it by default; "friends" hides it from strangers; "only me" from friends too`, async () => {
      const member = await createMemberWithProfile(t.app, allFunctional);
      const friend = await createMemberWithProfile(t.app);
      const stranger = await createMemberWithProfile(t.app);
      await makeFriends(t.app, friend.user.id, member.user.id);

      const seenBy = async (viewer: { access: string }) =>
        view(viewer.access, member.user.id).then((r) => r.json<object>());
      for (const viewer of [stranger, friend, member])
        for (const key of keys) expect(await seenBy(viewer)).toHaveProperty(key);

      await putProfile(
        t.app,
        member.access,
        completeProfile({ ...allFunctional, [`visibility_${field}`]: 'friends' }),
      );
      for (const key of keys) {
        expect(await seenBy(stranger)).not.toHaveProperty(key);
        expect(await seenBy(friend)).toHaveProperty(key);
        expect(await seenBy(member)).toHaveProperty(key);
      }

      await putProfile(
        t.app,
        member.access,
        completeProfile({ ...allFunctional, [`visibility_${field}`]: 'only_me' }),
      );
      for (const key of keys) {
        expect(await seenBy(stranger)).not.toHaveProperty(key);
        expect(await seenBy(friend)).not.toHaveProperty(key);
        expect(await seenBy(member)).toHaveProperty(key);
      }
      // Only the chosen field is hidden.
      expect(await seenBy(stranger)).toMatchObject({ nombre: 'Ana', country: 'es' });
      const own = (
        await t.app.inject({
          method: 'GET',
          url: '/api/profile/',
          headers: { authorization: `Bearer ${member.access}` },
        })
      ).json<ProfileBody>();
      expect(own.visibility[field]).toBe('only_me');
    });
  }

  it('tells the viewer the friendship status', async () => {
    const member = await createMemberWithProfile(t.app);
    const friend = await createMemberWithProfile(t.app);
    const stranger = await createMemberWithProfile(t.app);
    await makeFriends(t.app, friend.user.id, member.user.id);
    expect((await view(friend.access, member.user.id)).json()).toMatchObject({
      friendship_status: 'accepted',
    });
    expect((await view(stranger.access, member.user.id)).json()).toMatchObject({ friendship_status: 'none' });
    expect((await view(member.access, member.user.id)).json()).toMatchObject({ friendship_status: 'self' });
  });

  it('does not show minors and adults each other (404, as for an unknown id)', async () => {
    const adult = await createMemberWithProfile(t.app);
    const minor = await createMinorWithProfile(t.app);
    expect((await view(adult.access, minor.user.id)).statusCode).toBe(404);
    expect((await view(minor.access, adult.user.id)).statusCode).toBe(404);
    expect((await view(adult.access, 999_999_999)).statusCode).toBe(404);
    expect((await view(adult.access, Number.NaN)).statusCode).toBe(400);
  });
});
