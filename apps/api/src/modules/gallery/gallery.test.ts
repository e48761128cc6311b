import { existsSync } from 'node:fs';
import path from 'node:path';
import type { GalleryImageDetails, Page } from '@juntos/domain';
import { describe, expect, it } from 'vitest';
import { friendships } from '../../db/schema';
import { createMemberWithProfile, imageFile, makeFriends, sendForm } from '../../test-support/profiles';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { requestAs } from '../../test-support/requests';

describe('gallery', () => {
  const world = testAppWithMembers();

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, access: string, payload?: object) =>
    requestAs(world.app, access, method, url, payload);
  const upload = async (access: string, fields: Record<string, string>) =>
    sendForm(world.app, access, 'POST', '/api/gallery/images/', fields, await imageFile());
  // Picture addresses are signed (gallery-media.test.ts); the file is the path before the query.
  const mediaFile = (url: string) =>
    path.join(world.config.paths.media, (url.split('?')[0] ?? '').replace('/media/', ''));

  it('uploads with a title, lists own images, edits (image only when changed) and deletes', async () => {
    const owner = await createMemberWithProfile(world.app);
    const created = await upload(owner.access, { title: ' Beach ', description: 'Me at the beach' });
    expect(created.statusCode).toBe(201);
    const image = created.json<GalleryImageDetails>();
    expect(image).toMatchObject({
      title: 'Beach',
      description: 'Me at the beach',
      likes: 0,
      liked_by_user: false,
      comments: [],
    });

    const list = (await call('GET', '/api/gallery/images/', owner.access)).json<Page<GalleryImageDetails>>();
    expect(list.results.map((item) => item.id)).toEqual([image.id]);

    const retitled = await sendForm(world.app, owner.access, 'PATCH', `/api/gallery/images/${image.id}/`, {
      title: 'Sea',
    });
    expect(retitled.json<GalleryImageDetails>()).toMatchObject({
      title: 'Sea',
      description: 'Me at the beach',
    });
    expect(mediaFile(retitled.json<GalleryImageDetails>().image_url)).toBe(mediaFile(image.image_url));
    expect(existsSync(mediaFile(image.image_url))).toBe(true);
    const replaced = await sendForm(
      world.app,
      owner.access,
      'PATCH',
      `/api/gallery/images/${image.id}/`,
      {},
      await imageFile(),
    );
    const newUrl = replaced.json<GalleryImageDetails>().image_url;
    expect(mediaFile(newUrl)).not.toBe(mediaFile(image.image_url));
    expect(existsSync(mediaFile(newUrl))).toBe(true);
    expect(existsSync(mediaFile(image.image_url))).toBe(false);

    expect((await call('DELETE', `/api/gallery/images/${image.id}/`, owner.access)).statusCode).toBe(200);
    expect(existsSync(mediaFile(newUrl))).toBe(false);
    expect((await call('GET', `/api/gallery/images/${image.id}/`, owner.access)).statusCode).toBe(404);
  });

  it('requires a title and a real image', async () => {
    const owner = await createMemberWithProfile(world.app);
    const untitled = await upload(owner.access, { title: '  ' });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json<{ fields: Record<string, string> }>().fields.title).toBe(
      'Please give the image a title.',
    );
    const noImage = await sendForm(world.app, owner.access, 'POST', '/api/gallery/images/', {
      title: 'Nothing',
    });
    expect(noImage.statusCode).toBe(400);
    expect(Object.keys(noImage.json<{ fields: object }>().fields)).toEqual(['image']);
    const textFile = await sendForm(
      world.app,
      owner.access,
      'POST',
      '/api/gallery/images/',
      { title: 'Fake' },
      {
        field: 'image',
        name: 'notes.gif',
        type: 'image/gif',
        data: Buffer.from('GIF? no, just text'),
      },
    );
    expect(textFile.statusCode).toBe(400);
    expect((await call('GET', '/api/gallery/images/', owner.access)).json<Page<unknown>>().results).toEqual(
      [],
    );
  });

  it('shows images to the owner and accepted friends only; anyone else gets 404', async () => {
    const owner = await createMemberWithProfile(world.app);
    const friend = await createMemberWithProfile(world.app, { nombre: 'Carla', apellidos: 'Díaz' });
    const requested = await createMemberWithProfile(world.app);
    const stranger = await createMemberWithProfile(world.app);
    await makeFriends(world.app, owner.user.id, friend.user.id);
    // A request not yet accepted does not open the gallery.
    await world.app.database.db
      .insert(friendships)
      .values({ requesterId: requested.user.id, addresseeId: owner.user.id });
    const image = (await upload(owner.access, { title: 'Private moment' })).json<GalleryImageDetails>();
    const urls = {
      list: `/api/gallery/images/?owner=${owner.user.id}`,
      details: `/api/gallery/images/${image.id}/`,
      like: `/api/gallery/images/${image.id}/like/`,
      comment: `/api/gallery/images/${image.id}/comment/`,
      comments: `/api/gallery/images/${image.id}/comments/`,
    };

    for (const outsider of [requested, stranger]) {
      expect((await call('GET', urls.list, outsider.access)).statusCode).toBe(404);
      expect((await call('GET', urls.details, outsider.access)).statusCode).toBe(404);
      expect((await call('POST', urls.like, outsider.access)).statusCode).toBe(404);
      expect((await call('POST', urls.comment, outsider.access, { text: 'hi' })).statusCode).toBe(404);
      expect((await call('GET', urls.comments, outsider.access)).statusCode).toBe(404);
      expect(
        (await sendForm(world.app, outsider.access, 'PATCH', urls.details, { title: 'x' })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', urls.details, outsider.access)).statusCode).toBe(404);
    }
    // An unknown image answers the same.
    expect((await call('GET', '/api/gallery/images/999999999/', stranger.access)).statusCode).toBe(404);

    expect(
      (await call('GET', urls.list, friend.access)).json<Page<{ id: number }>>().results.map((i) => i.id),
    ).toEqual([image.id]);
    expect((await call('POST', urls.like, friend.access)).json()).toEqual({ liked: true, total_likes: 1 });
    const comment = await call('POST', urls.comment, friend.access, { text: 'Lovely' });
    expect(comment.statusCode).toBe(201);
    expect(comment.json()).toMatchObject({
      profile_nombre: 'Carla',
      profile_apellidos: 'Díaz',
      content: 'Lovely',
    });
    expect((await call('GET', urls.comments, owner.access)).json()).toEqual([
      expect.objectContaining({ content: 'Lovely' }),
    ]);
    expect((await call('GET', urls.details, friend.access)).json()).toMatchObject({
      likes: 1,
      liked_by_user: true,
      comments: [{ content: 'Lovely' }],
    });
    expect((await call('GET', urls.details, owner.access)).json()).toMatchObject({
      likes: 1,
      liked_by_user: false,
    });
    // A friend sees but does not change.
    expect(
      (await sendForm(world.app, friend.access, 'PATCH', urls.details, { title: 'Mine now' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', urls.details, friend.access)).statusCode).toBe(403);
    expect((await call('POST', urls.like, friend.access)).json()).toEqual({ liked: false, total_likes: 0 });
  });
});
