import type { FastifyInstance } from 'fastify';
import { passkeyRoutes as routes } from '@juntos/domain';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { PasskeysService } from './passkeys.service';

/**
 * Passkeys: a member adds them after signing in, and may then sign in with one instead of a
 * password. Declared in `passkeyRoutes` of the domain (decision 0036).
 */
export function registerPasskeyRoutes(
  app: FastifyInstance,
  service: PasskeysService,
  requireAuth: RequireAuth,
) {
  const serve = routeServer(app);
  const member = { preValidation: requireAuth };

  serve(routes.list, member, async (request) => service.list(request.userId));
  serve(routes.registrationOptions, member, async (request) =>
    service.registrationOptions(request.userId, request.body.password),
  );
  serve(routes.register, member, async (request, reply) =>
    reply
      .status(201)
      .send(await service.register(request.userId, request.body, request.headers['user-agent'])),
  );
  serve(routes.remove, member, async (request, reply) => {
    await service.remove(request.userId, request.params.id);
    return reply.status(204).send(null);
  });
  serve(routes.signInOptions, {}, async (request) => service.signInOptions(request.ip));
  serve(routes.signIn, {}, async (request) =>
    service.signIn(request.body, request.ip, request.headers['user-agent']),
  );
}
