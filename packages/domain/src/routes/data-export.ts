import { ApiErrorSchema } from '../errors';
import { LatestExportAnswerSchema, RequestedExportAnswerSchema } from '../member-data';
import { defineRoute } from './define-route';

const tags = ['data-export'];

/**
 * The member's copy of their data (not named by the spec; GDPR Art. 20): ask for one and see how
 * it is going. The download of the archive (`/api/mis-datos/exportacion/:id/archivo/`) answers
 * bytes, not JSON, so it is declared by its module, not here.
 */
export const dataExportRoutes = {
  latest: defineRoute({
    method: 'GET',
    path: '/api/mis-datos/exportacion/',
    tags,
    summary: "The member's latest copy of their data, if any",
    responses: { 200: LatestExportAnswerSchema, 401: ApiErrorSchema },
  }),
  request: defineRoute({
    method: 'POST',
    path: '/api/mis-datos/exportacion/',
    tags,
    summary: 'Asks for a copy of the member’s data, prepared in the background',
    responses: { 202: RequestedExportAnswerSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
  }),
};
