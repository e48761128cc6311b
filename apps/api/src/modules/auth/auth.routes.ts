import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authRoutes as routes, createRegistrationSchema } from '@juntos/domain';
import { isDisposableEmail } from '@juntos/domain/disposable-email';
import { requestLanguage, translate } from '../../i18n/messages';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { AuthService } from './auth.service';

/** The registration route of the domain with the disposable-address check, which the domain's copy leaves out. */
const register = { ...routes.register, body: createRegistrationSchema(isDisposableEmail) };

/**
 * Bodies that may be left out: a JSON `null` counts as none (logout), and a missing body still
 * names the password as the missing field (account deletion), as when the handlers parsed them.
 */
const bodyOrNothing = async (request: FastifyRequest) => {
  request.body ??= undefined;
};
const bodyOrEmpty = async (request: FastifyRequest) => {
  request.body ??= {};
};

/**
 * Accounts and sessions (spec §7 "Auth and account"): thin handlers; the route schemas validate
 * with the shared schemas and present only the fields the client reads.
 */
export function registerAuthRoutes(app: FastifyInstance, service: AuthService, requireAuth: RequireAuth) {
  const serve = routeServer(app);

  serve(register, {}, async (request, reply) => {
    const user = await service.register(request.body, request.ip);
    const message = translate(requestLanguage(request.headers), 'auth.registered', { email: user.email });
    return reply.status(201).send({ detail: message, email: user.email });
  });

  serve(routes.activate, {}, async (request) => {
    const { email, code } = request.body;
    const { user, tokens } = await service.activate(email, code, request.ip, request.headers['user-agent']);
    const account = await service.me(user.id);
    return { ...tokens, user: account, profile_complete: account.profile_complete };
  });

  serve(routes.resendActivation, {}, async (request) => {
    await service.resendActivationCode(request.body.email);
    return { detail: translate(requestLanguage(request.headers), 'auth.code_sent') };
  });

  serve(routes.login, {}, async (request) =>
    service.login(request.body.email, request.body.password, request.ip, request.headers['user-agent']),
  );

  serve(routes.refresh, {}, async (request) => service.refresh(request.body.refresh));

  serve(routes.logout, { preValidation: bodyOrNothing }, async (request, reply) => {
    const header = request.headers.authorization;
    const access = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    await service.logout(request.body?.refresh, access);
    return reply.status(204).send();
  });

  serve(routes.requestReset, {}, async (request) => {
    const { email, language } = request.body;
    await service.requestPasswordReset(email, language, request.ip);
    return { detail: translate(requestLanguage(request.headers), 'auth.reset_requested') };
  });

  serve(routes.confirmReset, {}, async (request) => {
    const { token, new_password } = request.body;
    await service.confirmPasswordReset(token, new_password);
    return { detail: translate(requestLanguage(request.headers), 'auth.password_reset') };
  });

  serve(routes.changePassword, { preValidation: requireAuth }, async (request) => {
    const { current_password, new_password, remove_passkeys } = request.body;
    await service.changePassword(
      { userId: request.userId, sessionId: request.sessionId },
      { currentPassword: current_password, newPassword: new_password, removePasskeys: remove_passkeys },
    );
    return { detail: translate(requestLanguage(request.headers), 'auth.password_changed') };
  });

  serve(routes.deleteAccount, { preValidation: [requireAuth, bodyOrEmpty] }, async (request) => {
    await service.deleteAccount(request.userId, request.body.password);
    return { detail: translate(requestLanguage(request.headers), 'auth.account_deleted') };
  });
}
