import type { FastifyInstance } from 'fastify';
import {
  ActivationSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  EmailOnlySchema,
  LoginSchema,
  RefreshSchema,
  ResetConfirmSchema,
  createRegistrationSchema,
} from '@juntos/domain';
import { isDisposableEmail } from '@juntos/domain/disposable-email';
import { z } from 'zod';
import { requestLanguage, translate } from '../../i18n/messages';
import type { RequireAuth } from '../../plugins/authenticate';
import type { AuthService } from './auth.service';

const RegistrationSchema = createRegistrationSchema(isDisposableEmail);
const LogoutSchema = z.object({ refresh: z.string().max(200).optional() }).optional();

/**
 * Accounts and sessions (spec §7 "Auth and account"): thin handlers that validate with the shared
 * schemas, call the service, and present only the fields the client reads.
 */
export function registerAuthRoutes(app: FastifyInstance, service: AuthService, requireAuth: RequireAuth) {
  app.post('/api/register/', async (request, reply) => {
    const input = RegistrationSchema.parse(request.body);
    const user = await service.register(input, request.ip);
    const message = translate(requestLanguage(request.headers), 'auth.registered', { email: user.email });
    return reply.status(201).send({ detail: message, email: user.email });
  });

  app.post('/api/activate/', async (request) => {
    const { email, code } = ActivationSchema.parse(request.body);
    const { user, tokens } = await service.activate(email, code, request.ip);
    const account = await service.me(user.id);
    return { ...tokens, user: account, profile_complete: account.profile_complete };
  });

  app.post('/api/activate/resend/', async (request) => {
    const { email } = EmailOnlySchema.parse(request.body);
    await service.resendActivationCode(email);
    return { detail: translate(requestLanguage(request.headers), 'auth.code_sent') };
  });

  app.post('/api/login/', async (request) => {
    const { email, password } = LoginSchema.parse(request.body);
    return service.login(email, password, request.ip);
  });

  app.post('/api/token/refresh/', async (request) => {
    const { refresh } = RefreshSchema.parse(request.body);
    return service.refresh(refresh);
  });

  app.post('/api/logout/', async (request, reply) => {
    const body = LogoutSchema.parse(request.body ?? undefined);
    await service.logout(body?.refresh);
    return reply.status(204).send();
  });

  app.post('/api/auth/request-reset/', async (request) => {
    const { email, language } = EmailOnlySchema.parse(request.body);
    await service.requestPasswordReset(email, language, request.ip);
    return { detail: translate(requestLanguage(request.headers), 'auth.reset_requested') };
  });

  app.post('/api/auth/reset-confirm/', async (request) => {
    const { token, new_password } = ResetConfirmSchema.parse(request.body);
    await service.confirmPasswordReset(token, new_password);
    return { detail: translate(requestLanguage(request.headers), 'auth.password_reset') };
  });

  app.post('/api/change-password/', { preHandler: requireAuth }, async (request) => {
    const { current_password, new_password } = ChangePasswordSchema.parse(request.body);
    await service.changePassword(request.userId, current_password, new_password);
    return { detail: translate(requestLanguage(request.headers), 'auth.password_changed') };
  });

  app.delete('/api/delete-account/', { preHandler: requireAuth }, async (request) => {
    // Without a body the password is still the field named as missing.
    const { password } = DeleteAccountSchema.parse(request.body ?? {});
    await service.deleteAccount(request.userId, password);
    return { detail: translate(requestLanguage(request.headers), 'auth.account_deleted') };
  });
}
