import { ApiErrorSchema } from '../errors';
import { ResearchConsentAnswerSchema, ResearchConsentInputSchema, ResearchForYouSchema } from '../research';
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
    path: '/api/investigacion/para-ti/',
    tags,
    summary: 'The directory entries that match your consented disease and countries, and why each matched',
    responses: { 200: ResearchForYouSchema, 401: ApiErrorSchema },
  }),
};
