import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { birthDateBounds, todayIso } from '@juntos/domain';
import { friendships } from '../db/schema';
import { createActiveMember, minorPayload } from './accounts';
import { approveMinor, makeAdmin } from './admins';

/** A complete adult profile as the editor sends it. */
export const completeProfile = (overrides: Record<string, string> = {}) => ({
  nombre: 'Ana',
  apellidos: 'García',
  country: 'es',
  ciudad: 'Madrid',
  comunidad: 'Asociación Marfan',
  date_of_birth: '1990-05-04',
  bio: 'I like swimming.',
  enfermedad: 'Marfan syndrome',
  orphacode: '558',
  habla: 'verbal',
  movilidad: 'sans support',
  ...overrides,
});

export type UploadFile = { field: string; name: string; type: string; data: Buffer };

/** A multipart/form-data body, built the way a browser's FormData is sent. */
export async function multipartBody(fields: Record<string, string>, file?: UploadFile) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

export async function putProfile(
  app: FastifyInstance,
  access: string,
  fields: Record<string, string>,
  file?: UploadFile,
  language = 'en',
) {
  const body = await multipartBody(fields, file);
  return app.inject({
    method: 'PUT',
    url: '/api/profile/',
    headers: { ...body.headers, authorization: `Bearer ${access}`, 'accept-language': language },
    payload: body.payload,
  });
}

/** A small real JPEG; with `gps` it carries a GPS position in its EXIF block. */
export async function jpegPhoto(options: { gps?: boolean; width?: number } = {}) {
  const image = sharp({
    create: { width: options.width ?? 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } },
  }).jpeg();
  if (options.gps)
    image.withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 25/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '3/1 42/1 0/1',
      },
    });
  return image.toBuffer();
}

/** A profile photo as the profile editor's file input sends it. */
export const photoFile = async (): Promise<UploadFile> => ({
  field: 'photo',
  name: 'me.jpg',
  type: 'image/jpeg',
  data: await jpegPhoto(),
});

/** An active member with a saved profile. */
export async function createMemberWithProfile(app: FastifyInstance, profile: Record<string, string> = {}) {
  const member = await createActiveMember(app);
  const saved = await putProfile(app, member.access, completeProfile(profile));
  if (saved.statusCode !== 200) throw new Error(saved.body);
  return member;
}

/**
 * A signed-in member as the tests hold one: e-mail, password, tokens and user id. Every helper
 * that makes a member (createActiveMember, createMemberWithProfile, the admin and minor ones here)
 * returns this shape, so tests type their members with it.
 */
export type Member = Awaited<ReturnType<typeof createMemberWithProfile>>;

/** An administrator (as `npm run admin:create` makes one) with a saved profile. */
export async function createAdminWithProfile(app: FastifyInstance, profile: Record<string, string> = {}) {
  const admin = await createMemberWithProfile(app, profile);
  await makeAdmin(app, admin.user.id);
  return admin;
}

/**
 * A minor's account (signed up by a guardian) with a saved profile of the oldest minor's age
 * unless `profile` says otherwise, that no administrator has reviewed yet: such a minor reaches
 * nobody (the safeguarding rule).
 */
export async function createMinorWithProfile(
  app: FastifyInstance,
  profile: Record<string, string> = {},
  photo?: UploadFile,
) {
  const minor = await createActiveMember(app, minorPayload());
  const birth = birthDateBounds('menor', todayIso()).max;
  const saved = await putProfile(
    app,
    minor.access,
    completeProfile({ date_of_birth: birth, ...profile }),
    photo,
  );
  if (saved.statusCode !== 200) throw new Error(saved.body);
  return minor;
}

/** A minor with a saved profile whose account an administrator has reviewed: the minor may reach other minors. */
export async function createReviewedMinor(
  app: FastifyInstance,
  profile: Record<string, string> = {},
  photo?: UploadFile,
) {
  const minor = await createMinorWithProfile(app, profile, photo);
  await approveMinor(app, minor.user.id);
  return minor;
}

/** Makes two members accepted friends (the friends feature's requests are tested on their own). */
export async function makeFriends(app: FastifyInstance, requesterId: number, addresseeId: number) {
  await app.database.db
    .insert(friendships)
    .values({ requesterId, addresseeId, status: 'accepted', acceptedAt: new Date() });
}

/** Two members with saved profiles (named `names`) who are friends. */
export async function createFriendPair(app: FastifyInstance, names: [string, string] = ['Ana', 'Bruno']) {
  const first = await createMemberWithProfile(app, { nombre: names[0] });
  const second = await createMemberWithProfile(app, { nombre: names[1] });
  await makeFriends(app, first.user.id, second.user.id);
  return [first, second] as const;
}

/** Writes a language's disease list as an Orphadata import would (DATA_DIR/enfermedades). */
export function seedDiseaseList(config: Config, language: string, list: Record<string, string>) {
  mkdirSync(config.paths.importedDiseases, { recursive: true });
  writeFileSync(
    path.join(config.paths.importedDiseases, `enfermedades_${language}.json`),
    JSON.stringify(list),
  );
}

/** Sends a multipart form with the member's token (posts, gallery). */
export async function sendForm(
  app: FastifyInstance,
  access: string,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  fields: Record<string, string>,
  file?: UploadFile,
) {
  const body = await multipartBody(fields, file);
  return app.inject({
    method,
    url,
    headers: { ...body.headers, authorization: `Bearer ${access}`, 'accept-language': 'en' },
    payload: body.payload,
  });
}

export const imageFile = async (field = 'image'): Promise<UploadFile> => ({
  field,
  name: 'picture.jpg',
  type: 'image/jpeg',
  data: await jpegPhoto(),
});
