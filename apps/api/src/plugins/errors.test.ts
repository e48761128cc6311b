import { describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT_BYTES } from '../app';
import { testAppWithMembers } from '../test-support/test-app-with-members';

describe('bad input gets a clear JSON error, never a 500', () => {
  const world = testAppWithMembers();

  it('malformed JSON answers 400 invalid_json', async () => {
    const response = await world.app.inject({
      method: 'POST',
      url: '/api/__test__/echo/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ code: 'invalid_json', error: expect.any(String) });
  });

  it('a body over the limit answers 413 body_too_large', async () => {
    const response = await world.app.inject({
      method: 'POST',
      url: '/api/__test__/echo/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'a'.repeat(JSON_BODY_LIMIT_BYTES + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'body_too_large' });
  });

  it('an unsupported content type answers 415', async () => {
    const response = await world.app.inject({
      method: 'POST',
      url: '/api/__test__/echo/',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('a wrong field type names the field', async () => {
    const response = await world.app.inject({
      method: 'POST',
      url: '/api/__test__/echo/',
      payload: { text: 42 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      fields: { text: expect.any(String) },
    });
  });

  it('an unknown /api path is a JSON 404 even for a browser asking for HTML', async () => {
    const response = await world.app.inject({
      method: 'GET',
      url: '/api/does-not-exist/',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'There is no API endpoint GET /api/does-not-exist/.',
      code: 'not_found',
    });
  });

  it('speaks the language of Accept-Language', async () => {
    const response = await world.app.inject({
      method: 'GET',
      url: '/api/nothing/',
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    const english = await world.app.inject({ method: 'GET', url: '/api/nothing/' });
    expect(response.json().error).not.toBe(english.json().error);
    expect(response.json().error).toContain('/api/nothing/');
  });

  it('an unexpected failure is a 500 without internals', async () => {
    const response = await world.app.inject({ method: 'GET', url: '/api/__test__/crash/' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'internal_error', error: expect.any(String) });
    expect(response.body).not.toContain('secret detail');
  });
});
