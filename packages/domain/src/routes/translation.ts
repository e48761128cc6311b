import { ApiErrorSchema } from '../errors';
import { TranslationRequestSchema, TranslationSchema, TranslationServiceSchema } from '../translation';
import { defineRoute } from './define-route';

const tags = ['translation'];

/** Translation through the operator's own server (issue 37 point 4; not in the spec: docs/api.md "Translation"). */
export const translationRoutes = {
  service: defineRoute({
    method: 'GET',
    supporterScope: 'any',
    path: '/api/translations/',
    tags,
    summary: 'Whether this site translates on its own translation server (TRANSLATE_URL)',
    responses: { 200: TranslationServiceSchema },
  }),
  translate: defineRoute({
    method: 'POST',
    supporterScope: 'any',
    path: '/api/translations/',
    tags,
    summary:
      "Translate a text you are reading into your language on the site's own translation server; never sent to anyone else",
    body: TranslationRequestSchema,
    responses: {
      200: TranslationSchema,
      502: ApiErrorSchema.describe(
        'translation_failed: the translation server did not answer in time or refused',
      ),
      503: ApiErrorSchema.describe('translation_unavailable: this site has no translation server'),
    },
  }),
};
