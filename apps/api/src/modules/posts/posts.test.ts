import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page, Post } from '@juntos/domain';
import { describe, expect, it } from 'vitest';
import { createMemberWithProfile, imageFile, sendForm } from '../../test-support/profiles';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { requestAs } from '../../test-support/requests';

describe('posts, likes and comments', () => {
  const world = testAppWithMembers();

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, access: string, payload?: object) =>
    requestAs(world.app, access, method, url, payload);
  const newPost = (access: string, fields: Record<string, string>, withImage = false) =>
    withImage
      ? imageFile().then((file) => sendForm(world.app, access, 'POST', '/api/posts/', fields, file))
      : sendForm(world.app, access, 'POST', '/api/posts/', fields);
  const feed = async (access: string, query: string) =>
    (await call('GET', `/api/posts/?${query}`, access)).json<Page<Post>>();

  it('creates a post with an image and its description, newest first in the feed', async () => {
    const author = await createMemberWithProfile(world.app, { country: 'pt', ciudad: 'Lisboa' });
    const created = await newPost(
      author.access,
      { title: 'Hello', text: '  First post  ', image_alt: 'A green square' },
      true,
    );
    expect(created.statusCode).toBe(201);
    const post = created.json<Post>();
    expect(post).toMatchObject({
      title: 'Hello',
      text: 'First post',
      image_alt: 'A green square',
      likes_count: 0,
      liked_by_user: false,
      comments_count: 0,
      comments: [],
      is_author: true,
      author: { id: author.user.id, nombre: 'Ana', country: 'pt' },
    });
    expect(post.image_url).toMatch(/^\/media\/users\/\d+\/[0-9a-f-]{36}\.webp$/);
    const reader = await createMemberWithProfile(world.app);
    const first = (await feed(reader.access, 'limit=5&offset=0&country=pt')).results[0];
    expect(first).toMatchObject({ id: post.id, is_author: false });
  });

  it('pages 5 at a time with next, and filters by the author country', async () => {
    const author = await createMemberWithProfile(world.app, { country: 'lu', ciudad: '' });
    const other = await createMemberWithProfile(world.app, { country: 'ee', ciudad: '' });
    for (let i = 1; i <= 12; i += 1) await newPost(author.access, { text: `Luxembourg post ${i}` });
    await newPost(other.access, { text: 'Estonia post' });

    const page1 = await feed(author.access, 'limit=5&offset=0&country=lu');
    expect(page1.results.map((post) => post.text)).toEqual(
      [12, 11, 10, 9, 8].map((n) => `Luxembourg post ${n}`),
    );
    expect(page1.next).toBe('/api/posts/?limit=5&offset=5&country=lu');
    const page3 = await feed(author.access, 'limit=5&offset=10&country=lu');
    expect(page3.results.map((post) => post.text)).toEqual(['Luxembourg post 2', 'Luxembourg post 1']);
    expect(page3.next).toBeNull();
    const estonia = await feed(author.access, 'country=EE');
    expect(estonia.results.map((post) => post.text)).toEqual(['Estonia post']);
    const all = await feed(author.access, 'limit=50');
    expect(all.results.some((post) => post.text === 'Estonia post')).toBe(true);
    expect(all.results.some((post) => post.text === 'Luxembourg post 12')).toBe(true);

    expect((await call('GET', '/api/posts/?country=us', author.access)).statusCode).toBe(400);
    expect((await call('GET', '/api/posts/?limit=0', author.access)).statusCode).toBe(400);
    expect((await call('GET', '/api/posts/?offset=-1', author.access)).statusCode).toBe(400);
    expect((await world.app.inject({ method: 'GET', url: '/api/posts/' })).statusCode).toBe(401);
  });

  it('follows the author when the profile country changes', async () => {
    const author = await createMemberWithProfile(world.app, { country: 'si', ciudad: '' });
    await newPost(author.access, { text: 'Moving soon' });
    await sendForm(world.app, author.access, 'PUT', '/api/profile/', {
      nombre: 'Ana',
      country: 'sk',
      date_of_birth: '1990-05-04',
    });
    expect((await feed(author.access, 'country=sk')).results.map((post) => post.text)).toContain(
      'Moving soon',
    );
    expect((await feed(author.access, 'country=si')).results.map((post) => post.text)).not.toContain(
      'Moving soon',
    );
  });

  it('counts every like exactly when many members like at once, and toggles back', async () => {
    const author = await createMemberWithProfile(world.app);
    const post = (await newPost(author.access, { text: 'Like me' })).json<Post>();
    const members = await Promise.all(Array.from({ length: 12 }, () => createMemberWithProfile(world.app)));
    const answers = await Promise.all(
      members.map((member) => call('POST', `/api/posts/${post.id}/like/`, member.access)),
    );
    for (const answer of answers) expect(answer.json()).toMatchObject({ liked: true });
    const totals = answers.map((answer) => answer.json<{ total_likes: number }>().total_likes);
    expect(Math.max(...totals)).toBe(12);

    const unlike = await call('POST', `/api/posts/${post.id}/like/`, members[0]?.access ?? '');
    expect(unlike.json()).toEqual({ liked: false, total_likes: 11 });
    const seen = (await feed(members[1]?.access ?? '', 'limit=50')).results.find(
      (item) => item.id === post.id,
    );
    expect(seen).toMatchObject({ likes_count: 11, liked_by_user: true });
    const seenByUnliker = (await feed(members[0]?.access ?? '', 'limit=50')).results.find(
      (item) => item.id === post.id,
    );
    expect(seenByUnliker?.liked_by_user).toBe(false);
    expect((await call('POST', '/api/posts/999999999/like/', author.access)).statusCode).toBe(404);
  });

  it('adds comments with the author name; empty comments are refused', async () => {
    const author = await createMemberWithProfile(world.app);
    const reader = await createMemberWithProfile(world.app, { nombre: 'Bea', apellidos: 'Ruiz' });
    const post = (await newPost(author.access, { text: 'Comment me' })).json<Post>();
    const comment = await call('POST', `/api/posts/${post.id}/comment/`, reader.access, {
      text: '  Nice!  ',
    });
    expect(comment.statusCode).toBe(201);
    expect(comment.json()).toMatchObject({
      author_name: 'Bea Ruiz',
      text: 'Nice!',
      author_id: reader.user.id,
    });
    const empty = await call('POST', `/api/posts/${post.id}/comment/`, reader.access, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ fields: Record<string, string> }>().fields.text).toBe(
      'Please write a comment before sending it.',
    );
    const seen = (await feed(author.access, 'limit=50')).results.find((item) => item.id === post.id);
    expect(seen).toMatchObject({ comments_count: 1, comments: [{ author_name: 'Bea Ruiz', text: 'Nice!' }] });
  });

  it('lets only the author edit or delete (403 otherwise), removing replaced images', async () => {
    const author = await createMemberWithProfile(world.app);
    const stranger = await createMemberWithProfile(world.app);
    const post = (await newPost(author.access, { text: 'Original' }, true)).json<Post>();
    const file = path.join(world.config.paths.media, (post.image_url ?? '').replace('/media/', ''));

    const foreignEdit = await sendForm(world.app, stranger.access, 'PUT', `/api/posts/${post.id}/`, {
      text: 'Hacked',
    });
    expect(foreignEdit.statusCode).toBe(403);
    expect((await call('DELETE', `/api/posts/${post.id}/`, stranger.access)).statusCode).toBe(403);

    const edited = await sendForm(
      world.app,
      author.access,
      'PUT',
      `/api/posts/${post.id}/`,
      { text: 'Edited', title: 'New' },
      await imageFile(),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Post>()).toMatchObject({ text: 'Edited', title: 'New' });
    expect(existsSync(file)).toBe(false);
    const emptied = await sendForm(world.app, author.access, 'PUT', `/api/posts/${post.id}/`, {
      text: '  ',
    });
    expect(emptied.statusCode).toBe(400);

    expect((await call('DELETE', `/api/posts/${post.id}/`, author.access)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/posts/${post.id}/`, author.access)).statusCode).toBe(404);
  });

  it('refuses empty text and files that are not images, storing nothing', async () => {
    const author = await createMemberWithProfile(world.app, { country: 'cy', ciudad: '' });
    const empty = await newPost(author.access, { text: ' \n ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ fields: Record<string, string> }>().fields.text).toBe(
      'Please write some text for your post.',
    );
    const notImage = await sendForm(
      world.app,
      author.access,
      'POST',
      '/api/posts/',
      { text: 'With a fake image' },
      {
        field: 'image',
        name: 'photo.png',
        type: 'image/png',
        data: Buffer.from('<?php echo "not an image"; ?>'),
      },
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json<{ code: string }>().code).toBe('invalid_image');
    expect((await feed(author.access, 'country=cy')).results).toEqual([]);
  });

  it('stores markup verbatim and returns it as text', async () => {
    const author = await createMemberWithProfile(world.app);
    const text = '<img src=x onerror="alert(1)"><script>alert(2)</script> & "quotes"';
    const post = (await newPost(author.access, { text, title: '<b>bold</b>' })).json<Post>();
    expect(post.text).toBe(text);
    expect(post.title).toBe('<b>bold</b>');
  });

  it('searches titles and texts, case-insensitively, 5 at a time', async () => {
    const author = await createMemberWithProfile(world.app);
    const word = `Zebrafish${Date.now()}`;
    for (let i = 1; i <= 6; i += 1)
      await newPost(author.access, { text: `About ${word.toLowerCase()} number ${i}` });
    await newPost(author.access, { title: `${word.toUpperCase()} in the title`, text: 'Nothing here' });
    await newPost(author.access, { text: 'Unrelated' });
    const first = (await call('GET', `/api/posts/search/?q=${word}`, author.access)).json<Page<Post>>();
    expect(first.results).toHaveLength(5);
    expect(first.next).toBe(`/api/posts/search/?q=${word}&limit=5&offset=5`);
    const second = (await call('GET', first.next ?? '', author.access)).json<Page<Post>>();
    expect(second.results).toHaveLength(2);
    expect(second.next).toBeNull();
    expect(
      (await call('GET', '/api/posts/search/?q=100%25_', author.access)).json<Page<Post>>().results,
    ).toEqual([]);
    expect((await call('GET', '/api/posts/search/?q=', author.access)).statusCode).toBe(400);
  });

  it('reads a feed page in the same number of queries with 5 or 50 posts', async () => {
    const author = await createMemberWithProfile(world.app, { country: 'lv', ciudad: '' });
    const readers = await Promise.all([1, 2].map(() => createMemberWithProfile(world.app)));
    const queriesFor = async (limit: number) => {
      const before = world.app.database.queryCount();
      const page = await feed(author.access, `limit=${limit}&country=lv`);
      return { queries: world.app.database.queryCount() - before, size: page.results.length };
    };
    const addPosts = async (count: number) => {
      for (let i = 0; i < count; i += 1) {
        const post = (await newPost(author.access, { text: `Counted ${i}` })).json<Post>();
        for (const reader of readers) {
          await call('POST', `/api/posts/${post.id}/like/`, reader.access);
          await call('POST', `/api/posts/${post.id}/comment/`, reader.access, { text: 'hi' });
        }
      }
    };
    await addPosts(5);
    const small = await queriesFor(5);
    await addPosts(45);
    const large = await queriesFor(50);
    expect(small.size).toBe(5);
    expect(large.size).toBe(50);
    expect(large.queries).toBe(small.queries);
    // The session check (account not suspended), the page of posts, their comments.
    expect(small.queries).toBeLessThanOrEqual(3);
  });

  it('hides the posts of a blocked member, both ways', async () => {
    const author = await createMemberWithProfile(world.app, { country: 'bg', ciudad: '' });
    const reader = await createMemberWithProfile(world.app);
    await newPost(author.access, { text: 'From Sofia' });
    expect((await feed(reader.access, 'country=bg')).results.map((post) => post.text)).toContain(
      'From Sofia',
    );
    await call('POST', `/api/bloqueos/${author.user.id}/`, reader.access);
    expect((await feed(reader.access, 'country=bg')).results).toEqual([]);
    const found = (await call('GET', '/api/posts/search/?q=From%20Sofia', author.access)).json<Page<Post>>();
    expect(found.results.map((post) => post.text)).toContain('From Sofia');
    await newPost(reader.access, { text: 'Reader in Sofia?' });
    expect(
      (await call('GET', '/api/posts/search/?q=Reader%20in%20Sofia', author.access)).json<Page<Post>>()
        .results,
    ).toEqual([]);
  });
});
