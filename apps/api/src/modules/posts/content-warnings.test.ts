import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_WARNING_KINDS,
  CONTENT_WARNING_TEXT_MAX,
  type GalleryComment,
  type GalleryImageDetails,
  type Post,
  type PostComment,
} from '@juntos/domain';
import { communities, communityMembers, posts } from '../../db/schema';
import { imageFile, makeFriends, sendForm } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { requestAs } from '../../test-support/requests';
import { testAppWithMembers } from '../../test-support/test-app-with-members';

/** Issue 37 point 2: a post can carry its writer's content warning, in the feed and in communities. */
describe('content warnings on posts', () => {
  const world = testAppWithMembers({ members: { author: { nombre: 'Alba' }, reader: { nombre: 'Rui' } } });

  const shownTo = async (who: Member, postId: number, url = '/api/posts/?limit=50') => {
    const answer = await world.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${who.access}` },
    });
    return answer.json<{ results: Post[] }>().results.find((post) => post.id === postId);
  };
  const write = (fields: Record<string, string>) =>
    sendForm(world.app, world.author.access, 'POST', '/api/posts/', fields);

  it('stores each kind of the list, and shows it to readers with the post', async () => {
    for (const kind of CONTENT_WARNING_KINDS.filter((listed) => listed !== 'other')) {
      const created = await write({
        text: `About ${kind}`,
        content_warning: kind,
        content_warning_text: 'ignored',
      });
      expect(created.statusCode, created.body).toBe(201);
      const post = created.json<Post>();
      expect(post.content_warning).toEqual({ kind, text: null });
      expect((await shownTo(world.reader, post.id))?.content_warning).toEqual({ kind, text: null });
    }
    const plain = (await write({ text: 'Nothing hard here' })).json<Post>();
    expect(plain.content_warning).toBeNull();
    expect(
      (await write({ text: 'Nothing hard here', content_warning: '' })).json<Post>().content_warning,
    ).toBeNull();
  });

  it('asks for the words of a warning of the writer’s own, and refuses what is not on the list, naming the field', async () => {
    const missing = await write({ text: 'Hard news', content_warning: 'other', content_warning_text: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: Record<string, string> }>().fields).toEqual({
      content_warning_text: 'Write what the warning is about, or choose a kind from the list.',
    });
    const tooLong = await write({
      text: 'Hard news',
      content_warning: 'other',
      content_warning_text: 'x'.repeat(CONTENT_WARNING_TEXT_MAX + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json<{ fields: Record<string, string> }>().fields)).toEqual([
      'content_warning_text',
    ]);
    const unknown = await write({ text: 'Hard news', content_warning: 'spoilers' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ fields: Record<string, string> }>().fields).toEqual({
      content_warning: 'Choose a warning from the list.',
    });

    const own = await write({
      text: 'Hard news',
      content_warning: 'other',
      content_warning_text: ' A diagnosis ',
    });
    expect(own.json<Post>().content_warning).toEqual({ kind: 'other', text: 'A diagnosis' });
  });

  it('keeps the warning through an edit that does not send it, and removes it when asked', async () => {
    const post = (await write({ text: 'Surgery tomorrow', content_warning: 'surgery' })).json<Post>();
    const url = `/api/posts/${post.id}/`;
    const edited = await sendForm(world.app, world.author.access, 'PUT', url, {
      text: 'Surgery went well',
    });
    expect(edited.json<Post>().content_warning).toEqual({ kind: 'surgery', text: null });
    const changed = await sendForm(world.app, world.author.access, 'PUT', url, {
      text: 'Surgery went well',
      content_warning: 'strong_feelings',
    });
    expect(changed.json<Post>().content_warning).toEqual({ kind: 'strong_feelings', text: null });
    const cleared = await sendForm(world.app, world.author.access, 'PUT', url, {
      text: 'All fine',
      content_warning: '',
    });
    expect(cleared.json<Post>().content_warning).toBeNull();
    expect((await shownTo(world.reader, post.id))?.content_warning).toBeNull();
  });

  it('carries it on a community’s posts too', async () => {
    const [community] = await world.app.database.db
      .insert(communities)
      .values({ kind: 'topic', slug: `warnings-${Date.now()}`, name: { en: 'Warnings' } })
      .returning({ id: communities.id });
    for (const member of [world.author, world.reader])
      await world.app.database.db
        .insert(communityMembers)
        .values({ communityId: community!.id, userId: member.user.id });
    const feed = `/api/comunidades/${community!.id}/publicaciones/`;
    const created = await sendForm(world.app, world.author.access, 'POST', feed, {
      text: 'We lost our son last spring.',
      content_warning: 'death_grief',
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json<Post>();
    expect((await shownTo(world.reader, post.id, feed))?.content_warning).toEqual({
      kind: 'death_grief',
      text: null,
    });
  });

  it('carries a comment’s warning in the comment’s answer and in the feed’s recent comments', async () => {
    const post = (await write({ text: 'How did the appointment go?' })).json<Post>();
    const url = `/api/posts/${post.id}/comment/`;
    const sent = await requestAs(world.app, world.reader.access, 'POST', url, {
      text: 'They showed us the scan.',
      content_warning: 'medical_images',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<PostComment>().content_warning).toEqual({ kind: 'medical_images', text: null });
    const plain = await requestAs(world.app, world.reader.access, 'POST', url, {
      text: 'Thinking of you.',
    });
    expect(plain.json<PostComment>().content_warning).toBeNull();

    const comments = (await shownTo(world.author, post.id))?.comments ?? [];
    expect(comments.map((comment) => [comment.text, comment.content_warning])).toEqual([
      ['They showed us the scan.', { kind: 'medical_images', text: null }],
      ['Thinking of you.', null],
    ]);

    const missing = await requestAs(world.app, world.reader.access, 'POST', url, {
      text: 'Hard news',
      content_warning: 'other',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: Record<string, string> }>().fields).toEqual({
      content_warning_text: 'Write what the warning is about, or choose a kind from the list.',
    });
  });

  it('refuses in the database a kind the list does not know, so every stored warning can be shown', async () => {
    const refused: unknown = await world.app.database.db
      .insert(posts)
      .values({ authorId: world.author.user.id, text: 'x', contentWarningKind: 'spoilers' as 'other' })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    // drizzle wraps the driver's error: its cause names the constraint.
    expect(String((refused as { cause?: unknown } | undefined)?.cause)).toMatch(
      /posts_content_warning_kind_check/,
    );
  });
});

/** Issue 37 point 2: a gallery picture (a scan, a scar) and its comments can carry a warning too. */
describe('content warnings in galleries', () => {
  const world = testAppWithMembers({ members: { owner: { nombre: 'Olga' }, friend: { nombre: 'Fede' } } });
  beforeAll(async () => makeFriends(world.app, world.owner.user.id, world.friend.user.id));

  const upload = async (fields: Record<string, string>) =>
    sendForm(world.app, world.owner.access, 'POST', '/api/gallery/images/', fields, await imageFile());
  const detailsFor = async (who: Member, id: number) =>
    (await requestAs(world.app, who.access, 'GET', `/api/gallery/images/${id}/`)).json<GalleryImageDetails>();

  it('stores the owner’s warning with the picture and shows it to friends, in the list and the details', async () => {
    const created = await upload({ title: 'After the operation', content_warning: 'surgery' });
    expect(created.statusCode, created.body).toBe(201);
    const image = created.json<GalleryImageDetails>();
    expect(image.content_warning).toEqual({ kind: 'surgery', text: null });
    expect((await detailsFor(world.friend, image.id)).content_warning).toEqual({
      kind: 'surgery',
      text: null,
    });
    const list = await requestAs(
      world.app,
      world.friend.access,
      'GET',
      `/api/gallery/images/?owner=${world.owner.user.id}`,
    );
    expect(
      list.json<{ results: GalleryImageDetails[] }>().results.find((item) => item.id === image.id)
        ?.content_warning,
    ).toEqual({ kind: 'surgery', text: null });

    const missing = await upload({ title: 'A scar', content_warning: 'other', content_warning_text: '' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<{ fields: Record<string, string> }>().fields)).toEqual([
      'content_warning_text',
    ]);
  });

  it('keeps the warning through an edit that does not send it, changes it, and removes it when asked', async () => {
    const image = (
      await upload({ title: 'The scan', content_warning: 'medical_images' })
    ).json<GalleryImageDetails>();
    const url = `/api/gallery/images/${image.id}/`;
    const retitled = await sendForm(world.app, world.owner.access, 'PATCH', url, {
      title: 'The first scan',
    });
    expect(retitled.json<GalleryImageDetails>().content_warning).toEqual({
      kind: 'medical_images',
      text: null,
    });
    const own = await sendForm(world.app, world.owner.access, 'PATCH', url, {
      content_warning: 'other',
      content_warning_text: 'A tumour',
    });
    expect(own.json<GalleryImageDetails>().content_warning).toEqual({ kind: 'other', text: 'A tumour' });
    const cleared = await sendForm(world.app, world.owner.access, 'PATCH', url, { content_warning: '' });
    expect(cleared.json<GalleryImageDetails>().content_warning).toBeNull();
    expect((await detailsFor(world.friend, image.id)).content_warning).toBeNull();
  });

  it('carries a comment’s warning on a picture, in its answer, the comments and the details', async () => {
    const image = (await upload({ title: 'Our garden' })).json<GalleryImageDetails>();
    const sent = await requestAs(
      world.app,
      world.friend.access,
      'POST',
      `/api/gallery/images/${image.id}/comment/`,
      {
        text: 'It reminds me of my mother’s, before she died.',
        content_warning: 'death_grief',
      },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<GalleryComment>().content_warning).toEqual({ kind: 'death_grief', text: null });
    const comments = await requestAs(
      world.app,
      world.owner.access,
      'GET',
      `/api/gallery/images/${image.id}/comments/`,
    );
    expect(comments.json<GalleryComment[]>().map((comment) => comment.content_warning)).toEqual([
      { kind: 'death_grief', text: null },
    ]);
    expect((await detailsFor(world.owner, image.id)).comments[0]?.content_warning).toEqual({
      kind: 'death_grief',
      text: null,
    });
  });
});
