import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { requiresSignIn } from './signed-in';

/** The browsable reference; its own routes are hidden from the document it shows. */
export const MULTIPART = 'multipart/form-data';
const BEARER = [{ bearer: [] }];

type JsonObjectSchema = { type?: string; properties?: Record<string, unknown>; required?: string[] };

/**
 * What a route's options say beyond its schema, written into its operation so that nothing is
 * declared by hand route by route (issue 32): a route guarded by `requireAuth` (or a check built
 * on it) gets the bearer security requirement, and an upload route (`uploadForm`) its
 * multipart/form-data body, the declared text fields plus the file. The body exists in the
 * document only: Fastify does not validate a multipart body against it (the service parses the
 * fields with the same domain schema).
 */
function describeRouteOptions(document: Parameters<typeof jsonSchemaTransform>[0]) {
  const route: RouteOptions = document.route;
  const form = route.config?.form;
  const schema: FastifySchema = form
    ? { ...document.schema, body: form.fields, consumes: [MULTIPART] }
    : document.schema;
  const transformed = jsonSchemaTransform({ ...document, schema });
  const described: FastifySchema & { hide?: boolean; security?: unknown } = transformed.schema;
  if (described.hide) return transformed;
  if (form) {
    const body = described.body as JsonObjectSchema;
    body.properties = {
      ...body.properties,
      [form.file]: { type: 'string', format: 'binary', description: form.fileDescription },
    };
    if (form.fileRequired) body.required = [...(body.required ?? []), form.file];
  }
  if (requiresSignIn(route)) described.security ??= BEARER;
  return transformed;
}

export const API_DOCS_PREFIX = '/api/docs';
export const OPENAPI_DOCUMENT_URL = '/api/openapi.json';

/**
 * The route schema is the contract (issue 17): every route declares params, query, body and its
 * answers with the zod schemas of `@juntos/domain`. Fastify validates the input with them (a
 * failure reaches `plugins/errors.ts` as FST_ERR_VALIDATION and is answered like a handler's
 * ZodError), serializes each answer through its schema (fields not declared never leave the
 * server; an answer that does not fit is a logged 500) and OpenAPI 3.1 is generated from them.
 *
 * Wrapped in fastify-plugin so the compilers and the swagger collector reach every route of the
 * app, not only routes registered inside this plugin. Must be registered before the routes:
 * @fastify/swagger sees only routes added after it.
 */
export const routeSchemas = fp(
  async (app: FastifyInstance) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Juntos API',
          description:
            'Request and answer shapes of every HTTP route, generated from the route schemas. ' +
            'The chat socket protocol, rules and limits are described in docs/api.md.',
          version: '1',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      transform: describeRouteOptions,
    });

    // The UI's page loads only its own script and style files, so the app's strict CSP
    // (plugins/security-headers.ts: script-src 'self', inline styles allowed) serves it unchanged.
    await app.register(swaggerUi, {
      routePrefix: API_DOCS_PREFIX,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });

    app.withTypeProvider<ZodTypeProvider>().get(
      OPENAPI_DOCUMENT_URL,
      { schema: { hide: true } },
      // The document itself is not a route of the API it describes.
      async () => app.swagger(),
    );
  },
  { name: 'route-schemas' },
);
