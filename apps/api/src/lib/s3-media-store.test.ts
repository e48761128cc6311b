import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveMember } from '../test-support/accounts';
import { completeProfile, imageFile, photoFile, putProfile, sendForm } from '../test-support/profiles';
import { createTestApp } from '../test-support/test-app';
import { createS3MediaStore } from './s3-media-store';
import { deleteAccount } from '../test-support/requests';

/**
 * Against s3rver, an S3-compatible server (signature v4 checked), so the same calls that reach
 * AWS S3 or MinIO in production are exercised here.
 */
describe('S3-compatible media store', () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'juntos-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'media', configs: [] }],
  });
  let store: ReturnType<typeof createS3MediaStore>;
  let endpoint = '';

  beforeAll(async () => {
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    store = createS3MediaStore({
      endpoint,
      bucket: 'media',
      region: 'eu-west-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
  });
  afterAll(async () => {
    store.close();
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('saves, reads, replaces and removes files, and deletes every file of a member', async () => {
    const first = await store.save(7, Buffer.from('one'), 'webp');
    const second = await store.save(7, Buffer.from('two'), 'webp');
    const other = await store.save(8, Buffer.from('three'), 'webp');
    expect(first).toMatch(/^users\/7\/[0-9a-f-]{36}\.webp$/);
    const opened = await store.open(first);
    expect(opened?.contentType).toBe('image/webp');
    expect(await text(opened!.body)).toBe('one');

    await store.remove(first);
    expect(await store.open(first)).toBeUndefined();

    const cloud = await store.saveAppFile('word-cloud-en.png', Buffer.from('png'));
    expect(cloud).toBe('app/word-cloud-en.png');
    await store.saveAppFile('word-cloud-en.png', Buffer.from('png 2'));
    expect(await text((await store.open(cloud))!.body)).toBe('png 2');

    // Friends-only files: a private key, or a public one copied under the same name.
    const hidden = await store.save(7, Buffer.from('private'), 'webp', 'private');
    expect(hidden).toMatch(/^users\/7\/private\/[0-9a-f-]{36}\.webp$/);
    const copied = await store.copyToPrivate(second);
    expect(copied).toBe(second.replace('users/7/', 'users/7/private/'));
    expect(await text((await store.open(copied))!.body)).toBe('two');

    await store.deleteOwnerFiles(7);
    expect(await store.open(second)).toBeUndefined();
    expect(await store.open(hidden)).toBeUndefined();
    expect(await store.open(copied)).toBeUndefined();
    expect(await store.open(other)).toBeDefined();
    expect(await store.open('../secret')).toBeUndefined();
    await expect(store.remove('../../etc/passwd')).rejects.toThrow('not a media key');
  });

  it('holds profile photos when the server is configured with S3_*, served at the same /media/ addresses', async () => {
    const t = await createTestApp({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    try {
      const member = await createActiveMember(t.app);
      const saved = await putProfile(
        t.app,
        member.access,
        completeProfile({ orphacode: '', enfermedad: '' }),
        await photoFile(),
      );
      const photo = saved.json<{ photo: string }>().photo;
      const served = await t.app.inject({ method: 'GET', url: photo });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect((await t.app.inject({ method: 'GET', url: '/media/users/1/nothing.webp' })).statusCode).toBe(
        404,
      );

      // A gallery picture is private in the bucket too: served only at the signed address.
      const image = (
        await sendForm(
          t.app,
          member.access,
          'POST',
          '/api/gallery/images/',
          { title: 'S3' },
          await imageFile(),
        )
      ).json<{ image_url: string }>().image_url;
      expect(image).toMatch(/\/private\/.+\?v=\d+&exp=\d+&sig=/);
      const signed = await t.app.inject({ method: 'GET', url: image });
      expect(signed.statusCode).toBe(200);
      expect(signed.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect((await t.app.inject({ method: 'GET', url: image.split('?')[0] })).statusCode).toBe(404);

      await deleteAccount(t.app, member);
      expect(await store.open(photo.replace('/media/', ''))).toBeUndefined();
    } finally {
      await t.cleanup();
    }
  });
});
