import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { GalleryImage, GalleryImageDetails, Page } from '@juntos/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { galleryImages } from '../../db/schema';
import { createPrivateMedia } from '../../lib/private-media';
import {
  createAdminWithProfile,
  createMemberWithProfile,
  imageFile,
  jpegPhoto,
  makeFriends,
  sendForm,
} from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * Friends-only pictures are private media (issue 16, finding 11): the file is served only with an
 * address the API signed for a viewer it allowed, never at its bare address, and not for long.
 */
describe('gallery pictures are private media', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());
  afterEach(() => {
    vi.useRealTimers();
  });

  const get = (url: string, access?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': 'en', ...(access ? { authorization: `Bearer ${access}` } : {}) },
    });
  const bare = (url: string) => url.split('?')[0] ?? url;
  const withParam = (url: string, name: string, value: string) => {
    const address = new URL(url, 'http://x');
    address.searchParams.set(name, value);
    return `${address.pathname}${address.search}`;
  };

  async function ownerWithFriendAndImage() {
    const owner = await createMemberWithProfile(t.app);
    const friend = await createMemberWithProfile(t.app);
    const stranger = await createMemberWithProfile(t.app);
    await makeFriends(t.app, owner.user.id, friend.user.id);
    const created = await sendForm(
      t.app,
      owner.access,
      'POST',
      '/api/gallery/images/',
      { title: 'At home' },
      await imageFile(),
    );
    expect(created.statusCode).toBe(201);
    const image = created.json<GalleryImageDetails>();
    const listOf = async (viewer: { access: string }) =>
      get(`/api/gallery/images/?owner=${owner.user.id}`, viewer.access);
    return { owner, friend, stranger, image, listOf };
  }

  it('is stored in the private folder and refused at its bare address, with or without a session', async () => {
    const { owner, stranger, image } = await ownerWithFriendAndImage();
    expect(bare(image.image_url)).toMatch(
      new RegExp(`^/media/users/${owner.user.id}/private/[0-9a-f-]{36}\\.webp$`),
    );
    expect(existsSync(path.join(t.config.paths.media, bare(image.image_url).replace('/media/', '')))).toBe(
      true,
    );
    for (const access of [undefined, stranger.access, owner.access]) {
      const response = await get(bare(image.image_url), access);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it("serves the friend's signed address with private cache headers that end with the address", async () => {
    const { friend, owner, image, listOf } = await ownerWithFriendAndImage();
    const [listed] = (await listOf(friend)).json<Page<GalleryImage>>().results;
    const url = listed?.image_url ?? '';
    expect(url).toMatch(new RegExp(`\\?v=${friend.user.id}&exp=\\d+&sig=[\\w-]{43}$`));
    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const cacheControl = String(served.headers['cache-control']);
    expect(cacheControl).toMatch(/^private, max-age=\d+$/);
    const maxAge = Number(cacheControl.split('=')[1]);
    expect(maxAge).toBeGreaterThan((t.config.mediaUrlTtlSeconds * 2) / 3 - 2);
    expect(maxAge).toBeLessThanOrEqual(t.config.mediaUrlTtlSeconds);
    // The owner's own answers carry an address signed for the owner.
    expect(image.image_url).toContain(`?v=${owner.user.id}&`);
    expect((await get(image.image_url)).statusCode).toBe(200);
  });

  it('refuses a tampered seal, viewer, expiry or file with 403', async () => {
    const { friend, owner, listOf } = await ownerWithFriendAndImage();
    const second = (
      await sendForm(t.app, owner.access, 'POST', '/api/gallery/images/', { title: 'Two' }, await imageFile())
    ).json<GalleryImageDetails>();
    const url = (await listOf(friend)).json<Page<GalleryImage>>().results.find((i) => i.id !== second.id)
      ?.image_url as string;
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    const sig = new URL(url, 'http://x').searchParams.get('sig') ?? '';
    const tampered = [
      withParam(url, 'sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      withParam(url, 'v', String(owner.user.id)),
      withParam(url, 'exp', String(exp + 3600)),
      withParam(url, 'exp', 'soon'),
      withParam(url, 'sig', ''),
      `${bare(second.image_url)}${url.slice(url.indexOf('?'))}`,
    ];
    for (const address of tampered) {
      const response = await get(address);
      expect(response.statusCode, address).toBe(403);
      expect(response.json()).toEqual({
        code: 'media_link_invalid',
        error: 'This picture link has expired or is not valid. Reload the page to see the picture.',
      });
    }
    expect((await get(url)).statusCode).toBe(200);
  });

  it('refuses an expired address (fake clock, and a seal made with the real secret for the past)', async () => {
    const { friend, listOf } = await ownerWithFriendAndImage();
    const url = (await listOf(friend)).json<Page<GalleryImage>>().results[0]?.image_url as string;
    expect((await get(url)).statusCode).toBe(200);

    const past = createPrivateMedia({
      mediaStore: { publicUrl: (key) => `/media/${key}` },
      secret: t.config.jwtSecret,
      ttlSeconds: t.config.mediaUrlTtlSeconds,
      now: () => Date.now() - (t.config.mediaUrlTtlSeconds + 5) * 1000,
    }).urlFor(bare(url).replace('/media/', ''), friend.user.id);
    expect(past).not.toBe(url);
    expect((await get(past)).statusCode).toBe(403);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + t.config.mediaUrlTtlSeconds * 1000 + 1000 });
    expect((await get(url)).statusCode).toBe(403);
  });

  it('after unfriending: no more addresses, and the last one stops working within the TTL', async () => {
    const { owner, friend, listOf } = await ownerWithFriendAndImage();
    const profile = (viewer: { access: string }) =>
      get(`/api/buscar/perfil/${owner.user.id}/`, viewer.access);
    const [fromProfile] = (await profile(friend)).json<{ imagenes: GalleryImage[] }>().imagenes;
    const url = fromProfile?.image_url as string;
    expect(url).toContain(`?v=${friend.user.id}&`);
    expect((await get(url)).statusCode).toBe(200);

    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/amigos/${owner.user.id}/`,
      headers: { authorization: `Bearer ${friend.access}` },
    });
    expect(ended.statusCode).toBe(200);
    expect((await listOf(friend)).statusCode).toBe(404);
    expect((await profile(friend)).json()).not.toHaveProperty('imagenes');

    // The address handed out before is a bearer capability until its expiry (documented window).
    const expires = Number(new URL(url, 'http://x').searchParams.get('exp')) * 1000;
    expect(expires).toBeLessThanOrEqual(Date.now() + t.config.mediaUrlTtlSeconds * 1000);
    vi.useFakeTimers({ toFake: ['Date'], now: expires + 1 });
    expect((await get(url)).statusCode).toBe(403);
  });

  it('shows a reported picture to the moderators through a signed address', async () => {
    const { friend, image } = await ownerWithFriendAndImage();
    const admin = await createAdminWithProfile(t.app);
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/reportes/',
      headers: { authorization: `Bearer ${friend.access}` },
      payload: { target_type: 'image', target_id: image.id, reason: 'privacy' },
    });
    expect(reported.statusCode).toBe(201);
    const reports = (await get('/api/admin/reports/?status=open&limit=100', admin.access)).json<{
      results: { target_type: string; target_id: number; content: { image_url: string | null } | null }[];
    }>().results;
    const report = reports.find((r) => r.target_type === 'image' && r.target_id === image.id);
    const url = report?.content?.image_url ?? '';
    expect(url).toContain('/private/');
    expect(url).toContain('&sig=');
    expect((await get(url)).statusCode).toBe(200);
  });
});

describe('gallery pictures stored before they became private', () => {
  it('are moved to the private folder when the server starts, and no longer served publicly', async () => {
    const first = await createTestApp();
    let second: TestApp | undefined;
    try {
      const owner = await createMemberWithProfile(first.app);
      const legacyKey = `users/${owner.user.id}/${randomUUID()}.webp`;
      mkdirSync(path.join(first.config.paths.media, 'users', String(owner.user.id)), { recursive: true });
      writeFileSync(path.join(first.config.paths.media, legacyKey), await jpegPhoto());
      const [row] = await first.app.database.db
        .insert(galleryImages)
        .values({ ownerId: owner.user.id, title: 'Old', description: '', imageKey: legacyKey })
        .returning({ id: galleryImages.id });
      expect((await first.app.inject({ method: 'GET', url: `/media/${legacyKey}` })).statusCode).toBe(200);

      // A restart on the same data (a second instance on the same database starts the same way).
      second = await createTestApp({ DATA_DIR: first.config.dataDir }, { database: first.app.database });
      await second.app.ready();
      // The move runs in the background after start-up; this waits for it to end.
      await second.app.galleryMoveSettled();
      const [moved] = await first.app.database.db
        .select({ imageKey: galleryImages.imageKey })
        .from(galleryImages)
        .where(eq(galleryImages.id, row?.id ?? 0));
      const privateKey = legacyKey.replace(`users/${owner.user.id}/`, `users/${owner.user.id}/private/`);
      expect(moved?.imageKey).toBe(privateKey);
      expect(existsSync(path.join(first.config.paths.media, legacyKey))).toBe(false);
      expect(existsSync(path.join(first.config.paths.media, privateKey))).toBe(true);
      expect((await second.app.inject({ method: 'GET', url: `/media/${legacyKey}` })).statusCode).toBe(404);
      expect((await second.app.inject({ method: 'GET', url: `/media/${privateKey}` })).statusCode).toBe(404);
      const listed = await second.app.inject({
        method: 'GET',
        url: '/api/gallery/images/',
        headers: { authorization: `Bearer ${owner.access}` },
      });
      const url = listed.json<Page<GalleryImage>>().results[0]?.image_url ?? '';
      expect((await second.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    } finally {
      await second?.app.close();
      await first.cleanup();
    }
  });
});

describe('the start-up move of legacy gallery pictures', () => {
  it('does not hold up start-up, and closing the app during it loses no picture; the next start finishes it', async () => {
    const first = await createTestApp();
    let second: TestApp | undefined;
    let third: TestApp | undefined;
    try {
      const owner = await createMemberWithProfile(first.app);
      mkdirSync(path.join(first.config.paths.media, 'users', String(owner.user.id)), { recursive: true });
      const photo = await jpegPhoto();
      const legacyKeys = Array.from({ length: 30 }, () => `users/${owner.user.id}/${randomUUID()}.webp`);
      for (const key of legacyKeys) writeFileSync(path.join(first.config.paths.media, key), photo);
      await first.app.database.db
        .insert(galleryImages)
        .values(
          legacyKeys.map((imageKey) => ({ ownerId: owner.user.id, title: 'Old', description: '', imageKey })),
        );
      const keysNow = async () =>
        (
          await first.app.database.db
            .select({ imageKey: galleryImages.imageKey })
            .from(galleryImages)
            .where(eq(galleryImages.ownerId, owner.user.id))
        ).map((row) => row.imageKey);

      second = await createTestApp({ DATA_DIR: first.config.dataDir }, { database: first.app.database });
      const movedCount = async () => (await keysNow()).filter((key) => key.includes('/private/')).length;
      await second.app.ready();
      // Ready before the move has gone through thirty pictures (each a copy, an update, a removal).
      expect(await movedCount()).toBeLessThan(30);
      expect((await second.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBeLessThan(500);
      await second.app.close();
      second = undefined;
      // Closing stopped the move between two pictures, and every row names a file that exists.
      expect(await movedCount()).toBeLessThan(30);
      const afterClose = await keysNow();
      expect(afterClose).toHaveLength(30);
      for (const key of afterClose)
        expect(existsSync(path.join(first.config.paths.media, key)), key).toBe(true);

      third = await createTestApp({ DATA_DIR: first.config.dataDir }, { database: first.app.database });
      await third.app.ready();
      await third.app.galleryMoveSettled();
      const afterRestart = await keysNow();
      expect(afterRestart.every((key) => key.startsWith(`users/${owner.user.id}/private/`))).toBe(true);
      for (const key of legacyKeys) expect(existsSync(path.join(first.config.paths.media, key))).toBe(false);
    } finally {
      await second?.app.close();
      await third?.app.close();
      await first.cleanup();
    }
  });
});
