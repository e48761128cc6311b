import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemberWithProfile, multipartBody, sendForm } from '../test-support/profiles';
import type { Member } from '../test-support/profiles';
import { createTestApp, type TestApp } from '../test-support/test-app';

type ErrorBody = { error: string; code: string; fields?: Record<string, string> };

/**
 * The reproductions of issue 16 ("Low"): a NUL in a text field or in `?q=` of post search, a
 * multipart form without a boundary, and the oversized-image message with a raw `{{max}}`. Each
 * is now a 4xx in the JSON of DESIGN.md, naming the field in the caller's language.
 */
describe('the input gate refuses text that cannot be stored, naming the field', () => {
  let t: TestApp;
  let member: Member;
  let postId: number;
  beforeAll(async () => {
    t = await createTestApp();
    member = await createMemberWithProfile(t.app);
    const post = await sendForm(t.app, member.access, 'POST', '/api/posts/', { text: 'A first post' });
    postId = post.json<{ id: number }>().id;
  });
  afterAll(async () => t.cleanup());

  const auth = () => ({ authorization: `Bearer ${member.access}` });
  const refused = (response: { statusCode: number; json: <T>() => T }, fields: string[]) => {
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.code).toBe('invalid_text');
    expect(Object.keys(body.fields ?? {}).sort()).toEqual([...fields].sort());
    return body;
  };

  it('a NUL in ?q= of post search is a 400 naming q, in the caller’s language', async () => {
    const response = await t.app.inject({
      url: '/api/posts/search/?q=a%00b',
      headers: { ...auth(), 'accept-language': 'es' },
    });
    const body = refused(response, ['q']);
    expect(body.fields?.q).toBe(
      'Este texto contiene caracteres que no se pueden guardar, como un carácter nulo o bytes que no son texto válido. Elimínalos e inténtalo de nuevo.',
    );
    // The same search without the NUL still works.
    expect((await t.app.inject({ url: '/api/posts/search/?q=ab', headers: auth() })).statusCode).toBe(200);
  });

  it('query bytes that are not UTF-8 are refused, not turned into U+FFFD', async () => {
    refused(await t.app.inject({ url: '/api/posts/search/?q=%FF', headers: auth() }), ['q']);
    refused(await t.app.inject({ url: '/api/posts/search/?q=%ED%A0%80', headers: auth() }), ['q']);
    // `%zz` is odd but storable text: it reaches the route.
    expect((await t.app.inject({ url: '/api/posts/search/?q=%zz', headers: auth() })).statusCode).toBe(200);
  });

  it('a NUL or a lone surrogate in a JSON text field is a 400 naming the field', async () => {
    const comment = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/posts/${postId}/comment/`,
        headers: { ...auth(), 'content-type': 'application/json' },
        payload: JSON.stringify({ text }),
      });
    refused(await comment('Hello\u0000'), ['text']);
    refused(await comment('half \ud83d of an emoji'), ['text']);
    // A whole emoji (a valid surrogate pair) is welcome.
    expect((await comment('Hello 😀')).statusCode).toBe(201);
  });

  it('names nested fields and keys, and survives a body nested a hundred thousand deep', async () => {
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/__test__/echo/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'ok', list: ['fine', { name: 'x\u0000' }], 'bad\u0000key': 1 }),
    });
    refused(nested, ['list.1.name', 'bad\ufffdkey']);
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/__test__/echo/',
      headers: { 'content-type': 'application/json' },
      payload: '['.repeat(100_000) + '"\\u0000"' + ']'.repeat(100_000),
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json<ErrorBody>().code).toBe('invalid_text');
  });

  it('a JSON body whose bytes are not UTF-8 is refused, naming the field they were in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/comment/`,
      headers: { ...auth(), 'content-type': 'application/json; charset=utf-8' },
      payload: Buffer.concat([Buffer.from('{"text":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
    });
    refused(response, ['text']);
  });

  it('a NUL in a route parameter is a 400 naming it; a path that is not UTF-8 names the path', async () => {
    refused(await t.app.inject({ url: '/api/buscar/perfil/1%00/', headers: auth() }), ['id']);
    const path = await t.app.inject({ url: '/api/buscar/perfil/%FF/', headers: auth() });
    refused(path, ['path']);
    expect(Object.keys(path.json<ErrorBody>())).toEqual(['error', 'code', 'fields']);
  });

  it('multipart fields pass the gate too: NUL and bytes that are not UTF-8', async () => {
    const withNul = await sendForm(t.app, member.access, 'POST', '/api/posts/', { text: 'a\u0000b' });
    refused(withNul, ['text']);
    const boundary = 'gateBoundary';
    const notUtf8 = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: { ...auth(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\ncaf`),
        Buffer.from([0xe9]),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    refused(notUtf8, ['text']);
  });

  it('a multipart form without a boundary is a 400 on posts, gallery and profile', async () => {
    const { payload } = await multipartBody({ text: 'Hello', title: 'Hello' });
    for (const [method, url] of [
      ['POST', '/api/posts/'],
      ['PUT', `/api/posts/${postId}/`],
      ['POST', '/api/gallery/images/'],
      ['PUT', '/api/profile/'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { ...auth(), 'content-type': 'multipart/form-data' },
        payload,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json<ErrorBody>().code).toBe('invalid_form');
    }
  });

  it('the oversized-image message carries its limit, on the field too', async () => {
    const response = await sendForm(
      t.app,
      member.access,
      'POST',
      '/api/posts/',
      { text: 'Big' },
      { field: 'image', name: 'big.jpg', type: 'image/jpeg', data: Buffer.alloc(10 * 1024 * 1024 + 10, 1) },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'This image is too large. The limit is 10 MB.',
      code: 'image_too_large',
      fields: { image: 'This image is too large. The limit is 10 MB.' },
    });
  });

  it('a plain GET on the chat socket’s path is a JSON 404, like any other error', async () => {
    const response = await t.app.inject({ url: '/ws/chat/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found', error: expect.any(String) });
  });
});
