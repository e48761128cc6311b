import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from './errors';
import { routeSchemas } from './route-schemas';

/**
 * What a route's schema promises (issue 17), shown on routes of this test's own: fields that are
 * not declared never leave the server, an answer that does not fit is a 500 that tells the client
 * nothing of it, and refused input names the field in the caller's language.
 */
describe('the route schema is the contract', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    await app.register(routeSchemas);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const Answer = z.object({ name: z.string() });
    typed.get('/leaky', { schema: { response: { 200: Answer } } }, async () => ({
      name: 'Ana',
      password_hash: 'not for the client',
    }));
    typed.get(
      '/wrong',
      { schema: { response: { 200: Answer } } },
      // A bug a schema must catch: the answer has the wrong type.
      async () => ({ name: 42 }) as unknown as { name: string },
    );
    typed.get(
      '/paged',
      { schema: { querystring: z.object({ limit: z.coerce.number().int().min(1).max(50) }) } },
      async (request) => ({ limit: request.query.limit }),
    );
    await app.ready();
  });
  afterAll(async () => app.close());

  it('drops a field the answer schema does not declare', async () => {
    const response = await app.inject({ method: 'GET', url: '/leaky' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Ana' });
  });

  it('answers 500 internal_error, without the answer, when an answer does not fit its schema', async () => {
    const response = await app.inject({ method: 'GET', url: '/wrong' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'internal_error' });
    expect(response.body).not.toContain('42');
  });

  it('refuses input with the field named, in the caller’s language, and coerces what it accepts', async () => {
    const english = await app.inject({
      method: 'GET',
      url: '/paged?limit=0',
      headers: { 'accept-language': 'en' },
    });
    const spanish = await app.inject({
      method: 'GET',
      url: '/paged?limit=0',
      headers: { 'accept-language': 'es' },
    });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({
      code: 'validation_failed',
      fields: { limit: expect.any(String) },
    });
    expect(spanish.json<{ error: string }>().error).not.toBe(english.json<{ error: string }>().error);
    const accepted = await app.inject({ method: 'GET', url: '/paged?limit=7' });
    expect(accepted.json()).toEqual({ limit: 7 });
  });
});
