import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { birthDateBounds, todayIso } from '@juntos/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posts, profiles } from '../../db/schema';
import { createActiveMember } from '../../test-support/accounts';
import { makeAdmin } from '../../test-support/admins';
import {
  completeProfile,
  createMemberWithProfile,
  createMinorWithProfile,
  createReviewedMinor,
  imageFile,
  jpegPhoto,
  makeFriends,
  photoFile,
  putProfile,
  sendForm,
} from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { testAppWithMembers } from '../../test-support/test-app-with-members';

/** Issue 32: a minor's pictures are served only to those the reach rule lets see the minor. */
describe("minors' pictures", () => {
  const world = testAppWithMembers();

  const get = (url: string, member?: Member) =>
    world.app.inject({
      method: 'GET',
      url,
      headers: member ? { authorization: `Bearer ${member.access}` } : {},
    });
  const photoKeyOf = async (userId: number) =>
    (await world.app.database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]?.photoKey ??
    '';

  const minorWithPhoto = async () => createReviewedMinor(world.app, {}, await photoFile());

  it('are stored private and served only at an address signed for a viewer who may see the minor', async () => {
    const minor = await minorWithPhoto();
    const friend = await minorWithPhoto();
    await makeFriends(world.app, minor.user.id, friend.user.id);
    const post = await sendForm(
      world.app,
      minor.access,
      'POST',
      '/api/posts/',
      { text: 'My drawing' },
      await imageFile(),
    );
    expect(post.statusCode).toBe(201);

    const photoKey = await photoKeyOf(minor.user.id);
    expect(photoKey).toMatch(/^users\/\d+\/private\//);
    // Without a signature the file is as good as absent, with a session or without.
    expect((await get(`/media/${photoKey}`)).statusCode).toBe(404);
    expect((await get(`/media/${photoKey}`, friend)).statusCode).toBe(404);

    const profile = await get(`/api/buscar/perfil/${minor.user.id}/`, friend);
    const photo = profile.json<{ photo: string }>().photo;
    expect(photo).toContain('&sig=');
    const served = await get(photo);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const feed = await get('/api/posts/', friend);
    const image = feed
      .json<{ results: { id: number; image_url: string | null }[] }>()
      .results.find((item) => item.id === post.json<{ id: number }>().id)?.image_url;
    expect(image).toContain('/private/');
    expect((await get(image ?? '')).statusCode).toBe(200);
    // A signature is bound to its file: the photo's seal does not open the post's picture.
    const seal = photo.slice(photo.indexOf('?'));
    expect((await get(`${(image ?? '').split('?')[0]}${seal}`)).statusCode).toBe(403);
  });

  it("adults' photos keep their public, cacheable address", async () => {
    const adult = await createMemberWithProfile(world.app);
    await putProfile(world.app, adult.access, completeProfile(), await photoFile());
    const photoKey = await photoKeyOf(adult.user.id);
    expect(photoKey).not.toContain('/private/');
    const served = await get(`/media/${photoKey}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });

  it('become private when an administrator makes the member a minor', async () => {
    const admin = await createActiveMember(world.app);
    await makeAdmin(world.app, admin.user.id);
    const member = await createMemberWithProfile(world.app);
    await putProfile(world.app, member.access, completeProfile(), await photoFile());
    const post = await sendForm(
      world.app,
      member.access,
      'POST',
      '/api/posts/',
      { text: 'Hi' },
      await imageFile(),
    );
    const before = await photoKeyOf(member.user.id);
    const [postBefore] = await world.app.database.db
      .select({ imageKey: posts.imageKey })
      .from(posts)
      .where(eq(posts.id, post.json<{ id: number }>().id));
    expect((await get(`/media/${before}`)).statusCode).toBe(200);
    // The administrator learned the account is a child's: the birth date is corrected, then the
    // age group set (an adult's birth date alone would keep them an adult).
    await world.app.database.db
      .update(profiles)
      .set({ dateOfBirth: birthDateBounds('menor', todayIso()).max })
      .where(eq(profiles.userId, member.user.id));

    const changed = await world.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${member.user.id}/age-group/`,
      headers: { authorization: `Bearer ${admin.access}` },
      payload: { age_group: 'minor' },
    });
    expect(changed.statusCode).toBe(200);

    const after = await photoKeyOf(member.user.id);
    expect(after).toMatch(/\/private\//);
    expect((await get(`/media/${before}`)).statusCode).toBe(404);
    expect((await get(`/media/${postBefore?.imageKey ?? ''}`)).statusCode).toBe(404);
    expect(existsSync(path.join(world.config.paths.media, before))).toBe(false);
  });
});

describe("minors' pictures stored public before", () => {
  it('are moved to the private folder when the server starts', async () => {
    const first = await createTestApp();
    let second: TestApp | undefined;
    try {
      const minor = await createMinorWithProfile(first.app);
      const legacyKey = `users/${minor.user.id}/${randomUUID()}.webp`;
      mkdirSync(path.join(first.config.paths.media, 'users', String(minor.user.id)), { recursive: true });
      writeFileSync(path.join(first.config.paths.media, legacyKey), await jpegPhoto());
      await first.app.database.db
        .update(profiles)
        .set({ photoKey: legacyKey })
        .where(eq(profiles.userId, minor.user.id));
      expect((await first.app.inject({ method: 'GET', url: `/media/${legacyKey}` })).statusCode).toBe(200);

      second = await createTestApp({ DATA_DIR: first.config.dataDir }, { database: first.app.database });
      await second.app.ready();
      await second.app.minorMediaSettled();
      const [row] = await first.app.database.db
        .select({ photoKey: profiles.photoKey })
        .from(profiles)
        .where(eq(profiles.userId, minor.user.id));
      expect(row?.photoKey).toBe(
        legacyKey.replace(`users/${minor.user.id}/`, `users/${minor.user.id}/private/`),
      );
      expect((await second.app.inject({ method: 'GET', url: `/media/${legacyKey}` })).statusCode).toBe(404);
    } finally {
      await second?.app.close();
      await first.cleanup();
    }
  });
});
