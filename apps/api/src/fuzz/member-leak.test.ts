import { birthDateBounds, todayIso } from '@juntos/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, communities, friendships, profiles } from '../db/schema';
import type { RouteEntry } from '../plugins/route-table';
import { createActiveMember, minorPayload, STRONG_PASSWORD } from '../test-support/accounts';
import { approveMinor } from '../test-support/admins';
import {
  completeProfile,
  imageFile,
  makeFriends,
  photoFile,
  putProfile,
  sendForm,
} from '../test-support/profiles';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { eq } from 'drizzle-orm';

/**
 * Issue 32: no route hands a member's identity to someone the reach rule keeps them from.
 *
 * Two reviewed minors carry canary values: unique words in their names, city, bio, posts,
 * comments, gallery titles and chat messages, a unique e-mail and phone, and the folder of their
 * photos (`users/<id>/`). Four callers who may not see the first minor (and, but for the blocked
 * member, the second) call every operation of the route table (read from the app, never a hand
 * list) with every id of the seed: an adult stranger, a fresh account without a profile, a minor
 * whose account nobody has reviewed yet, and a reviewed minor the first minor blocked. GETs and
 * every state-changing method go out with a minimal valid body built from the route's own
 * schema. Any canary in an answer's body or headers fails the test with the route named.
 *
 * The control: the first minor's friend (a reviewed minor) does find the canaries, so the test
 * cannot pass by a server that answers nobody.
 */

type Session = { id: number; email: string; password: string; access: string };
type Caller = { label: string; session: Session; forbidden: string[] };
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
};
type Operation = {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const ONE = 'qzoneleak';
const TWO = 'qztwoleak';
const PHONE_ONE = '+34611987001';
const PHONE_TWO = '+34611987002';

/** A value that satisfies one JSON schema node, with `id` wherever a number or id goes. */
function minimalValue(schema: JsonSchema | undefined, name: string, id: number): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const nonNull = variants.find((variant) => variant.type !== 'null') ?? variants[0];
    return minimalValue(nonNull, name, id);
  }
  if (schema.allOf?.length) return minimalValue(Object.assign({}, ...schema.allOf) as JsonSchema, name, id);
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  switch (type ?? 'string') {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) value[key] = minimalValue(schema.properties?.[key], key, id);
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => minimalValue(schema.items, name, id));
    case 'integer':
    case 'number':
      return Math.max(id, schema.minimum ?? id);
    case 'boolean':
      return true;
    default: {
      if (schema.format === 'email' || name.includes('email')) return 'leak-probe@example.org';
      if (schema.format === 'date' || name.includes('date')) return '2000-01-01';
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.org/';
      if (/(^|_)id$/.test(name)) return String(id);
      const text = 'Leak probe';
      const length = Math.max(schema.minLength ?? 1, text.length);
      return (schema.maxLength !== undefined ? text.slice(0, schema.maxLength) : text).padEnd(
        Math.min(length, schema.maxLength ?? length),
        'x',
      );
    }
  }
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');
const expand = (url: string, value: string) => url.replace(/:[A-Za-z_]+|\*/g, value);

describe('no route reveals a member to someone the reach rule keeps them from (issue 32)', () => {
  let t: TestApp;
  let callers: Caller[];
  let friendOfOne: Session;
  let ids: number[];
  let stringParams: string[];
  let operations: Record<string, Record<string, Operation>>;
  let photoOne: string;

  const headers = (session?: Session) => ({
    'accept-language': 'en',
    ...(session ? { authorization: `Bearer ${session.access}` } : {}),
  });

  async function account(payload: Record<string, unknown>): Promise<Session> {
    const created = await createActiveMember(t.app, payload);
    return { id: created.user.id, email: created.email, password: created.password, access: created.access };
  }

  async function minor(word: string, phone: string, reviewed: boolean) {
    const session = await account(
      minorPayload({ email: `${word}-${Date.now()}@example.org`, telefono: phone }),
    );
    const saved = await putProfile(
      t.app,
      session.access,
      completeProfile({
        nombre: word === ONE || word === TWO ? `${word[0]?.toUpperCase()}${word.slice(1)}` : 'Nina',
        apellidos: `${word}apellido`,
        comunidad: `${word}club`,
        bio: `${word} bio`,
        date_of_birth: birthDateBounds('menor', todayIso()).max,
      }),
      await photoFile(),
    );
    if (saved.statusCode !== 200) throw new Error(saved.body);
    if (reviewed) await approveMinor(t.app, session.id);
    return session;
  }

  /** Signs the caller in again when a route ended their session (logout, password change). */
  async function keepSignedIn(session: Session) {
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: headers(session) });
    if (me.statusCode !== 401) return;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: session.email, password: session.password },
    });
    if (login.statusCode !== 200) throw new Error(`could not sign ${session.email} in again: ${login.body}`);
    session.access = login.json<{ access: string }>().access;
  }

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'error' });

    const one = await minor(ONE, PHONE_ONE, true);
    const two = await minor(TWO, PHONE_TWO, true);
    const blocked = await minor('blockedkid', '+34611987003', true);
    await makeFriends(t.app, one.id, two.id);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/bloqueos/${blocked.id}/`, headers: headers(one) }))
        .statusCode,
    ).toBeLessThan(300);

    const post = await sendForm(
      t.app,
      one.access,
      'POST',
      '/api/posts/',
      { title: `${ONE} title`, text: `${ONE} post` },
      await imageFile(),
    );
    const postId = post.json<{ id: number }>().id;
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/comment/`,
      headers: headers(two),
      payload: { text: `${TWO} comment` },
    });
    expect(comment.statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: `/api/posts/${postId}/like/`, headers: headers(two) });
    const image = await sendForm(
      t.app,
      one.access,
      'POST',
      '/api/gallery/images/',
      { title: `${ONE} gallery` },
      await imageFile(),
    );
    const imageId = image.json<{ id: number }>().id;
    const [message] = await t.app.database.db
      .insert(chatMessages)
      .values({ senderId: one.id, receiverId: two.id, message: `${ONE} chat` })
      .returning();
    const [community] = await t.app.database.db
      .insert(communities)
      .values({ kind: 'topic', slug: 'leak-test-club', name: { en: 'Leak test club' } })
      .returning();
    if (!community || !message || !postId || !imageId) throw new Error('seed incomplete');
    for (const member of [one, two])
      await t.app.inject({
        method: 'POST',
        url: `/api/comunidades/${community.id}/unirse/`,
        headers: headers(member),
      });
    const [request] = await t.app.database.db
      .insert(friendships)
      .values({ requesterId: one.id, addresseeId: blocked.id })
      .returning();

    const stranger = await account({});
    await putProfile(t.app, stranger.access, completeProfile());
    const withoutProfile = await account({});
    const unreviewed = await minor('unreviewedkid', '+34611987004', false);
    friendOfOne = two;

    const [photo] = await t.app.database.db
      .select({ key: profiles.photoKey })
      .from(profiles)
      .where(eq(profiles.userId, one.id));
    photoOne = photo?.key ?? '';
    expect(photoOne).not.toBe('');

    const canariesOf = (word: string, session: Session, phone: string) => [
      word,
      session.email,
      phone,
      `users/${session.id}/`,
    ];
    const forbiddenOne = canariesOf(ONE, one, PHONE_ONE);
    const forbiddenBoth = [...forbiddenOne, ...canariesOf(TWO, two, PHONE_TWO)];
    callers = [
      { label: 'an adult stranger', session: stranger, forbidden: forbiddenBoth },
      { label: 'a fresh account without a profile', session: withoutProfile, forbidden: forbiddenBoth },
      { label: 'a minor awaiting review', session: unreviewed, forbidden: forbiddenBoth },
      { label: 'a member the minor blocked', session: blocked, forbidden: forbiddenOne },
    ];

    ids = [
      ...new Set([
        one.id,
        two.id,
        blocked.id,
        stranger.id,
        withoutProfile.id,
        unreviewed.id,
        postId,
        imageId,
        message.id,
        community.id,
        request?.id ?? 0,
        comment.json<{ id: number }>().id,
      ]),
    ].filter((id) => id > 0);
    stringParams = [community.slug ?? '', '558'];
    const document = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    operations = document.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
  }, 600_000); // a hang guard: four members with photos, posts and a gallery, beside another suite
  afterAll(async () => t?.cleanup());

  const leaks = (response: LightMyRequestResponse, forbidden: string[]) => {
    const seen = `${JSON.stringify(response.headers)}\n${response.body}`.toLowerCase();
    return forbidden.filter((canary) => seen.includes(canary.toLowerCase()));
  };

  async function request(route: RouteEntry, url: string, id: number, session?: Session) {
    const operation = operations[openApiPath(route.url)]?.[route.method.toLowerCase()];
    const content = operation?.requestBody?.content ?? {};
    const base = { method: route.method as 'GET', url, headers: headers(session) };
    if (route.method === 'GET' || route.method === 'HEAD' || route.method === 'DELETE')
      return t.app.inject(base);
    const multipart = content['multipart/form-data']?.schema;
    if (multipart && session) {
      const fields = minimalValue(multipart, 'form', id) as Record<string, unknown>;
      const textFields = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => typeof value !== 'object'),
      ) as Record<string, string>;
      return sendForm(t.app, session.access, route.method as 'POST', url, textFields);
    }
    const json = content['application/json']?.schema;
    return t.app.inject({ ...base, payload: (json ? minimalValue(json, 'body', id) : {}) as object });
  }

  it('the control: the minor’s friend finds the canaries', async () => {
    const feed = await t.app.inject({ method: 'GET', url: '/api/posts/', headers: headers(friendOfOne) });
    expect(feed.body.toLowerCase()).toContain(ONE);
  });

  it('a minor’s photo is never served at its bare address', async () => {
    const bare = await t.app.inject({ method: 'GET', url: `/media/${photoOne}` });
    expect(bare.statusCode).not.toBe(200);
    // The friend is handed a signed address that works.
    const feed = await t.app.inject({ method: 'GET', url: '/api/posts/', headers: headers(friendOfOne) });
    const signed = new RegExp(`/media/${photoOne.replace(/\//g, '\\/').replace(/\./g, '\\.')}\\?[^"]+`).exec(
      feed.body,
    )?.[0];
    expect(signed).toBeDefined();
    const served = await t.app.inject({ method: 'GET', url: signed ?? '' });
    expect(served.statusCode).toBe(200);
  });

  it('every operation, every seed id, four callers: no canary in any answer', async () => {
    // The web app's built files (`/assets/…`, a route per file, 1,500 of them) are the same bytes
    // for everyone, written before any member existed: walking them four times over took most of
    // this test's time and could find nothing.
    const routes = t.app.routeTable.filter(
      (route) => !route.websocket && route.method !== 'OPTIONS' && !route.url.startsWith('/assets/'),
    );
    const found: string[] = [];
    let calls = 0;
    const lists = routes.filter((route) => route.method === 'GET' && !/:[A-Za-z_]+|\*/.test(route.url));
    async function walk(phase: RouteEntry[], when = '') {
      for (const route of phase) {
        const hasParams = /:[A-Za-z_]+|\*/.test(route.url);
        const values = hasParams ? [...ids.map(String), ...stringParams] : [''];
        for (const caller of callers) {
          for (const value of values) {
            const url = hasParams ? expand(route.url, value) : route.url;
            const response = await request(route, url, Number(value) || ids[0] || 1, caller.session);
            calls += 1;
            // The test-only crash route answers 500 on purpose (the error handler's test).
            if (response.statusCode >= 500 && !route.url.startsWith('/api/__test__/'))
              found.push(`${route.method} ${url}${when} as ${caller.label}: ${response.statusCode}`);
            const leaked = leaks(response, caller.forbidden);
            if (leaked.length)
              found.push(
                `${route.method} ${route.url} (${url}${when}) as ${caller.label}: ${leaked.join(', ')}`,
              );
          }
          // Only a state change ends a session (logout, a password change): a read needs no check.
          if (route.method !== 'GET' && route.method !== 'HEAD') await keepSignedIn(caller.session);
        }
      }
    }
    // Deletions last, and the lists read again after each phase: what a state change of the walk
    // made (a block, a request, a join) must not surface in a list either.
    await walk(routes.filter((route) => route.method !== 'DELETE'));
    await walk(lists, ', after the changes');
    await walk(routes.filter((route) => route.method === 'DELETE'));
    await walk(lists, ', after the deletions');
    // Served files: the bare address of the minor's photo, without a session and with each caller's.
    for (const session of [undefined, ...callers.map((caller) => caller.session)]) {
      const media = await t.app.inject({
        method: 'GET',
        url: `/media/${photoOne}`,
        headers: headers(session),
      });
      if (media.statusCode === 200)
        found.push(`GET /media/${photoOne} served to ${session?.email ?? 'nobody'}`);
    }
    expect(calls).toBeGreaterThan(1000);
    expect(found).toEqual([]);
    // A guard against a hang, not a speed check: the walk takes about 12 s alone, and a run with
    // both heavy tiers of two suites on the two cores is ten times slower.
  }, 600_000);

  // The walk above must not have signed anyone out for good.
  it('callers still hold a session after the walk', async () => {
    for (const caller of callers) {
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: headers(caller.session) });
      expect(me.statusCode, caller.label).toBe(200);
    }
    expect(STRONG_PASSWORD).toBeTruthy();
  });
});
