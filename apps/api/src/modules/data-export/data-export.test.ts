import { unzipSync, strFromU8 } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@juntos/domain';
import { eq } from 'drizzle-orm';
import { dataExports } from '../../db/schema';
import { connectChat } from '../../test-support/chat-client';
import {
  createMemberWithProfile,
  imageFile,
  makeFriends,
  putProfile,
  completeProfile,
  sendForm,
} from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Member = Awaited<ReturnType<typeof createMemberWithProfile>>;
type ExportState = {
  id: number;
  status: 'preparing' | 'ready' | 'failed';
  size_bytes: number | null;
  download: string | null;
};

/** Polls the member's copy until it is no longer being prepared. */
async function waitForCopy(app: FastifyInstance, access: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const state = (
      await app.inject({
        method: 'GET',
        url: '/api/mis-datos/exportacion/',
        headers: { authorization: `Bearer ${access}` },
      })
    ).json<{ export: ExportState }>().export;
    if (state.status !== 'preparing') return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the export stayed preparing');
}

describe('data portability (a copy of my data)', () => {
  let t: TestApp;
  let owner: Member;
  let friend: Member;
  let stranger: Member;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await createMemberWithProfile(t.app, { nombre: 'Olivia', bio: 'Owner bio' });
    friend = await createMemberWithProfile(t.app, { nombre: 'Fabio', bio: 'Friend secret bio' });
    stranger = await createMemberWithProfile(t.app, { nombre: 'Sven', bio: 'Stranger bio' });
    await makeFriends(t.app, owner.user.id, friend.user.id);
  });
  afterAll(async () => t.cleanup());

  const call = (method: 'GET' | 'POST', url: string, who?: Member, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { 'accept-language': 'en', ...(who ? { authorization: `Bearer ${who.access}` } : {}) },
      ...(payload ? { payload } : {}),
    });
  const waitReady = (who: Member, app: FastifyInstance = t.app) => waitForCopy(app, who.access);

  it('needs a signed-in member', async () => {
    expect((await call('GET', '/api/mis-datos/exportacion/')).statusCode).toBe(401);
    expect((await call('POST', '/api/mis-datos/exportacion/')).statusCode).toBe(401);
    expect((await call('GET', '/api/mis-datos/exportacion/1/archivo/')).statusCode).toBe(401);
  });

  it('contains the member’s profile, posts, comments, gallery, messages, friends and earnings, and nobody else’s data', async () => {
    await putProfile(
      t.app,
      owner.access,
      completeProfile({ nombre: 'Olivia', bio: 'Owner bio' }),
      await imageFile('photo'),
    );
    const own = (
      await sendForm(
        t.app,
        owner.access,
        'POST',
        '/api/posts/',
        { text: 'Owner post text' },
        await imageFile(),
      )
    ).json<Post>();
    const friendsPost = (
      await sendForm(t.app, friend.access, 'POST', '/api/posts/', { text: 'Friend post text' })
    ).json<Post>();
    await sendForm(t.app, stranger.access, 'POST', '/api/posts/', { text: 'Stranger post text' });
    await call('POST', `/api/posts/${friendsPost.id}/comment/`, owner, { text: 'Owner comment text' });
    await call('POST', `/api/posts/${own.id}/comment/`, friend, { text: 'Friend comment text' });
    await call('POST', `/api/posts/${friendsPost.id}/like/`, owner);
    await sendForm(
      t.app,
      owner.access,
      'POST',
      '/api/gallery/images/',
      { title: 'Owner gallery', description: 'At the beach' },
      await imageFile(),
    );
    await call('POST', '/api/monetizacion/activate/', owner, { consent: true });
    const chat = await connectChat(t.app, owner.access);
    chat.send({ receiver_id: friend.user.id, message: 'Owner says hello', temp_id: 'x1' });
    await chat.waitFor((frame) => frame.type === 'chat_message');
    await chat.close();

    const requested = await call('POST', '/api/mis-datos/exportacion/', owner);
    expect(requested.statusCode).toBe(202);
    expect(requested.json<{ export: ExportState }>().export.status).toBe('preparing');
    const ready = await waitReady(owner);
    expect(ready).toMatchObject({ status: 'ready' });
    expect(ready.size_bytes).toBeGreaterThan(0);

    const download = await call('GET', ready.download ?? '', owner);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="juntos-my-data-/);
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'README.txt',
        'account.json',
        'profile.json',
        'posts.json',
        'gallery.json',
        'messages.json',
        'friends.json',
        'monetization.json',
        'pictures/profile-photo.webp',
        `pictures/posts/${own.id}.webp`,
      ]),
    );
    expect(names.some((name) => name.startsWith('pictures/gallery/'))).toBe(true);
    const text = (name: string) => strFromU8(files[name] ?? new Uint8Array());
    const everything = names
      .filter((name) => name.endsWith('.json') || name.endsWith('.txt'))
      .map(text)
      .join('\n');

    expect(JSON.parse(text('account.json'))).toMatchObject({ account: { email: owner.email } });
    expect(text('profile.json')).toContain('Owner bio');
    expect(text('posts.json')).toContain('Owner post text');
    expect(text('posts.json')).toContain('Owner comment text');
    expect(text('gallery.json')).toContain('At the beach');
    expect(text('messages.json')).toContain('Owner says hello');
    expect(JSON.parse(text('friends.json'))).toMatchObject({
      friends: [expect.objectContaining({ member_id: friend.user.id, status: 'accepted' })],
    });
    expect(JSON.parse(text('monetization.json'))).toMatchObject({ account: { activated: true } });
    expect(text('README.txt')).toContain('messages.json');

    // Nothing of anyone else: not their posts, comments, profiles or addresses.
    for (const foreign of [
      'Friend post text',
      'Friend comment text',
      'Friend secret bio',
      'Stranger post text',
      'Stranger bio',
      friend.email,
      stranger.email,
    ])
      expect(everything, foreign).not.toContain(foreign);
    expect(everything).not.toMatch(/\$argon2|password_hash/);

    // The member is told, and nobody else can fetch the copy.
    const notices = (await call('GET', '/api/avisos/', owner)).json<{ kind: string }[]>();
    expect(notices.map((notice) => notice.kind)).toContain('export_ready');
    expect((await call('GET', ready.download ?? '', friend)).statusCode).toBe(404);
    expect((await call('GET', '/api/mis-datos/exportacion/', friend)).json()).toEqual({ export: null });
  });

  it('prepares one copy at a time and replaces the previous one', async () => {
    const first = (await call('POST', '/api/mis-datos/exportacion/', stranger)).json<{
      export: ExportState;
    }>().export;
    await waitReady(stranger);
    const next = (await call('POST', '/api/mis-datos/exportacion/', stranger)).json<{ export: ExportState }>()
      .export;
    expect(next.id).not.toBe(first.id);
    await waitReady(stranger);
    const old = await call('GET', `/api/mis-datos/exportacion/${first.id}/archivo/`, stranger);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ code: 'not_found' });

    // While a copy is being prepared, asking again answers that copy instead of starting another.
    const [preparing] = await t.app.database.db
      .insert(dataExports)
      .values({ userId: stranger.user.id })
      .returning({ id: dataExports.id });
    const again = (await call('POST', '/api/mis-datos/exportacion/', stranger)).json<{
      export: ExportState;
    }>().export;
    expect(again).toMatchObject({ id: preparing?.id, status: 'preparing' });

    // Left preparing by an instance that stopped: shown as failed after 15 minutes.
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await t.app.database.db
      .update(dataExports)
      .set({ createdAt: minutesAgo(16) })
      .where(eq(dataExports.userId, stranger.user.id));
    expect(await waitReady(stranger)).toMatchObject({ id: preparing?.id, status: 'failed' });
  });

  it('keeps a copy seven days', async () => {
    const member = await createMemberWithProfile(t.app);
    await call('POST', '/api/mis-datos/exportacion/', member);
    const ready = await waitReady(member);
    await t.app.database.db
      .update(dataExports)
      .set({ createdAt: new Date(Date.now() - 7 * 24 * 3_600_000 - 60_000) })
      .where(eq(dataExports.userId, member.user.id));
    expect((await call('GET', '/api/mis-datos/exportacion/', member)).json()).toEqual({ export: null });
    expect((await call('GET', ready.download ?? '', member)).statusCode).toBe(404);
  });

  it('allows five copies a day per member', async () => {
    const strict = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const member = await createMemberWithProfile(strict.app);
      const ask = () =>
        strict.app.inject({
          method: 'POST',
          url: '/api/mis-datos/exportacion/',
          headers: { authorization: `Bearer ${member.access}`, 'accept-language': 'en' },
        });
      for (let copy = 0; copy < 5; copy += 1) {
        expect((await ask()).statusCode).toBe(202);
        await waitReady(member, strict.app);
      }
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    } finally {
      await strict.cleanup();
    }
  });
});
