import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_FRAME_LIMIT } from '../realtime/socket-gateway';
import type { RouteEntry } from '../plugins/route-table';
import { createActiveMember } from '../test-support/accounts';
import { makeAdmin } from '../test-support/admins';
import { connectChat, type ChatClient, type Frame } from '../test-support/chat-client';
import { createMemberWithProfile, imageFile, makeFriends, sendForm } from '../test-support/profiles';
import { createListeningTestApp, createTestApp, type TestApp } from '../test-support/test-app';

/**
 * Property-based fuzzing of every route in Fastify's route table: hostile bodies, queries, ids and
 * content types, with and without a valid token. Whatever arrives, the answer is never a 5xx, every
 * error is the JSON of DESIGN.md ({error, code}), and the server is healthy afterwards.
 * FUZZ_RUNS raises the number of requests (10,000 by default); FUZZ_SEED replays a failing run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** Field names the schemas know, so hostile values reach the handlers and not only the validators. */
const KNOWN_FIELDS = (
  'text title description descripcion image_alt remove_image remove_photo email password ' +
  'current_password new_password code refresh token language nombre apellidos bio country ' +
  'pais ciudad comunidad date_of_birth enfermedad orphacode habla movilidad telefono ' +
  'tipo_registro nombre_tutor relacion_tutor acepta_mayoria_edad ' +
  'acepta_politica_funcionamiento acepta_responsabilidad_menor target_type target_id reason ' +
  'message status notes payment_method blockchain_network tokens key list sections answers ' +
  'age_group action temp_id confirmation last_update id a b limit offset q __proto__ ' +
  'constructor'
).split(' ');
const QUERY_KEYS = (
  'q limit offset country pais ciudad age edad_min edad_max orphacode status token lang t ' +
  'page enfermedad habla movilidad kind'
).split(' ');
const NASTY_STRINGS = [
  '',
  ' ',
  '\0',
  'a\0b',
  '\u0000\u0000',
  '\ud800',
  'x\udfff',
  '\udfff\ud800',
  '\ufffd',
  '😀',
  'ñandú',
  'Ελληνικά',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  'a'.repeat(5000),
  '1e0',
  '-1',
  '0',
  '1',
  '2147483648',
  '9007199254740993',
  '1e400',
  'NaN',
  'Infinity',
  'true',
  'null',
  '[]',
  '{}',
  'member@example.org',
  'https://example.org/',
  'es',
  'en',
  'post',
  'comment',
  'chat_message',
  'asociaciones',
  '2010-01-01',
  '1990-05-04',
  '\r\n',
  '\u202e',
  '\ufeff',
];
const NASTY_NUMBERS = [
  0,
  -1,
  1,
  2,
  3,
  1.5,
  -0,
  1e308,
  -1e308,
  2147483647,
  2147483648,
  4294967296,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -2147483649,
];
/** Percent-encoded values a browser never sends: NUL, bytes that are not UTF-8, a CESU surrogate. */
const RAW_ENCODED = [
  '%00',
  'a%00b',
  '%FF',
  '%C0%80',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%',
  '%zz',
  '+',
  '%2F',
  '%C3%B1',
  '%F0%9F%98%80',
  '%E2%80%AE',
];
const PARAM_VALUES = [
  ' 1',
  ...(
    '-1 0 1 2 3 4 1e0 0x1 1.5 2147483648 9007199254740993 99999999999999999999999 abc null ' +
    'undefined asociaciones proyectos centros post comment gallery_image gallery_comment user ' +
    'en es el translation.json privacy.json enfermedades_en.json index.html .. . ñ'
  ).split(' '),
];

const percentEncode = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);
const hostileNumber = fc.oneof(fc.constantFrom(...NASTY_NUMBERS), fc.integer(), fc.double({ noNaN: true }));
const fieldName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KNOWN_FIELDS) },
  { weight: 1, arbitrary: hostileString },
);
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const { value: jsonValue } = fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown> }>(
  (tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(fieldName, tie('value'), { maxKeys: 5 }),
  }),
);
/** Mostly flat objects of known fields: the shape that passes parsing and reaches the database. */
const formLike = fc.dictionary(fc.constantFrom(...KNOWN_FIELDS), leaf, { minKeys: 1, maxKeys: 6 });

type Body = { contentType?: string; payload?: Buffer };
const utf8 = (text: string) => Buffer.from(text, 'utf8');
const notUtf8 = fc.constantFrom(
  Buffer.from([0xff]),
  Buffer.from([0xc3]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xc0, 0x80]),
  Buffer.from([0xfe, 0xfe, 0x41]),
);

function multipart(
  boundary: string,
  fields: Array<[string, Buffer]>,
  file?: { field: string; data: Buffer },
) {
  const parts: Buffer[] = [];
  for (const [name, value] of fields)
    parts.push(
      utf8(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '')}"\r\n\r\n`),
      value,
      utf8('\r\n'),
    );
  if (file)
    parts.push(
      utf8(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file.data,
      utf8('\r\n'),
    );
  parts.push(utf8(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

const multipartBody = fc
  .record({
    fields: fc.array(fc.tuple(fieldName, fc.oneof(hostileString.map(utf8), notUtf8)), { maxLength: 5 }),
    file: fc.option(
      fc.record({
        field: fc.constantFrom('image', 'photo', 'file', 'text'),
        data: fc.oneof(
          fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
          fc.constant(utf8('GIF89a')),
        ),
      }),
      { nil: undefined },
    ),
    boundary: fc.constantFrom('with', 'without', 'empty', 'wrong'),
  })
  .map(({ fields, file, boundary }): Body => {
    const payload = multipart('fuzzBoundary', fields, file);
    const contentType = {
      with: 'multipart/form-data; boundary=fuzzBoundary',
      without: 'multipart/form-data',
      empty: 'multipart/form-data; boundary=',
      wrong: 'multipart/form-data; boundary=other',
    }[boundary];
    return { contentType, payload };
  });

const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({}) },
  {
    weight: 4,
    arbitrary: formLike.map((value) => ({
      contentType: 'application/json',
      payload: utf8(JSON.stringify(value)),
    })),
  },
  {
    weight: 3,
    arbitrary: jsonValue.map((value) => ({
      contentType: 'application/json',
      payload: utf8(JSON.stringify(value) ?? 'null'),
    })),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...KNOWN_FIELDS), notUtf8).map(([field, bad]) => ({
      contentType: 'application/json; charset=utf-8',
      payload: Buffer.concat([utf8(`{"${field}":"a`), bad, utf8('"}')]),
    })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((depth) => ({
      contentType: 'application/json',
      payload: utf8('['.repeat(depth) + ']'.repeat(depth)),
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .string({ maxLength: 40 })
      .map((text) => ({ contentType: 'application/json', payload: utf8(text) })),
  },
  { weight: 3, arbitrary: multipartBody },
  { weight: 1, arbitrary: hostileString.map((text) => ({ contentType: 'text/plain', payload: utf8(text) })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'application/x-www-form-urlencoded',
          'application/xml',
          ';',
          'text/html',
          '*/*',
          'application/JSON',
          'application/json; charset=latin1',
          'image/png',
          'multipart/mixed',
          'garbage/',
        ),
        fc.uint8Array({ maxLength: 64 }),
      )
      .map(([contentType, bytes]) => ({ contentType, payload: Buffer.from(bytes) })),
  },
);

const queryValue = fc.oneof(hostileString.map(percentEncode), fc.constantFrom(...RAW_ENCODED));
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), hostileString.map(percentEncode)), queryValue), {
    maxLength: 4,
  })
  .map((pairs) => (pairs.length ? `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}` : ''));
const paramValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PARAM_VALUES) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 50 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_ENCODED) },
  { weight: 1, arbitrary: hostileString.filter((text) => text !== '').map(percentEncode) },
);
/** The catch-all route gets whole paths: media, locales, unknown API paths, traversal attempts. */
const wildcardPath = fc.oneof(
  fc.constantFrom(
    '',
    'media/x.webp',
    'media/../../etc/passwd',
    'api/nothing/',
    'img/logo.png',
    'index.html',
    'login',
    'locales/en/translation.json',
    '%00',
    '%FF',
    'a%00b/',
    'media/%ED%A0%80',
  ),
  fc.array(paramValue, { minLength: 1, maxLength: 3 }).map((segments) => segments.join('/')),
);

const ERROR_KEYS = new Set(['error', 'code', 'fields', 'detail']);

type Auth = 'member' | 'admin' | 'none' | 'garbage';
type FuzzCase = {
  route: RouteEntry;
  params: string[];
  query: string;
  body: Body;
  auth: Auth;
  language?: string;
};

const expandUrl = (url: string, params: string[]) => {
  let index = 0;
  return url.replace(/:[A-Za-z_]+|\*/g, () => params[index++] ?? '1');
};

describe('fuzz: every route answers hostile input with a JSON 4xx, never a 5xx', () => {
  let t: TestApp;
  let routes: RouteEntry[];
  const sessions: Record<'member' | 'admin', { access: string; userId: number }> = {
    member: { access: '', userId: 0 },
    admin: { access: '', userId: 0 },
  };

  /** Fresh member and admin sessions: the fuzz may end its own (logout, suspension by id). */
  async function openSessions() {
    const member = await createMemberWithProfile(t.app);
    const friend = await createMemberWithProfile(t.app);
    const admin = await createActiveMember(t.app);
    await makeAdmin(t.app, admin.user.id);
    await makeFriends(t.app, member.user.id, friend.user.id);
    // Something for ids to point at: a friend's post and picture, a comment, a pending report.
    await sendForm(t.app, friend.access, 'POST', '/api/posts/', { text: 'A post to fuzz' });
    await sendForm(
      t.app,
      friend.access,
      'POST',
      '/api/gallery/images/',
      { title: 'A picture' },
      await imageFile(),
    );
    sessions.member = { access: member.access, userId: member.user.id };
    sessions.admin = { access: admin.access, userId: admin.user.id };
  }

  async function sessionsStillOpen() {
    for (const who of ['member', 'admin'] as const) {
      const me = await t.app.inject({
        url: '/api/me',
        headers: { authorization: `Bearer ${sessions[who].access}` },
      });
      if (me.statusCode !== 200) return false;
    }
    return true;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    routes = t.app.routeTable.filter((route) => !route.url.startsWith('/api/__test__/'));
    expect(routes.filter((route) => route.url.startsWith('/api/')).length).toBeGreaterThan(80);
    await openSessions();
  });
  afterAll(async () => t?.cleanup());

  function request(fuzz: FuzzCase): InjectOptions & { method: string; url: string } {
    const { route } = fuzz;
    const headers: Record<string, string> = {};
    if (fuzz.auth === 'member' || fuzz.auth === 'admin')
      headers.authorization = `Bearer ${sessions[fuzz.auth].access}`;
    if (fuzz.auth === 'garbage') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxZTAifQ.';
    if (fuzz.language) headers['accept-language'] = fuzz.language;
    // The chat socket's route is only ever asked a plain GET: an upgrade is the socket tests' work.
    const hasBody = !route.websocket && route.method !== 'GET' && route.method !== 'HEAD';
    if (hasBody && fuzz.body.contentType) headers['content-type'] = fuzz.body.contentType;
    return {
      method: route.method,
      url: expandUrl(route.url, fuzz.params) + fuzz.query,
      headers,
      ...(hasBody && fuzz.body.payload ? { payload: fuzz.body.payload } : {}),
    };
  }

  function check(options: { method: string; url: string }, response: LightMyRequestResponse) {
    const where = `${options.method} ${options.url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, where).toBeLessThan(500);
    if (response.statusCode < 400 || options.method === 'HEAD') return;
    expect(response.headers['content-type'], where).toMatch(/^application\/json/);
    const answer = response.json<Record<string, unknown>>();
    expect(typeof answer.error, where).toBe('string');
    expect(typeof answer.code, where).toBe('string');
    // Our shape only: Fastify's own ({statusCode, message}) would mean an error escaped the handler.
    expect(
      Object.keys(answer).filter((key) => !ERROR_KEYS.has(key)),
      where,
    ).toEqual([]);
    if (answer.fields !== undefined)
      expect(
        Object.values(answer.fields as object).every((message) => typeof message === 'string'),
        where,
      ).toBe(true);
  }

  it(`sends ${RUNS} hostile requests over the whole route table without a 5xx`, async () => {
    // With a built web app the table also holds one route per static file (two hundred or so):
    // they get a tenth of the requests, so the API's routes keep most of them.
    const api = routes.filter((route) => route.url.startsWith('/api/') || route.websocket);
    const other = routes.filter((route) => !api.includes(route));
    const anyRoute = other.length
      ? fc.oneof(
          { weight: 9, arbitrary: fc.constantFrom(...api) },
          { weight: 1, arbitrary: fc.constantFrom(...other) },
        )
      : fc.constantFrom(...api);
    const fuzzCase: fc.Arbitrary<FuzzCase> = anyRoute.chain((route) =>
      fc.record({
        route: fc.constant(route),
        params: fc.tuple(
          ...(route.url.match(/:[A-Za-z_]+|\*/g) ?? []).map((name) =>
            name === '*' ? wildcardPath : paramValue,
          ),
        ),
        query,
        body,
        auth: fc.constantFrom<Auth>('member', 'member', 'admin', 'none', 'garbage'),
        language: fc.option(fc.constantFrom('es', 'el', 'de-DE,de;q=0.9', '*', 'xx', ';q=', 'en;q=abc'), {
          nil: undefined,
        }),
      }),
    );
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fuzzCase, async (fuzz) => {
        sent += 1;
        // The fuzz can end its own sessions (a random logout or suspension): renew them now and
        // then, so most requests keep reaching the handlers behind authentication.
        if (sent % 250 === 0 && !(await sessionsStillOpen())) await openSessions();
        const options = request(fuzz);
        check(options, await t.app.inject(options));
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
    expect(sent).toBeGreaterThanOrEqual(RUNS);

    const health = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(health.statusCode).toBe(200);
    const newcomer = await createActiveMember(t.app);
    const feed = await t.app.inject({
      url: '/api/posts/',
      headers: { authorization: `Bearer ${newcomer.access}` },
    });
    expect(feed.statusCode).toBe(200);
    // A hang guard: two suites side by side on two cores ran past 600 s.
  }, 1_800_000);
});

/**
 * The chat socket's frames pass the same gate: hostile frames (NUL and lone surrogates in every
 * field, odd ids, random JSON, text that is not JSON, binary frames) over real sockets. None may
 * end in an internal error, every socket stays open, and the chat works afterwards. Each round
 * uses a fresh socket of a fresh member and stays under the frame burst, which belongs to the
 * member, so the frame limit does not cut it short.
 */
describe('fuzz: the chat socket answers hostile frames without an internal error', () => {
  const FRAMES_PER_SOCKET = MEMBER_FRAME_LIMIT.burst - 20;
  const ROUNDS = 5;
  let t: TestApp;
  beforeAll(async () => {
    t = await createListeningTestApp();
  });
  afterAll(async () => t?.cleanup());

  it(`answers ${ROUNDS * FRAMES_PER_SOCKET} hostile frames and stays healthy`, async () => {
    const member = await createMemberWithProfile(t.app, { nombre: 'Fuzz' });
    const friend = await createMemberWithProfile(t.app, { nombre: 'Friend' });
    await makeFriends(t.app, member.user.id, friend.user.id);
    const friendSocket = await connectChat(t.app, friend.access);
    const id = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(friend.user.id, member.user.id) },
      { weight: 2, arbitrary: hostileNumber },
      { weight: 1, arbitrary: hostileString },
      { weight: 1, arbitrary: fc.constant(null) },
    );
    const frame = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record(
          {
            receiver_id: id,
            message: fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 1, arbitrary: leaf }),
            temp_id: fc.oneof(hostileString, fc.constant(null)),
            active_conversation_with: id,
          },
          { requiredKeys: ['receiver_id', 'message'] },
        ),
      },
      {
        weight: 3,
        arbitrary: fc.record(
          {
            action: fc.oneof(fc.constantFrom('heartbeat', 'mark_read', 'nonsense'), hostileString),
            sender_id: id,
            token: hostileString,
            extra: jsonValue,
          },
          { requiredKeys: ['action'] },
        ),
      },
      { weight: 2, arbitrary: jsonValue },
    );
    // `logout` and `renew` (with a token that is not valid) rightly close the socket.
    // (Generated objects may have no prototype, so `action` is compared only when a string.)
    const sendable = frame.filter((value) => {
      const action: unknown =
        typeof value === 'object' && value !== null ? Reflect.get(value, 'action') : undefined;
      return !(typeof action === 'string' && ['logout', 'renew'].includes(action));
    });
    const raw = fc.oneof(
      { weight: 8, arbitrary: sendable.map((value) => JSON.stringify(value) ?? 'null') },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes)) },
    );

    const used: ChatClient[] = [friendSocket];
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(raw, { minLength: FRAMES_PER_SOCKET, maxLength: FRAMES_PER_SOCKET }),
        async (frames) => {
          round += 1;
          const sender = await createMemberWithProfile(t.app, { nombre: `Fuzz ${round}` });
          await makeFriends(t.app, sender.user.id, friend.user.id);
          const socket = await connectChat(t.app, sender.access);
          used.push(socket);
          try {
            for (const data of frames) socket.socket.send(data);
            // Frames are handled in order: once this one is answered, every frame before it was.
            const sentinel = `sentinel-${round}`;
            socket.send({ receiver_id: friend.user.id, message: sentinel, temp_id: sentinel });
            await socket.waitFor((answer) => answer.temp_id === sentinel, 10_000);
            const internal = socket.frames.filter((answer: Frame) => answer.code === 'internal_error');
            expect(internal, `frames sent: ${JSON.stringify(frames.map(String)).slice(0, 4000)}`).toEqual([]);
            expect(socket.socket.readyState).toBe(socket.socket.OPEN);
          } finally {
            await socket.close();
          }
        },
      ),
      // Shrinking would replay whole sockets for minutes: the failing round is reported as it was.
      { numRuns: ROUNDS, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) },
    );

    expect(
      used.flatMap((socket) => socket.frames).filter((answer) => answer.code === 'internal_error'),
    ).toEqual([]);
    expect(friendSocket.socket.readyState).toBe(friendSocket.socket.OPEN);
    const after = await connectChat(t.app, member.access);
    after.send({ receiver_id: friend.user.id, message: 'still working', temp_id: 'after-fuzz' });
    await friendSocket.waitFor(
      (answer) => answer.type === 'chat_message' && answer.message === 'still working',
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    await Promise.all([after.close(), friendSocket.close()]);
  }, 600_000); // a hang guard: the walk of every route takes minutes beside another suite
});
