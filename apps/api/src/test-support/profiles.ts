import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { friendships } from '../db/schema';
import { createActiveMember } from './accounts';

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

/** An active member with a saved profile. */
export async function createMemberWithProfile(app: FastifyInstance, profile: Record<string, string> = {}) {
  const member = await createActiveMember(app);
  const saved = await putProfile(app, member.access, completeProfile(profile));
  if (saved.statusCode !== 200) throw new Error(saved.body);
  return member;
}

/** Makes two members accepted friends (the friends feature's requests are tested on their own). */
export async function makeFriends(app: FastifyInstance, requesterId: number, addresseeId: number) {
  await app.database.db
    .insert(friendships)
    .values({ requesterId, addresseeId, status: 'accepted', acceptedAt: new Date() });
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
