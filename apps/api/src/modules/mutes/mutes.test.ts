import { beforeAll, describe, expect, it } from 'vitest';
import {
  KEYWORD_FILTERS_MAX,
  type GalleryComment,
  type GalleryImageDetails,
  type KeywordFilter,
  type Mutes,
  type Notification,
  type Post,
} from '@juntos/domain';
import { communities, communityMembers } from '../../db/schema';
import { createMemberWithProfile, imageFile, makeFriends, sendForm } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { requestAs } from '../../test-support/requests';
import { testAppWithMembers } from '../../test-support/test-app-with-members';

/**
 * Issue 37 point 3: muting a member takes their posts and comments out of the muter's feed,
 * search, communities and notifications, tells nobody and changes nothing for anyone else;
 * muting a community keeps its posts out of the main feed only. Every path is asked here.
 */
describe('muting members and communities', () => {
  const world = testAppWithMembers({
    members: { muter: { nombre: 'Mara' }, loud: { nombre: 'Leo' }, bystander: { nombre: 'Bea' } },
  });
  let communityId: number;
  const stamp = Date.now().toString(36);
  beforeAll(async () => {
    await makeFriends(world.app, world.muter.user.id, world.loud.user.id);
    const [community] = await world.app.database.db
      .insert(communities)
      .values({ kind: 'topic', slug: `mutes-${stamp}`, name: { en: 'Carers', es: 'Cuidadores' } })
      .returning({ id: communities.id });
    communityId = community!.id;
    for (const member of [world.muter, world.loud, world.bystander])
      await world.app.database.db.insert(communityMembers).values({ communityId, userId: member.user.id });
  });

  const call = (who: Member, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
    requestAs(world.app, who.access, method, url, payload);
  const write = async (who: Member, text: string, url = '/api/posts/') =>
    (await sendForm(world.app, who.access, 'POST', url, { text })).json<Post>();
  const texts = async (who: Member, url: string) =>
    (await call(who, 'GET', url)).json<{ results: Post[] }>().results.map((post) => post.text);
  const feed = (who: Member) => texts(who, '/api/posts/?limit=50');
  const search = (who: Member) => texts(who, `/api/posts/search/?q=${stamp}`);
  const communityFeed = (who: Member) => texts(who, `/api/comunidades/${communityId}/publicaciones/`);
  const notifications = async (who: Member) =>
    (await call(who, 'GET', '/api/notificaciones/')).json<{ results: Notification[] }>().results;

  it('takes a muted member’s posts and comments out of the feed, search and communities, for the muter only', async () => {
    const loudPost = `Leo writes loudly ${stamp}`;
    const loudCommunityPost = `Leo in the community ${stamp}`;
    await write(world.loud, loudPost);
    await write(world.loud, loudCommunityPost, `/api/comunidades/${communityId}/publicaciones/`);
    const own = await write(world.muter, `Mara asks a question ${stamp}`);
    await call(world.loud, 'POST', `/api/posts/${own.id}/comment/`, { text: `Leo answers ${stamp}` });
    await call(world.bystander, 'POST', `/api/posts/${own.id}/comment/`, { text: `Bea answers ${stamp}` });

    expect(await call(world.muter, 'PUT', `/api/mutes/members/${world.loud.user.id}/`)).toMatchObject({
      statusCode: 204,
    });
    // Twice is the same as once.
    expect((await call(world.muter, 'PUT', `/api/mutes/members/${world.loud.user.id}/`)).statusCode).toBe(
      204,
    );

    for (const list of [await feed(world.muter), await search(world.muter), await communityFeed(world.muter)])
      expect(list.some((text) => text.startsWith('Leo'))).toBe(false);
    const mine = (await call(world.muter, 'GET', '/api/posts/?limit=50'))
      .json<{ results: Post[] }>()
      .results.find((post) => post.id === own.id);
    expect(mine?.comments.map((comment) => comment.text)).toEqual([`Bea answers ${stamp}`]);
    expect(mine?.comments_count).toBe(1);

    // Nobody else's view changes, the muted member's included: nothing tells them.
    expect(await feed(world.bystander)).toEqual(expect.arrayContaining([loudPost, loudCommunityPost]));
    expect(await search(world.bystander)).toContain(loudPost);
    expect(await communityFeed(world.bystander)).toContain(loudCommunityPost);
    expect(await feed(world.loud)).toContain(`Mara asks a question ${stamp}`);
    expect(
      (await notifications(world.loud)).some((item) =>
        item.actors.some((actor) => actor.id === world.muter.user.id),
      ),
    ).toBe(false);

    // Reversible: unmuted, everything comes back.
    expect((await call(world.muter, 'DELETE', `/api/mutes/members/${world.loud.user.id}/`)).statusCode).toBe(
      204,
    );
    expect(await feed(world.muter)).toEqual(expect.arrayContaining([loudPost, loudCommunityPost]));
    expect(await search(world.muter)).toContain(loudPost);
    expect(await communityFeed(world.muter)).toContain(loudCommunityPost);
  });

  it('silences a muted member’s likes and comments in the notifications, and hides those already there', async () => {
    const post = await write(world.muter, `Mara shares good news ${stamp}`);
    await call(world.loud, 'POST', `/api/posts/${post.id}/like/`);
    const fromLoud = (items: Notification[]) =>
      items.filter(
        (item) =>
          item.subject?.id === post.id && item.actors.some((actor) => actor.id === world.loud.user.id),
      );
    expect(fromLoud(await notifications(world.muter))).toHaveLength(1);

    await call(world.muter, 'PUT', `/api/mutes/members/${world.loud.user.id}/`);
    // The like already there is hidden, and a new comment makes none.
    expect(fromLoud(await notifications(world.muter))).toEqual([]);
    await call(world.loud, 'POST', `/api/posts/${post.id}/comment/`, { text: 'Congratulations!' });
    expect(fromLoud(await notifications(world.muter))).toEqual([]);
    // The unread count leaves them out too.
    const unread = (await call(world.muter, 'GET', '/api/notificaciones/sin-leer/')).json<{
      unread: number;
    }>();
    expect(unread.unread).toBe((await notifications(world.muter)).filter((item) => !item.read).length);
    // The bystander's like still arrives.
    await call(world.bystander, 'POST', `/api/posts/${post.id}/like/`);
    expect(
      (await notifications(world.muter)).some((item) =>
        item.actors.some((actor) => actor.id === world.bystander.user.id),
      ),
    ).toBe(true);
    await call(world.muter, 'DELETE', `/api/mutes/members/${world.loud.user.id}/`);
  });

  it('keeps a muted community’s posts out of the main feed only; its own page still shows them', async () => {
    const text = `Bea in the carers' community ${stamp}`;
    await write(world.bystander, text, `/api/comunidades/${communityId}/publicaciones/`);
    expect(await feed(world.muter)).toContain(text);
    expect((await call(world.muter, 'PUT', `/api/mutes/communities/${communityId}/`)).statusCode).toBe(204);
    expect(await feed(world.muter)).not.toContain(text);
    expect(await communityFeed(world.muter)).toContain(text);
    expect(await feed(world.bystander)).toContain(text);
    expect((await call(world.muter, 'DELETE', `/api/mutes/communities/${communityId}/`)).statusCode).toBe(
      204,
    );
    expect(await feed(world.muter)).toContain(text);
  });

  it('lists what the member muted, in their language, and only to them', async () => {
    await call(world.muter, 'PUT', `/api/mutes/members/${world.loud.user.id}/`);
    await call(world.muter, 'PUT', `/api/mutes/communities/${communityId}/`);
    const listed = await world.app.inject({
      method: 'GET',
      url: '/api/mutes/',
      headers: { authorization: `Bearer ${world.muter.access}`, 'accept-language': 'es' },
    });
    expect(listed.json<Mutes>()).toMatchObject({
      members: [{ id: world.loud.user.id, nombre: 'Leo' }],
      communities: [{ id: communityId, name: 'Cuidadores' }],
    });
    expect((await call(world.bystander, 'GET', '/api/mutes/')).json<Mutes>()).toEqual({
      members: [],
      communities: [],
      keywords: [],
    });
    expect((await world.app.inject({ method: 'GET', url: '/api/mutes/' })).statusCode).toBe(401);
    await call(world.muter, 'DELETE', `/api/mutes/members/${world.loud.user.id}/`);
    await call(world.muter, 'DELETE', `/api/mutes/communities/${communityId}/`);
  });

  it('refuses muting oneself, an unknown member, one out of reach and an unknown community, with a clear message', async () => {
    const self = await call(world.muter, 'PUT', `/api/mutes/members/${world.muter.user.id}/`);
    expect(self.statusCode).toBe(400);
    expect(self.json<{ error: string }>().error).toBe('You cannot do this with your own account.');
    expect((await call(world.muter, 'PUT', '/api/mutes/members/99999999/')).json()).toMatchObject({
      error: 'This profile does not exist or is not visible to you.',
    });
    // A member who blocked the muter is out of reach: answered as an unknown id.
    const blocker = await createMemberWithProfile(world.app, { nombre: 'Bruno' });
    await call(blocker, 'POST', `/api/bloqueos/${world.muter.user.id}/`);
    const blocked = await call(world.muter, 'PUT', `/api/mutes/members/${blocker.user.id}/`);
    expect(blocked.statusCode).toBe(404);
    expect(blocked.json<{ error: string }>().error).toBe(
      'This profile does not exist or is not visible to you.',
    );
    const community = await call(world.muter, 'PUT', '/api/mutes/communities/99999999/');
    expect(community.statusCode).toBe(404);
    expect(community.json<{ error: string }>().error).toBe('This community does not exist.');
    expect((await call(world.muter, 'PUT', '/api/mutes/members/abc/')).statusCode).toBe(400);
  });

  describe('keyword filters', () => {
    const filter = async (who: Member, phrase: string, action: 'hide' | 'warn') => {
      const added = await call(who, 'POST', '/api/mutes/keywords/', { phrase, action });
      expect(added.statusCode, added.body).toBe(201);
      return added.json<KeywordFilter>();
    };
    const remove = (who: Member, id: number) => call(who, 'DELETE', `/api/mutes/keywords/${id}/`);

    it('hides posts and comments holding a hidden phrase, in any case, from the feed, search and communities', async () => {
      const hard = `The PROGNOSIS was bad ${stamp}`;
      const hardInCommunity = `Another prognosis talk ${stamp}`;
      await write(world.loud, hard);
      await write(world.bystander, hardInCommunity, `/api/comunidades/${communityId}/publicaciones/`);
      const own = await write(world.muter, `Mara asks about treatment ${stamp}`);
      await call(world.bystander, 'POST', `/api/posts/${own.id}/comment/`, {
        text: 'Ask about the prognosis',
      });
      await call(world.loud, 'POST', `/api/posts/${own.id}/comment/`, { text: 'Good luck' });

      const hidden = await filter(world.muter, 'Prognosis', 'hide');
      for (const list of [
        await feed(world.muter),
        await search(world.muter),
        await communityFeed(world.muter),
      ])
        expect(list.filter((text) => /prognosis/i.test(text))).toEqual([]);
      const mine = (await call(world.muter, 'GET', '/api/posts/?limit=50'))
        .json<{ results: Post[] }>()
        .results.find((post) => post.id === own.id);
      expect(mine?.comments.map((comment) => comment.text)).toEqual(['Good luck']);
      expect(mine?.comments_count).toBe(1);
      // Only the filter's owner is spared them.
      expect(await feed(world.bystander)).toEqual(expect.arrayContaining([hard, hardInCommunity]));
      // Nor are the member's own words filtered: a filter keeps others' words away.
      const mine2 = `My own prognosis ${stamp}`;
      await write(world.muter, mine2);
      expect(await feed(world.muter)).toContain(mine2);

      expect((await remove(world.muter, hidden.id)).statusCode).toBe(204);
      expect(await feed(world.muter)).toEqual(expect.arrayContaining([hard, hardInCommunity]));
    });

    it('warns of a phrase instead when asked: the post and comment come with the phrase to open them by', async () => {
      const post = await write(world.loud, `Our hospice stay ${stamp}`);
      await call(world.bystander, 'POST', `/api/posts/${post.id}/comment/`, {
        text: 'Hospice nurses are kind',
      });
      const warned = await filter(world.muter, 'hospice', 'warn');
      const seen = (await call(world.muter, 'GET', '/api/posts/?limit=50'))
        .json<{ results: Post[] }>()
        .results.find((item) => item.id === post.id);
      expect(seen?.filter_warning).toBe('hospice');
      expect(seen?.comments[0]?.filter_warning).toBe('hospice');
      const bystanderView = (await call(world.bystander, 'GET', '/api/posts/?limit=50'))
        .json<{ results: Post[] }>()
        .results.find((item) => item.id === post.id);
      expect(bystanderView?.filter_warning).toBeNull();
      const ownPost = await write(world.muter, `I visited the hospice too ${stamp}`);
      const ownSeen = (await call(world.muter, 'GET', '/api/posts/?limit=50'))
        .json<{ results: Post[] }>()
        .results.find((item) => item.id === ownPost.id);
      expect(ownSeen?.filter_warning).toBeNull();
      // The same phrase again (in another case) changes its action instead of adding a second one.
      const changed = await filter(world.muter, 'HOSPICE', 'hide');
      expect(changed.id).toBe(warned.id);
      expect(await feed(world.muter)).not.toContain(`Our hospice stay ${stamp}`);
      await remove(world.muter, warned.id);
    });

    it('makes no notification of a comment holding a hidden phrase', async () => {
      const post = await write(world.muter, `Mara's update ${stamp}`);
      const hidden = await filter(world.muter, 'relapse', 'hide');
      await call(world.bystander, 'POST', `/api/posts/${post.id}/comment/`, {
        text: 'My relapse came in May',
      });
      await call(world.loud, 'POST', `/api/posts/${post.id}/comment/`, { text: 'So glad for you' });
      const about = (await notifications(world.muter)).filter((item) => item.subject?.id === post.id);
      expect(about.flatMap((item) => item.actors.map((actor) => actor.id))).toEqual([world.loud.user.id]);
      await remove(world.muter, hidden.id);
    });

    it('applies to comments on gallery pictures too: warned in the picture’s comments, and no notification of a hidden phrase', async () => {
      const picture = await sendForm(
        world.app,
        world.muter.access,
        'POST',
        '/api/gallery/images/',
        { title: `Our garden ${stamp}` },
        await imageFile(),
      );
      expect(picture.statusCode, picture.body).toBe(201);
      const pictureId = picture.json<{ id: number }>().id;
      const warned = await filter(world.muter, 'chemo', 'warn');
      const hidden = await filter(world.muter, 'seizure', 'hide');
      const comment = (text: string) =>
        call(world.loud, 'POST', `/api/gallery/images/${pictureId}/comment/`, { text });
      expect((await comment('Chemo week, but the roses are out')).statusCode).toBe(201);
      expect((await comment('A seizure last night, sorry to write it here')).statusCode).toBe(201);

      const comments = (await call(world.muter, 'GET', `/api/gallery/images/${pictureId}/comments/`)).json<
        GalleryComment[]
      >();
      expect(comments.map((item) => [item.content, item.filter_warning])).toEqual([
        ['Chemo week, but the roses are out', 'chemo'],
      ]);
      const details = (
        await call(world.muter, 'GET', `/api/gallery/images/${pictureId}/`)
      ).json<GalleryImageDetails>();
      expect(details.comments.map((item) => item.filter_warning)).toEqual(['chemo']);
      // The loud member's two comments notify of one: the one with the hidden phrase makes none.
      const about = (await notifications(world.muter)).filter(
        (item) => item.subject?.type === 'gallery_image' && item.subject.id === pictureId,
      );
      expect(about.map((item) => item.events)).toEqual([1]);
      await remove(world.muter, warned.id);
      await remove(world.muter, hidden.id);
    });

    it('refuses an empty phrase, an unknown action, one filter past the limit and someone else’s filter', async () => {
      const short = await call(world.muter, 'POST', '/api/mutes/keywords/', {
        phrase: ' a ',
        action: 'hide',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json<{ fields: Record<string, string> }>().fields).toEqual({
        phrase: 'Write a word or phrase of at least 2 characters.',
      });
      const action = await call(world.muter, 'POST', '/api/mutes/keywords/', {
        phrase: 'cancer',
        action: 'mute',
      });
      expect(Object.keys(action.json<{ fields: Record<string, string> }>().fields)).toEqual(['action']);

      const many = await createMemberWithProfile(world.app, { nombre: 'Nia' });
      for (let index = 0; index < KEYWORD_FILTERS_MAX; index += 1)
        await filter(many, `word ${index}`, 'hide');
      const past = await call(many, 'POST', '/api/mutes/keywords/', { phrase: 'one more', action: 'hide' });
      expect(past.statusCode).toBe(400);
      expect(past.json<{ fields: Record<string, string> }>().fields).toEqual({
        phrase: `You can keep at most ${KEYWORD_FILTERS_MAX} filters. Remove one first.`,
      });
      // Changing a phrase already filtered is still allowed at the limit.
      expect(
        (await call(many, 'POST', '/api/mutes/keywords/', { phrase: 'WORD 1', action: 'warn' })).statusCode,
      ).toBe(201);
      const listed = (await call(many, 'GET', '/api/mutes/')).json<Mutes>().keywords;
      expect(listed).toHaveLength(KEYWORD_FILTERS_MAX);

      const theirs = listed[0]!;
      const notMine = await remove(world.muter, theirs.id);
      expect(notMine.statusCode).toBe(404);
      expect(notMine.json<{ error: string }>().error).toBe('This filter does not exist or is not yours.');
      expect((await call(many, 'GET', '/api/mutes/')).json<Mutes>().keywords).toHaveLength(
        KEYWORD_FILTERS_MAX,
      );
    });
  });
});
