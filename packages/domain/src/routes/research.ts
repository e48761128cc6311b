import { ApiErrorSchema } from '../errors';
import {
  ResearchCallInputSchema,
  ResearchConsentAnswerSchema,
  ResearchConsentInputSchema,
  ResearchForYouSchema,
  ResearchReachSchema,
} from '../research';
import { IdParams } from '../route-parts';
import { defineRoute } from './define-route';

const tags = ['research'];

/**
 * Research that finds the member (issue 35, points 2 and 4): the member's own consent to hear of
 * research about their declared disease, and the "For you" view of the directory entries that
 * match it. Every route answers about the caller alone: nobody can learn who else matched.
 */
export const researchRoutes = {
  consent: defineRoute({
    method: 'GET',
    path: '/api/investigacion/consentimiento/',
    tags,
    summary: 'Your consent to hear of research about your disease: version, date, scope, or none',
    responses: { 200: ResearchConsentAnswerSchema, 401: ApiErrorSchema },
  }),
  giveConsent: defineRoute({
    method: 'PUT',
    path: '/api/investigacion/consentimiento/',
    tags,
    summary:
      'Agree to hear of research (or change how far from home); on a minor’s account, the guardian agrees for the minor',
    body: ResearchConsentInputSchema,
    responses: { 200: ResearchConsentAnswerSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
  }),
  withdrawConsent: defineRoute({
    method: 'DELETE',
    path: '/api/investigacion/consentimiento/',
    tags,
    summary: 'Withdraw your consent: no more research news, and what was told to you is forgotten',
    responses: { 200: ResearchConsentAnswerSchema, 401: ApiErrorSchema },
  }),
  forYou: defineRoute({
    method: 'GET',
    supporterScope: 'profile',
    path: '/api/investigacion/para-ti/',
    tags,
    summary: 'The directory entries that match your consented disease and countries, and why each matched',
    responses: { 200: ResearchForYouSchema, 401: ApiErrorSchema },
  }),
  reach: defineRoute({
    method: 'GET',
    path: '/api/investigacion/proyectos/:id/alcance/',
    tags,
    summary:
      'For the project’s confirmed representatives: how many consenting members its codes reach per country, in bands from 10 (never fewer, never a name), and its call for participants',
    params: IdParams,
    responses: { 200: ResearchReachSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema },
  }),
  postCall: defineRoute({
    method: 'POST',
    path: '/api/investigacion/proyectos/:id/llamada/',
    tags,
    summary:
      'For the project’s confirmed representatives: its one call for participants, sent as a notification to the consenting members its codes reach',
    params: IdParams,
    body: ResearchCallInputSchema,
    responses: {
      201: ResearchReachSchema,
      400: ApiErrorSchema,
      401: ApiErrorSchema,
      403: ApiErrorSchema,
      404: ApiErrorSchema,
      409: ApiErrorSchema,
    },
  }),
  withdrawCall: defineRoute({
    method: 'DELETE',
    path: '/api/investigacion/proyectos/:id/llamada/',
    tags,
    summary:
      'For the project’s confirmed representatives and administrators: withdraw its call; members no longer read it, and no other call can be posted',
    params: IdParams,
    responses: { 200: ResearchReachSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema },
  }),
};
