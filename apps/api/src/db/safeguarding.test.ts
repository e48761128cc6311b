import { communityPinPaths } from '@juntos/domain';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { approveMinor } from '../test-support/admins';
import { connectChat, settle } from '../test-support/chat-client';
import {
  createMemberWithProfile,
  createMinorWithProfile,
  createReviewedMinor,
  imageFile,
  makeFriends,
  sendForm,
} from '../test-support/profiles';
import type { Member } from '../test-support/profiles';
import { testAppWithMembers } from '../test-support/test-app-with-members';
import {
  adminAuditLog,
  communities,
  communityModerators,
  comments,
  friendships,
  posts,
  users,
} from './schema';
import { and, eq, or } from 'drizzle-orm';
import { requestAs } from '../test-support/requests';

/**
 * The safeguarding rule walked over every route (DESIGN.md "Safeguarding", issue 16).
 *
 * For each kind of viewer a fresh world is built around a reviewed minor, Tess: her post with a
 * comment, her gallery picture, a pending friend request from her friend Teo, and an accepted
 * friendship row between her and the viewer (as if made before a change of age group or a
 * block), so that only the safeguarding rule stands between them. Every check must refuse the
 * adult stranger, the member Tess blocked and the minor whose account nobody has reviewed yet,
 * and must let through a reviewed minor, the control without which the test could pass by
 * refusing everyone.
 *
 * Every route of the app appears below, either with checks or with the reason it reaches no
 * other member. A route added without a row fails the last test.
 */
describe('the safeguarding rule on every route', () => {
  // Named `shared`, not `world` as in other files: here `world(kind)` builds each viewer's own world.
  const shared = testAppWithMembers({ listening: true });

  let sequence = 0;

  const minor = (options: { reviewed: boolean; profile?: Record<string, string> }) =>
    options.reviewed
      ? createReviewedMinor(shared.app, options.profile)
      : createMinorWithProfile(shared.app, options.profile);

  const call = (
    viewer: Member,
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> => requestAs(shared.app, viewer.access, method, url, payload);

  type World = {
    tess: Member;
    teo: Member;
    viewer: Member;
    word: string;
    club: string;
    postId: number;
    viewerPostId: number;
    tessCommentId: number;
    imageId: number;
    requestId: number;
  };

  type Viewer =
    | 'adult stranger'
    | 'blocked member'
    | 'unreviewed minor'
    | 'reviewed minor'
    | 'adult member'
    | 'supporter Tess blocked'
    | 'supporter';
  /** The controls: viewers who must reach Tess, so the test cannot pass by refusing everyone. */
  const mayReachTess = (kind: Viewer) =>
    kind === 'reviewed minor' || kind === 'adult member' || kind === 'supporter';
  /**
   * Decision 0047: a supporter acting for an adult member who may reach Tess, with every
   * permission. Whom Tess and Teo blocked reaches neither through the member; a supporter nobody
   * blocked does (the control, which also proves the acting token opens each path).
   */
  const acting = (kind: Viewer) => kind === 'supporter Tess blocked' || kind === 'supporter';

  /** `member`, as seen through the acting token of a supporter they invited with every permission. */
  async function helpedBy(member: Member, supporter: Member): Promise<Member> {
    const invited = await call(member, 'POST', '/api/supporters/', {
      email: supporter.email,
      permissions: ['posts', 'messages', 'profile'],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const grantId = invited.json<{ id: number }>().id;
    expect((await call(supporter, 'POST', `/api/supporting/${grantId}/accept/`)).statusCode).toBe(200);
    const session = await call(supporter, 'POST', `/api/supporting/${grantId}/session/`);
    expect(session.statusCode, session.body).toBe(200);
    return { ...member, access: session.json<{ access: string }>().access };
  }

  /** A world in which only the safeguarding rule keeps the viewer from Tess. */
  async function world(kind: Viewer): Promise<World> {
    sequence += 1;
    const word = `zebrafinch${sequence}`;
    const club = `Club ${word}`;
    // For the adult control and the supporters, Tess and Teo are adults too.
    const adults = kind === 'adult member' || acting(kind);
    const tessProfile = { comunidad: club, nombre: 'Aaa' };
    const tess = adults
      ? await createMemberWithProfile(shared.app, tessProfile)
      : await minor({ reviewed: true, profile: tessProfile });
    const teo = adults ? await createMemberWithProfile(shared.app) : await minor({ reviewed: true });
    const member =
      kind === 'adult stranger' || adults
        ? await createMemberWithProfile(shared.app)
        : await minor({ reviewed: kind !== 'unreviewed minor' });
    const supporter = acting(kind) ? await createMemberWithProfile(shared.app) : undefined;
    const blocked =
      kind === 'blocked member' ? member : kind === 'supporter Tess blocked' ? supporter : undefined;
    if (blocked) {
      expect((await call(tess, 'POST', `/api/bloqueos/${blocked.user.id}/`)).statusCode).toBeLessThan(300);
      expect((await call(teo, 'POST', `/api/bloqueos/${blocked.user.id}/`)).statusCode).toBeLessThan(300);
    }
    const viewer = supporter ? await helpedBy(member, supporter) : member;
    await makeFriends(shared.app, tess.user.id, viewer.user.id);

    const post = await sendForm(shared.app, tess.access, 'POST', '/api/posts/', {
      title: `About ${word}`,
      text: `My day with ${word}`,
    });
    const postId = post.json<{ id: number }>().id;
    const viewerPost = await sendForm(shared.app, viewer.access, 'POST', '/api/posts/', { text: 'Hello' });
    const viewerPostId = viewerPost.json<{ id: number }>().id;
    if (!viewerPostId) throw new Error(`${viewerPost.statusCode} ${viewerPost.body}`);
    // Tess's comment under the viewer's post, as if written before the block or the change.
    const [comment] = await shared.app.database.db
      .insert(comments)
      .values({
        contentKind: 'post',
        contentId: viewerPostId,
        authorId: tess.user.id,
        text: `Comment ${word}`,
      })
      .returning();
    const image = await sendForm(
      shared.app,
      tess.access,
      'POST',
      '/api/gallery/images/',
      { title: 'Beach' },
      await imageFile(),
    );
    const imageId = image.json<{ id: number }>().id;
    // Teo asked the viewer to be friends before (the request is still pending).
    const [request] = await shared.app.database.db
      .insert(friendships)
      .values({ requesterId: teo.user.id, addresseeId: viewer.user.id })
      .returning();
    if (!comment || !request || !postId || !imageId)
      throw new Error(`world not built: ${post.body} ${image.body}`);
    return {
      tess,
      teo,
      viewer,
      word,
      club,
      postId,
      viewerPostId,
      tessCommentId: comment.id,
      imageId,
      requestId: request.id,
    };
  }

  const ids = (response: LightMyRequestResponse, key = 'results') =>
    ((response.json<Record<string, unknown>>()[key] as { id: number }[] | undefined) ?? []).map(
      (item) => item.id,
    );

  /** A community both Tess and the viewer joined, with a post of Tess's in it. */
  async function tessPostsInCommunity(w: World) {
    const [community] = await shared.app.database.db
      .insert(communities)
      .values({ kind: 'topic', slug: `${w.word}-feed-${Date.now()}`, name: { es: w.club } })
      .returning();
    if (!community) throw new Error('community not created');
    for (const who of [w.tess, w.viewer])
      expect((await call(who, 'POST', `/api/comunidades/${community.id}/unirse/`)).statusCode).toBe(200);
    const post = await sendForm(
      shared.app,
      w.tess.access,
      'POST',
      `/api/comunidades/${community.id}/publicaciones/`,
      {
        text: `In our community: ${w.word}`,
      },
    );
    if (post.statusCode !== 201) throw new Error(post.body);
    return { communityId: community.id, postId: post.json<{ id: number }>().id };
  }

  /** One check: true when the viewer reached Tess (or her content) through the route. */
  type Check = { route: string; what: string; reached: (w: World) => Promise<boolean> };

  const checks: Check[] = [
    {
      route: 'GET /api/posts/',
      what: "Tess's post in the feed",
      reached: async (w) => ids(await call(w.viewer, 'GET', '/api/posts/?limit=50')).includes(w.postId),
    },
    {
      route: 'GET /api/posts/',
      what: "Tess's comment under the viewer's own post",
      reached: async (w) => {
        const feed = (await call(w.viewer, 'GET', '/api/posts/?limit=50')).json<{
          results: { id: number; comments: { id: number }[]; comments_count: number }[];
        }>();
        const own = feed.results.find((post) => post.id === w.viewerPostId);
        return (
          (own?.comments.some((comment) => comment.id === w.tessCommentId) ?? false) ||
          own?.comments_count === 1
        );
      },
    },
    {
      route: 'GET /api/posts/search/',
      what: "Tess's post in post search",
      reached: async (w) =>
        ids(await call(w.viewer, 'GET', `/api/posts/search/?q=${w.word}`)).includes(w.postId),
    },
    {
      route: 'POST /api/posts/:id/like/',
      what: "a like on Tess's post",
      reached: async (w) => (await call(w.viewer, 'POST', `/api/posts/${w.postId}/like/`)).statusCode === 200,
    },
    {
      route: 'POST /api/posts/:id/comment/',
      what: "a comment on Tess's post",
      reached: async (w) =>
        (await call(w.viewer, 'POST', `/api/posts/${w.postId}/comment/`, { text: 'Add me on WhatsApp' }))
          .statusCode === 201,
    },
    {
      route: 'GET /api/gallery/images/',
      what: "Tess's gallery",
      reached: async (w) =>
        ids(await call(w.viewer, 'GET', `/api/gallery/images/?owner=${w.tess.user.id}`)).includes(w.imageId),
    },
    {
      route: 'GET /api/gallery/images/:id/',
      what: "Tess's picture",
      reached: async (w) =>
        (await call(w.viewer, 'GET', `/api/gallery/images/${w.imageId}/`)).statusCode === 200,
    },
    {
      route: 'GET /api/gallery/images/:id/comments/',
      what: "the comments on Tess's picture",
      reached: async (w) =>
        (await call(w.viewer, 'GET', `/api/gallery/images/${w.imageId}/comments/`)).statusCode === 200,
    },
    {
      route: 'POST /api/gallery/images/:id/like/',
      what: "a like on Tess's picture",
      reached: async (w) =>
        (await call(w.viewer, 'POST', `/api/gallery/images/${w.imageId}/like/`)).statusCode === 200,
    },
    {
      route: 'POST /api/gallery/images/:id/comment/',
      what: "a comment on Tess's picture",
      reached: async (w) =>
        (await call(w.viewer, 'POST', `/api/gallery/images/${w.imageId}/comment/`, { text: 'Nice' }))
          .statusCode === 201,
    },
    {
      route: 'GET /api/buscar/perfil/',
      what: 'Tess in member search',
      reached: async (w) =>
        (await call(w.viewer, 'GET', `/api/buscar/perfil/?comunidad=${encodeURIComponent(w.club)}`))
          .json<{ results: { id: number }[] }>()
          .results.some((result) => result.id === w.tess.user.id),
    },
    {
      route: 'GET /api/buscar/enfermedad/',
      what: 'Tess in disease search',
      reached: async (w) => {
        const answer = (await call(w.viewer, 'GET', '/api/buscar/enfermedad/?orphacode=558')).json<{
          results: { id: number }[];
          anywhere: boolean;
        }>();
        return answer.results.some((result) => result.id === w.tess.user.id);
      },
    },
    {
      route: 'GET /api/buscar/perfil/:id/',
      what: "Tess's profile",
      reached: async (w) =>
        (await call(w.viewer, 'GET', `/api/buscar/perfil/${w.tess.user.id}/`)).statusCode === 200,
    },
    {
      route: 'GET /api/comunidades/:id/miembros/',
      what: 'Tess in the member list of a community both joined (she chose to be listed)',
      reached: async (w) => {
        const [community] = await shared.app.database.db
          .insert(communities)
          .values({ kind: 'topic', slug: `${w.word}-${Date.now()}`, name: { es: w.club } })
          .returning();
        if (!community) throw new Error('community not created');
        for (const who of [w.tess, w.viewer])
          expect((await call(who, 'POST', `/api/comunidades/${community.id}/unirse/`)).statusCode).toBe(200);
        await call(w.tess, 'PUT', `/api/comunidades/${community.id}/membresia/`, { listed: true });
        return ids(await call(w.viewer, 'GET', `/api/comunidades/${community.id}/miembros/`)).includes(
          w.tess.user.id,
        );
      },
    },
    {
      route: 'GET /api/comunidades/:id/publicaciones/',
      what: "Tess's post in the feed of a community both joined",
      reached: async (w) => {
        const { communityId, postId } = await tessPostsInCommunity(w);
        return ids(await call(w.viewer, 'GET', `/api/comunidades/${communityId}/publicaciones/`)).includes(
          postId,
        );
      },
    },
    {
      route: 'GET /api/comunidades/:id/publicaciones/',
      what: "Tess's community post found by the search within the community",
      reached: async (w) => {
        const { communityId, postId } = await tessPostsInCommunity(w);
        const url = `/api/comunidades/${communityId}/publicaciones/?q=${w.word}`;
        return ids(await call(w.viewer, 'GET', url)).includes(postId);
      },
    },
    {
      route: 'GET /api/posts/',
      what: "Tess's post in a community both joined, in the viewer's main feed",
      reached: async (w) => {
        const { postId } = await tessPostsInCommunity(w);
        return ids(await call(w.viewer, 'GET', '/api/posts/?limit=50')).includes(postId);
      },
    },
    {
      route: 'POST /api/posts/:id/comment/',
      what: "a comment on Tess's post in a community both joined",
      reached: async (w) => {
        const { postId } = await tessPostsInCommunity(w);
        return (
          (await call(w.viewer, 'POST', `/api/posts/${postId}/comment/`, { text: 'Hi' })).statusCode === 201
        );
      },
    },
    {
      route: 'GET /api/amigos/',
      what: "Tess in the viewer's friends",
      reached: async (w) =>
        (await call(w.viewer, 'GET', '/api/amigos/'))
          .json<{ id: number }[]>()
          .some((friend) => friend.id === w.tess.user.id),
    },
    {
      route: 'GET /api/chat/friends/',
      what: "Tess in the chat's friend list",
      reached: async (w) => {
        const body = (await call(w.viewer, 'GET', '/api/chat/friends/')).json<unknown>();
        const list = (Array.isArray(body) ? body : ((body as { results?: unknown[] }).results ?? [])) as {
          id: number;
        }[];
        return list.some((friend) => friend.id === w.tess.user.id);
      },
    },
    {
      route: 'GET /ws/chat/',
      what: 'a chat message to Tess',
      reached: async (w) => {
        const socket = await connectChat(shared.app, w.viewer.access);
        try {
          socket.send({ receiver_id: w.tess.user.id, message: 'Hi', temp_id: `t-${w.word}` });
          const answer = await socket.waitFor(
            (frame) => frame.type === 'chat_message' || frame.type === 'error',
          );
          return answer.type === 'chat_message';
        } finally {
          await socket.close();
        }
      },
    },
    {
      route: 'GET /api/solicitudes/',
      what: "Teo's pending request in the viewer's list",
      reached: async (w) =>
        (await call(w.viewer, 'GET', '/api/solicitudes/'))
          .json<{ sender_id: number }[]>()
          .some((request) => request.sender_id === w.teo.user.id),
    },
    {
      route: 'GET /api/notificaciones/amistad/',
      what: "Teo's pending request in the viewer's count",
      reached: async (w) => {
        const body = (await call(w.viewer, 'GET', '/api/notificaciones/amistad/')).json<{
          pendientes: number;
        }>();
        return body.pendientes > 0;
      },
    },
    {
      route: 'POST /api/solicitudes/:id/aceptar/',
      what: "accepting Teo's request",
      reached: async (w) =>
        (await call(w.viewer, 'POST', `/api/solicitudes/${w.requestId}/aceptar/`)).statusCode < 300,
    },
    {
      route: 'POST /api/solicitudes/enviar/:id/',
      what: 'a friend request to Tess',
      reached: async (w) => {
        const pair = or(
          and(eq(friendships.requesterId, w.viewer.user.id), eq(friendships.addresseeId, w.tess.user.id)),
          and(eq(friendships.requesterId, w.tess.user.id), eq(friendships.addresseeId, w.viewer.user.id)),
        );
        await shared.app.database.db.delete(friendships).where(pair);
        return (await call(w.viewer, 'POST', `/api/solicitudes/enviar/${w.tess.user.id}/`)).statusCode < 300;
      },
    },
    ...moderatorChecks(),
  ];

  /**
   * A community the viewer moderates, with a post of Tess's and one of Teo's in it: a community
   * moderator is a member, and moderates their own age group's space only (issue 18).
   */
  async function viewerModerates(w: World) {
    const [community] = await shared.app.database.db
      .insert(communities)
      .values({ kind: 'topic', slug: `${w.word}-moderated-${Date.now()}`, name: { es: w.club } })
      .returning();
    if (!community) throw new Error('community not created');
    await shared.app.database.db
      .insert(communityModerators)
      .values({ communityId: community.id, userId: w.viewer.user.id });
    const [tessPost, teoPost] = await shared.app.database.db
      .insert(posts)
      .values([
        { authorId: w.tess.user.id, communityId: community.id, text: `Tess moderated ${w.word}` },
        { authorId: w.teo.user.id, communityId: community.id, text: `Teo moderated ${w.word}` },
      ])
      .returning();
    if (!tessPost || !teoPost) throw new Error('posts not created');
    return { communityId: community.id, tessPostId: tessPost.id, teoPostId: teoPost.id };
  }

  /** Reports `postId` as `reporter`; the report's id. */
  async function reportPost(reporter: Member, postId: number) {
    const reported = await call(reporter, 'POST', '/api/reportes/', {
      target_type: 'post',
      target_id: postId,
      reason: 'spam',
    });
    if (reported.statusCode !== 201) throw new Error(reported.body);
    return reported.json<{ id: number }>().id;
  }

  const queueOf = async (viewer: Member) =>
    ids(await call(viewer, 'GET', '/api/admin/reports/?status=open&limit=100'));

  /** The moderation routes a community moderator shares with administrators. */
  function moderatorChecks(): Check[] {
    return [
      {
        route: 'POST /api/comunidades/:id/publicaciones/:postId/fijar/',
        what: "Tess's post in a community the viewer moderates, pinned",
        reached: async (w) => {
          const { communityId, tessPostId } = await viewerModerates(w);
          return (
            (await call(w.viewer, 'POST', communityPinPaths.pin(communityId, tessPostId))).statusCode === 200
          );
        },
      },
      {
        route: 'POST /api/comunidades/:id/publicaciones/:postId/desfijar/',
        what: "Tess's pinned post in a community the viewer moderates, unpinned",
        reached: async (w) => {
          const { communityId, tessPostId } = await viewerModerates(w);
          await shared.app.database.db
            .update(posts)
            .set({ pinnedAt: new Date() })
            .where(eq(posts.id, tessPostId));
          return (
            (await call(w.viewer, 'POST', communityPinPaths.unpin(communityId, tessPostId))).statusCode ===
            200
          );
        },
      },
      {
        route: 'GET /api/admin/reports/',
        what: "Tess's reported community post in the queue of the viewer, its moderator",
        reached: async (w) => {
          const { tessPostId } = await viewerModerates(w);
          const reportId = await reportPost(w.teo, tessPostId);
          return (await queueOf(w.viewer)).includes(reportId);
        },
      },
      {
        route: 'GET /api/admin/reports/',
        what: "Tess's report of Teo's community post in the queue of the viewer, its moderator",
        reached: async (w) => {
          const { teoPostId } = await viewerModerates(w);
          const reportId = await reportPost(w.tess, teoPostId);
          return (await queueOf(w.viewer)).includes(reportId);
        },
      },
      {
        route: 'POST /api/admin/reports/:id/hide/',
        what: "Tess's reported community post hidden by the viewer, its moderator",
        reached: async (w) => {
          const { tessPostId } = await viewerModerates(w);
          const reportId = await reportPost(w.teo, tessPostId);
          return (await call(w.viewer, 'POST', `/api/admin/reports/${reportId}/hide/`)).statusCode === 200;
        },
      },
      {
        route: 'POST /api/admin/reports/:id/dismiss/',
        what: "A report of Tess's community post dismissed by the viewer, its moderator",
        reached: async (w) => {
          const { tessPostId } = await viewerModerates(w);
          const reportId = await reportPost(w.teo, tessPostId);
          return (await call(w.viewer, 'POST', `/api/admin/reports/${reportId}/dismiss/`)).statusCode === 200;
        },
      },
      {
        route: 'POST /api/admin/content/:type/:id/restore/',
        what: "Tess's hidden community post restored by the viewer, its moderator",
        reached: async (w) => {
          const { tessPostId } = await viewerModerates(w);
          await shared.app.database.db
            .update(posts)
            .set({ hiddenAt: new Date() })
            .where(eq(posts.id, tessPostId));
          // Hidden by the viewer as its moderator: a community moderator restores only such hides.
          await shared.app.database.db.insert(adminAuditLog).values({
            adminId: w.viewer.user.id,
            adminEmail: `viewer-${w.word}@example.org`,
            action: 'content.hide',
            targetType: 'post',
            targetId: String(tessPostId),
            details: { community_moderator: true },
          });
          return (
            (await call(w.viewer, 'POST', `/api/admin/content/post/${tessPostId}/restore/`)).statusCode ===
            200
          );
        },
      },
    ];
  }

  /** Routes that show no other member and let the caller reach nobody, and why. */
  const reachesNobody: Record<string, string> = {
    'GET /api/health/': 'public health check',
    'POST /api/notificaciones/baja/:token/':
      'stops e-mails to the account the signed token names; no one shown',
    // The API reference (plugins/route-schemas.ts): the same public document for everyone.
    'GET /api/openapi.json': 'public API description',
    'GET /api/docs': 'public API reference',
    'GET /api/docs/json': 'public API description',
    'GET /api/docs/yaml': 'public API description',
    'GET /api/docs/static/index.html': 'public API reference',
    'GET /api/docs/static/swagger-initializer.js': 'public API reference',
    'GET /api/docs/static/*': 'public API reference',
    'POST /api/register/': 'sign-up',
    'POST /api/activate/': 'own account',
    'POST /api/activate/resend/': 'own account',
    'POST /api/login/': 'own account',
    'POST /api/login/passkey/options/': 'a one-time challenge; no one shown',
    'POST /api/login/passkey/': 'own account',
    'POST /api/token/refresh/': 'own session',
    'POST /api/logout/': 'own session',
    'POST /api/auth/request-reset/': 'own account',
    'POST /api/auth/reset-confirm/': 'own account',
    'POST /api/change-password/': 'own account',
    'DELETE /api/delete-account/': 'own account',
    'GET /api/me': 'own account',
    'GET /api/profile/': 'own profile',
    'PUT /api/profile/': 'own profile',
    'POST /api/profile/intro-seen/': 'own profile',
    'GET /api/profile-tokenizado/': 'own functional profile',
    'PUT /api/profile-tokenizado/': 'own functional profile',
    'GET /api/recursos/orphacode_estado/': 'the disease catalogue',
    'GET /api/comunidades/': 'own communities and suggestions from own profile; counts, no one named',
    'GET /api/comunidades/buscar/': 'communities by name; counts, no one named',
    'GET /api/comunidades/enfermedad/:orphacode/':
      'a community: description and count; its host’s representatives (adults) only to viewers in their reach',
    'GET /api/comunidades/:id/':
      'a community: description and count; its host’s representatives (adults) only to viewers in their reach',
    'POST /api/comunidades/:id/unirse/': 'own membership',
    'POST /api/comunidades/:id/salir/': 'own membership',
    'PUT /api/comunidades/:id/membresia/': 'own listing choice',
    'POST /api/comunidades/:id/publicaciones/': 'own post in a community (members only)',
    'GET /api/comunidades/ajustes/': 'own settings',
    'PUT /api/comunidades/ajustes/': 'own settings',
    // Issue 35: hosted communities. A minor is never a representative (the accept and confirm
    // steps refuse them: hosts.test), and the adults an entry names pass mayReach.
    'GET /api/recursos/:kind/:id/':
      'a directory entry: its communities, and its confirmed representatives (adults) only to viewers in their reach',
    'POST /api/recursos/:kind/:id/representantes/':
      'sends an invitation to an address; the answer names no one',
    'GET /api/representantes/invitacion/:token/': 'own invitation: the organisation’s name',
    'POST /api/representantes/invitacion/:token/aceptar/': 'own invitation',
    'POST /api/representantes/:id/renunciar/': 'own role',
    'PUT /api/comunidades/:id/normas/': 'a community’s rules (its hosts); no one named',
    'POST /api/comunidades/:id/normas/aceptar/': 'own acceptance of the rules',
    'GET /api/nube-palabras/': 'an aggregate of at least 3 members, no one named',
    'POST /api/posts/': 'own post',
    'PUT /api/posts/:id/': 'own post (author only)',
    'DELETE /api/posts/:id/': 'own post (author only)',
    'POST /api/gallery/images/': 'own picture',
    'PATCH /api/gallery/images/:id/': 'own picture (owner only)',
    'DELETE /api/gallery/images/:id/': 'own picture (owner only)',
    'DELETE /api/solicitudes/cancelar/:id/': 'withdraws own request: protective',
    'DELETE /api/solicitudes/:id/rechazar/': 'refuses a request: protective',
    'DELETE /api/amigos/:id/': 'ends a friendship: protective',
    'GET /api/bloqueos/': 'own blocks',
    'POST /api/bloqueos/:id/': 'blocks someone: protective',
    'DELETE /api/bloqueos/:id/': 'own blocks',
    // Muting (issue 37): private to the muter; a member out of reach is refused as unknown
    // (modules/mutes/mutes.test.ts), and the list names muted members only while in reach.
    'GET /api/mutes/': 'own mutes and keyword filters; muted members named only while in reach',
    'PUT /api/mutes/members/:id/': 'mutes someone: private and protective; refused out of reach',
    'DELETE /api/mutes/members/:id/': 'own mutes',
    'PUT /api/mutes/communities/:id/': 'own main feed: a community’s posts kept out',
    'DELETE /api/mutes/communities/:id/': 'own main feed',
    'POST /api/mutes/keywords/': 'own keyword filters',
    'DELETE /api/mutes/keywords/:id/': 'own keyword filters',
    // Supporters (modules/supporters/supporters.test.ts): grants name only the two people in them;
    // accepting needs the invited address and the safeguarding rule of both.
    'GET /api/supporters/': 'own grants: the people the member invited, by the name they accepted with',
    'POST /api/supporters/': 'invites an address by e-mail; names nobody',
    'PATCH /api/supporters/:id/': 'own grants',
    'DELETE /api/supporters/:id/': 'own grants: ends one at once',
    'GET /api/supporters/activity/':
      'own activity list: what the member’s own supporters did, by the name they accepted with',
    'GET /api/supporting/': 'grants held, and invitations to the caller’s own address',
    'POST /api/supporting/:id/accept/': 'only the invited address, adults, within reach of each other',
    'DELETE /api/supporting/:id/': 'own grants held or invitations to the caller’s address',
    'POST /api/supporting/:id/session/':
      'an acting token for a member the caller helps now (an active grant, reach checked at acceptance and ended by a block)',
    // Translation (modules/translation/translation.test.ts) names nobody: a text the reader sends, back in their language.
    'GET /api/translations/': 'whether the site has a translation server; names nobody',
    'POST /api/translations/': 'translates a text the reader sends; names nobody, stores nothing',
    'POST /api/reportes/': 'reports to the moderators: protective',
    'GET /api/chat/no-leidos/': 'own inbox: counts of messages already received',
    'POST /api/chat/marcar-leidos/:id/': 'own inbox',
    'GET /api/chat/exmiembros/': 'own inbox: conversations with erased members, by label, no one named',
    'GET /api/chat/exmiembros/:label/': "own copy of a former member's messages (evidence), no sender id",
    'POST /api/chat/exmiembros/:label/marcar-leidos/': 'own inbox',
    'GET /api/chat/historial/:friendId/':
      "the member's own copy of a conversation (evidence they may report); a supporter reads it only with someone both may reach (acting.test)",
    'DELETE /api/chat/borrar-mensajes/': 'hides own copy of conversations',
    'GET /api/chat/ajustes/': 'own settings',
    'PUT /api/chat/ajustes/': 'own settings',
    'GET /api/avisos/': 'own notices from the moderators',
    'GET /api/notificaciones/':
      'own notifications; the members named pass the rule (notifications.test: a blocked member is not named)',
    'GET /api/notificaciones/sin-leer/': 'own notifications: a count',
    'POST /api/notificaciones/:id/leida/': 'own notifications',
    'POST /api/notificaciones/leidas/': 'own notifications',
    'GET /api/notificaciones/ajustes/': 'own settings',
    'PUT /api/notificaciones/ajustes/': 'own settings',
    'GET /api/notificaciones/push/clave/': 'the deployment’s public push key',
    'GET /api/notificaciones/dispositivos/': 'own devices',
    'POST /api/notificaciones/dispositivos/': 'own devices',
    'DELETE /api/notificaciones/dispositivos/:id/': 'own devices',
    'GET /api/passkeys/': 'own passkeys',
    'POST /api/passkeys/options/': 'own passkeys',
    'POST /api/passkeys/': 'own passkeys',
    'DELETE /api/passkeys/:id/': 'own passkeys',
    'GET /api/symbol-phrases/': 'own symbol-board phrases',
    'POST /api/symbol-phrases/': 'own symbol-board phrases',
    'DELETE /api/symbol-phrases/:id/': 'own symbol-board phrases',
    'POST /api/avisos/:id/leido/': 'own notices',
    'GET /api/mis-datos/exportacion/': 'own data copy',
    'POST /api/mis-datos/exportacion/': 'own data copy',
    'GET /api/mis-datos/exportacion/:id/archivo/': 'own data copy',
    'GET /api/monetizacion/status/': 'own earnings',
    'POST /api/monetizacion/activate/': 'own earnings',
    'DELETE /api/monetizacion/activate/': 'own earnings',
    'GET /api/monetizacion/profile/': 'own earnings',
    'POST /api/monetizacion/profile/': 'own earnings',
    'POST /api/monetizacion/withdrawals/': 'own earnings',
    'GET /api/monetizacion/withdrawals/history/': 'own earnings',
    'GET /api/ads/stats/': 'own earnings',
    'GET /api/ads/slot/': 'advertising',
    'POST /api/ads/impressions/': 'advertising',
    'GET /api/recursos/asociaciones/': 'the resource directory',
    'GET /api/recursos/centros/': 'the resource directory',
    'GET /api/recursos/proyectos/': 'the resource directory',
    'GET /api/investigacion/consentimiento/': 'own research consent',
    'PUT /api/investigacion/consentimiento/': 'own research consent',
    'DELETE /api/investigacion/consentimiento/': 'own research consent',
    'GET /api/investigacion/para-ti/':
      'own matches: directory entries; a calling project’s representatives (adults) only to viewers in their reach',
    'GET /api/investigacion/proyectos/:id/alcance/':
      'a project’s reach for its representatives (adults): counts in bands from 10, no one named (research-reach.test)',
    'POST /api/investigacion/proyectos/:id/llamada/':
      'a project’s call for participants, sent as a notification that names no one',
    'DELETE /api/investigacion/proyectos/:id/llamada/':
      'withdraws a project’s call (its representatives, administrators): answers the project’s banded counts, no one named',
    'GET /locales/:lng/:file': 'translations',
    'GET /enfermedades/:file': 'the disease catalogue',
    'GET /img/*': "the site's own pictures",
    'GET /media/*': 'public pictures; private ones need a signed link (static-content tests)',
  };

  const kinds: Viewer[] = [
    'adult stranger',
    'blocked member',
    'unreviewed minor',
    'reviewed minor',
    'adult member',
    'supporter Tess blocked',
    'supporter',
  ];
  /** The paths a supporter may take at all: the rest refuse every acting token (acting-routes.test). */
  const openToSupporters = () =>
    new Set([
      'GET /ws/chat/',
      ...shared.app.routeTable
        .filter((route) => route.supporterScope !== undefined)
        .map((route) => `${route.method} ${route.url}`),
    ]);
  for (const kind of kinds) {
    const title = acting(kind)
      ? mayReachTess(kind)
        ? 'lets a supporter acting for an adult member reach an adult on every path open to them (control)'
        : 'keeps a supporter whom an adult blocked from her on every path, though the member they help reaches her'
      : mayReachTess(kind)
        ? `lets a ${kind} reach a member of the same group on every path (control)`
        : `keeps a ${kind} from a reviewed minor on every path`;
    it(title, async () => {
      const w = await world(kind);
      const outcomes: string[] = [];
      const open = openToSupporters();
      for (const check of checks.filter((check) => !acting(kind) || open.has(check.route))) {
        const reached = await check.reached(w);
        if (reached !== mayReachTess(kind))
          outcomes.push(`${check.route}: ${check.what} → ${reached ? 'reached' : 'refused'}`);
      }
      expect(outcomes, `unexpected outcomes for the ${kind}`).toEqual([]);
    });
  }

  it('tells an unreviewed minor plainly why nobody is visible, and releases them after the review', async () => {
    const waiting = await minor({ reviewed: false });
    const me = (await call(waiting, 'GET', '/api/me')).json<{
      minor_review_pending: boolean;
      age_group: string;
    }>();
    expect(me).toMatchObject({ minor_review_pending: true, age_group: 'minor' });
    const friend = await minor({ reviewed: true });
    const refused = await call(waiting, 'POST', `/api/solicitudes/enviar/${friend.user.id}/`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'minor_review_pending' });
    await approveMinor(shared.app, waiting.user.id);
    expect((await call(waiting, 'GET', '/api/me')).json()).toMatchObject({ minor_review_pending: false });
    expect((await call(waiting, 'POST', `/api/solicitudes/enviar/${friend.user.id}/`)).statusCode).toBe(201);
  });

  it('tells a refusal only to a member the rule still lets through', async () => {
    const mia = await minor({ reviewed: true });
    const teo = await minor({ reviewed: true });
    const ana = await minor({ reviewed: true });
    const teoSocket = await connectChat(shared.app, teo.access);
    const anaSocket = await connectChat(shared.app, ana.access);
    try {
      const rejected = (frame: Record<string, unknown>) =>
        frame.type === 'notification' && (frame.data as { type?: string }).type === 'friend_request_rejected';
      // Control: a reachable requester hears of the refusal.
      await call(ana, 'POST', `/api/solicitudes/enviar/${mia.user.id}/`);
      const fromAna = (await call(mia, 'GET', '/api/solicitudes/')).json<{ id: number }[]>()[0];
      await call(mia, 'DELETE', `/api/solicitudes/${fromAna?.id}/rechazar/`);
      await anaSocket.waitFor(rejected);
      // Teo asked, then turned out to be an adult: the refusal (with Mia's name) is not told.
      await call(teo, 'POST', `/api/solicitudes/enviar/${mia.user.id}/`);
      await shared.app.database.db.update(users).set({ ageGroup: 'adult' }).where(eq(users.id, teo.user.id));
      const [pending] = await shared.app.database.db
        .select()
        .from(friendships)
        .where(and(eq(friendships.requesterId, teo.user.id), eq(friendships.addresseeId, mia.user.id)));
      expect(
        (await call(mia, 'DELETE', `/api/solicitudes/${pending?.id}/rechazar/`)).statusCode,
      ).toBeLessThan(300);
      await settle();
      expect(teoSocket.frames.filter(rejected)).toEqual([]);
    } finally {
      await teoSocket.close();
      await anaSocket.close();
    }
  });

  it('has a row for every route of the app', () => {
    const covered = new Set([...checks.map((check) => check.route), ...Object.keys(reachesNobody)]);
    const missing = shared.app.routeTable
      .filter((route) => route.method !== 'HEAD')
      // The built web app's own files (registered one route each when a build exists).
      .filter((route) => /^\/(api|ws|media|locales|img|enfermedades)\//.test(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !route.startsWith('GET /api/admin/') && !/ \/api\/admin\//.test(route))
      .filter((route) => !route.includes('/api/__test__/'))
      .filter((route) => !covered.has(route));
    // Administrators' routes answer 401/403 to members (tested in the admin and moderation suites).
    expect(missing).toEqual([]);
  });
});
