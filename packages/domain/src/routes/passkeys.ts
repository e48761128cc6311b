import { z } from 'zod';
import { LoginResponseSchema } from '../auth';
import { ApiErrorSchema } from '../errors';
import {
  PasskeyCeremonySchema,
  PasskeyListSchema,
  PasskeyRegistrationSchema,
  PasskeyRegistrationStartSchema,
  PasskeySchema,
  PasskeySignInSchema,
} from '../passkeys';
import { IdParams } from '../route-parts';
import { defineRoute } from './define-route';

const tags = ['passkeys'];
const refused = { 400: ApiErrorSchema, 429: ApiErrorSchema };

/** Passkeys: a member adds them after signing in, and may then sign in with one instead of a password. */
export const passkeyRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/passkeys/',
    tags,
    summary: 'Your passkeys, oldest first',
    responses: { 200: PasskeyListSchema },
  }),
  registrationOptions: defineRoute({
    method: 'POST',
    path: '/api/passkeys/options/',
    tags,
    summary:
      'Begins adding a passkey (the password is asked again): options for navigator.credentials.create',
    body: PasskeyRegistrationStartSchema,
    responses: { 200: PasskeyCeremonySchema, 403: ApiErrorSchema, ...refused },
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/passkeys/',
    tags,
    summary: 'Adds the passkey the browser created with those options',
    body: PasskeyRegistrationSchema,
    responses: { 201: PasskeySchema, 409: ApiErrorSchema, ...refused },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/passkeys/:id/',
    tags,
    summary: 'Removes one of your passkeys',
    params: IdParams,
    responses: { 204: z.null().describe('Removed'), 404: ApiErrorSchema },
  }),
  signInOptions: defineRoute({
    method: 'POST',
    path: '/api/login/passkey/options/',
    tags,
    summary: 'Begins a sign-in with a passkey: options for navigator.credentials.get',
    responses: { 200: PasskeyCeremonySchema, ...refused },
  }),
  signIn: defineRoute({
    method: 'POST',
    path: '/api/login/passkey/',
    tags,
    summary: 'Opens a session with the answer of a passkey',
    body: PasskeySignInSchema,
    responses: { 200: LoginResponseSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, ...refused },
  }),
};
