import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ActivationResponseSchema,
  ActivationSchema,
  ApiErrorSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  DetailSchema,
  EmailOnlySchema,
  LoginResponseSchema,
  LoginSchema,
  RefreshSchema,
  RegisteredSchema,
  ResetConfirmSchema,
  TokenPairSchema,
  createRegistrationSchema,
} from '@juntos/domain';
import { isDisposableEmail } from '@juntos/domain/disposable-email';
import { z } from 'zod';
import { requestLanguage, translate } from '../../i18n/messages';
import type { RequireAuth } from '../../plugins/authenticate';
import type { AuthService } from './auth.service';

const RegistrationSchema = createRegistrationSchema(isDisposableEmail);
const LogoutSchema = z.object({ refresh: z.string().max(200).optional() }).optional();
const tags = ['auth'];
const security = [{ bearer: [] }];
const refused = { 400: ApiErrorSchema, 429: ApiErrorSchema };

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
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/register/',
    {
      schema: {
        tags,
        summary: 'Registers an adult or a minor (with a guardian); sends the activation code',
        body: RegistrationSchema,
        response: { 201: RegisteredSchema, ...refused },
      },
    },
    async (request, reply) => {
      const user = await service.register(request.body, request.ip);
      const message = translate(requestLanguage(request.headers), 'auth.registered', { email: user.email });
      return reply.status(201).send({ detail: message, email: user.email });
    },
  );

  typed.post(
    '/api/activate/',
    {
      schema: {
        tags,
        summary: 'Activates an account with its code and opens a session',
        body: ActivationSchema,
        response: { 200: ActivationResponseSchema, ...refused },
      },
    },
    async (request) => {
      const { email, code } = request.body;
      const { user, tokens } = await service.activate(email, code, request.ip, request.headers['user-agent']);
      const account = await service.me(user.id);
      return { ...tokens, user: account, profile_complete: account.profile_complete };
    },
  );

  typed.post(
    '/api/activate/resend/',
    {
      schema: {
        tags,
        summary: 'Sends a new activation code',
        body: EmailOnlySchema,
        response: { 200: DetailSchema, ...refused },
      },
    },
    async (request) => {
      await service.resendActivationCode(request.body.email);
      return { detail: translate(requestLanguage(request.headers), 'auth.code_sent') };
    },
  );

  typed.post(
    '/api/login/',
    {
      schema: {
        tags,
        summary: 'Opens a session (tokens only when the account is active)',
        body: LoginSchema,
        response: { 200: LoginResponseSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, ...refused },
      },
    },
    async (request) =>
      service.login(request.body.email, request.body.password, request.ip, request.headers['user-agent']),
  );

  typed.post(
    '/api/token/refresh/',
    {
      schema: {
        tags,
        summary: 'Rotates a refresh token into a new token pair',
        body: RefreshSchema,
        response: { 200: TokenPairSchema, 401: ApiErrorSchema, ...refused },
      },
    },
    async (request) => service.refresh(request.body.refresh),
  );

  typed.post(
    '/api/logout/',
    {
      preValidation: bodyOrNothing,
      schema: {
        tags,
        summary:
          'Ends the session of a refresh token (or of the bearer access token); its access tokens stop at once',
        body: LogoutSchema,
        response: { 204: z.void().describe('Session ended'), 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const header = request.headers.authorization;
      const access = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
      await service.logout(request.body?.refresh, access);
      return reply.status(204).send();
    },
  );

  typed.post(
    '/api/auth/request-reset/',
    {
      schema: {
        tags,
        summary: 'Sends a password reset link (answers the same for unknown addresses)',
        body: EmailOnlySchema,
        response: { 200: DetailSchema, ...refused },
      },
    },
    async (request) => {
      const { email, language } = request.body;
      await service.requestPasswordReset(email, language, request.ip);
      return { detail: translate(requestLanguage(request.headers), 'auth.reset_requested') };
    },
  );

  typed.post(
    '/api/auth/reset-confirm/',
    {
      schema: {
        tags,
        summary: 'Sets a new password with a reset token',
        body: ResetConfirmSchema,
        response: { 200: DetailSchema, ...refused },
      },
    },
    async (request) => {
      const { token, new_password } = request.body;
      await service.confirmPasswordReset(token, new_password);
      return { detail: translate(requestLanguage(request.headers), 'auth.password_reset') };
    },
  );

  typed.post(
    '/api/change-password/',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Changes the password; the other sessions end, and the passkeys unless kept',
        body: ChangePasswordSchema,
        response: { 200: DetailSchema, 401: ApiErrorSchema, ...refused },
      },
    },
    async (request) => {
      const { current_password, new_password, remove_passkeys } = request.body;
      await service.changePassword(
        { userId: request.userId, sessionId: request.sessionId },
        { currentPassword: current_password, newPassword: new_password, removePasskeys: remove_passkeys },
      );
      return { detail: translate(requestLanguage(request.headers), 'auth.password_changed') };
    },
  );

  typed.delete(
    '/api/delete-account/',
    {
      preValidation: [requireAuth, bodyOrEmpty],
      schema: {
        tags,
        security,
        summary: 'Deletes the account and everything it wrote (the password is asked again)',
        body: DeleteAccountSchema,
        response: { 200: DetailSchema, 401: ApiErrorSchema, ...refused },
      },
    },
    async (request) => {
      await service.deleteAccount(request.userId, request.body.password);
      return { detail: translate(requestLanguage(request.headers), 'auth.account_deleted') };
    },
  );
}
