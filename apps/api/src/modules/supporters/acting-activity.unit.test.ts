import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { recordActingChanges } from './acting-activity';

/**
 * A supporter's change is in the member's list before its answer leaves: recorded after the
 * answer, the supporter's next change could be recorded first, and the list (in insertion order)
 * showed them swapped (acting.test.ts did, on a full run).
 */
describe('recording a supporter’s changes', () => {
  it('finishes before the answer is sent, and skips reading and refused requests', async () => {
    const recorded: string[] = [];
    const app = Fastify();
    recordActingChanges(app, {
      // Slower than the answer: a recording done after it would not be there yet.
      recordAction: async (action) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        recorded.push(action.route);
      },
    });
    app.addHook('onRequest', async (request) => {
      request.userId = 1;
      request.supporter = { id: 2, permissions: ['posts'] };
    });
    const config = { supporterScope: 'posts' as const };
    app.post('/posts/:id/like/', { config }, async () => ({ liked: true }));
    app.get('/posts/', { config }, async () => []);
    app.post('/refused/', { config }, async (_request, reply) => reply.code(403).send({}));

    expect((await app.inject({ method: 'POST', url: '/posts/7/like/' })).statusCode).toBe(200);
    expect(recorded).toEqual(['POST /posts/:id/like/']);
    await app.inject({ method: 'GET', url: '/posts/' });
    await app.inject({ method: 'POST', url: '/refused/' });
    expect(recorded).toEqual(['POST /posts/:id/like/']);
    await app.close();
  });
});
