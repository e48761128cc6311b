import { z } from 'zod';
import {
  ActivationResponseSchema,
  ActivationSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  EmailOnlySchema,
  LoginResponseSchema,
  LoginSchema,
  RefreshSchema,
  RegisteredSchema,
  ResetConfirmSchema,
  TokenPairSchema,
  createRegistrationSchema,
} from '../auth';
import { ApiErrorSchema } from '../errors';
import { DetailSchema } from '../route-parts';
import { defineRoute } from './define-route';

const tags = ['auth'];
const refused = { 400: ApiErrorSchema, 429: ApiErrorSchema };

/**
 * Accounts and sessions (spec §7 "Auth and account"). The web's session check (`lib/session.ts`)
 * calls `/api/me` and `/api/logout/` through `apiRequest`, so that zod stays out of the first
 * chunk of the signed-in app (decision 0036).
 */
export const authRoutes = {
  /**
   * The registration body's shape. The API validates it with the disposable-address check added
   * (`createRegistrationSchema(isDisposableEmail)`): that list stays out of the web's bundles.
   */
  register: defineRoute({
    method: 'POST',
    path: '/api/register/',
    tags,
    summary: 'Registers an adult or a minor (with a guardian); sends the activation code',
    body: createRegistrationSchema(() => false),
    responses: { 201: RegisteredSchema, ...refused },
  }),
  activate: defineRoute({
    method: 'POST',
    path: '/api/activate/',
    tags,
    summary: 'Activates an account with its code and opens a session',
    body: ActivationSchema,
    responses: { 200: ActivationResponseSchema, ...refused },
  }),
  resendActivation: defineRoute({
    method: 'POST',
    path: '/api/activate/resend/',
    tags,
    summary: 'Sends a new activation code',
    body: EmailOnlySchema,
    responses: { 200: DetailSchema, ...refused },
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/login/',
    tags,
    summary: 'Opens a session (tokens only when the account is active)',
    body: LoginSchema,
    responses: { 200: LoginResponseSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, ...refused },
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/api/token/refresh/',
    tags,
    summary: 'Rotates a refresh token into a new token pair',
    body: RefreshSchema,
    responses: { 200: TokenPairSchema, 401: ApiErrorSchema, ...refused },
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/logout/',
    tags,
    summary:
      'Ends the session of a refresh token (or of the bearer access token); its access tokens stop at once',
    body: z.object({ refresh: z.string().max(200).optional() }).optional(),
    responses: { 204: z.void().describe('Session ended'), 400: ApiErrorSchema },
  }),
  requestReset: defineRoute({
    method: 'POST',
    path: '/api/auth/request-reset/',
    tags,
    summary: 'Sends a password reset link (answers the same for unknown addresses)',
    body: EmailOnlySchema,
    responses: { 200: DetailSchema, ...refused },
  }),
  confirmReset: defineRoute({
    method: 'POST',
    path: '/api/auth/reset-confirm/',
    tags,
    summary: 'Sets a new password with a reset token',
    body: ResetConfirmSchema,
    responses: { 200: DetailSchema, ...refused },
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/change-password/',
    tags,
    summary: 'Changes the password; the other sessions end, and the passkeys unless kept',
    body: ChangePasswordSchema,
    responses: { 200: DetailSchema, 401: ApiErrorSchema, ...refused },
  }),
  deleteAccount: defineRoute({
    method: 'DELETE',
    path: '/api/delete-account/',
    tags,
    summary: 'Deletes the account and everything it wrote (the password is asked again)',
    body: DeleteAccountSchema,
    responses: { 200: DetailSchema, 401: ApiErrorSchema, ...refused },
  }),
};
