import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  IdParams,
  LoginResponseSchema,
  PasskeyCeremonySchema,
  PasskeyListSchema,
  PasskeyRegistrationSchema,
  PasskeyRegistrationStartSchema,
  PasskeySchema,
  PasskeySignInSchema,
} from '@juntos/domain';
import type { RequireAuth } from '../../plugins/authenticate';
import type { PasskeysService } from './passkeys.service';

const tags = ['passkeys'];
const refused = { 400: ApiErrorSchema, 429: ApiErrorSchema };

/** Passkeys: a member adds them after signing in, and may then sign in with one instead of a password. */
export function registerPasskeyRoutes(
  app: FastifyInstance,
  service: PasskeysService,
  requireAuth: RequireAuth,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: requireAuth };

  routes.get(
    '/api/passkeys/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Your passkeys, oldest first',
        response: { 200: PasskeyListSchema },
      },
    },
    async (request) => service.list(request.userId),
  );
  routes.post(
    '/api/passkeys/options/',
    {
      ...member,
      schema: {
        tags,
        summary:
          'Begins adding a passkey (the password is asked again): options for navigator.credentials.create',
        body: PasskeyRegistrationStartSchema,
        response: { 200: PasskeyCeremonySchema, 403: ApiErrorSchema, ...refused },
      },
    },
    async (request) => service.registrationOptions(request.userId, request.body.password),
  );
  routes.post(
    '/api/passkeys/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Adds the passkey the browser created with those options',
        body: PasskeyRegistrationSchema,
        response: { 201: PasskeySchema, 409: ApiErrorSchema, ...refused },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.register(request.userId, request.body, request.headers['user-agent'])),
  );
  routes.delete(
    '/api/passkeys/:id/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Removes one of your passkeys',
        params: IdParams,
        response: { 204: z.null().describe('Removed'), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await service.remove(request.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
  routes.post(
    '/api/login/passkey/options/',
    {
      schema: {
        tags,
        summary: 'Begins a sign-in with a passkey: options for navigator.credentials.get',
        response: { 200: PasskeyCeremonySchema, ...refused },
      },
    },
    async (request) => service.signInOptions(request.ip),
  );
  routes.post(
    '/api/login/passkey/',
    {
      schema: {
        tags,
        summary: 'Opens a session with the answer of a passkey',
        body: PasskeySignInSchema,
        response: { 200: LoginResponseSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, ...refused },
      },
    },
    async (request) => service.signIn(request.body, request.ip, request.headers['user-agent']),
  );
}
