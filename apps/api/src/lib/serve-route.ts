import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteDefinition } from '@juntos/domain';
import { runActing } from '../db/acting-viewer';

/** What a route module adds to a definition: who may call it (its hooks) and its own settings. */
export type RouteOptions = Pick<
  RouteShorthandOptions,
  'onRequest' | 'preParsing' | 'preValidation' | 'preHandler' | 'bodyLimit' | 'config' | 'onSend'
>;

type Part<D, Key extends string> = D extends { [K in Key]: infer S } ? S : undefined;

/** The Fastify schema a definition stands for, as a type: the handler's request and reply follow from it. */
export type SchemaOf<D extends RouteDefinition> = {
  params: Part<D, 'params'>;
  querystring: Part<D, 'query'>;
  body: Part<D, 'body'>;
  response: D['responses'];
};

export type RouteHandler<D extends RouteDefinition> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<D> & FastifySchema,
  ZodTypeProvider
>;

/**
 * Registers a route from its definition in `@juntos/domain` (decision 0036): the method, path,
 * input and answer schemas, summary and tags come from the definition; the module gives the hooks
 * (`requireAuth`, …) and the handler, typed by the definition's schemas. An upload route's form
 * (`definition.form`) becomes `config.form`, which `readForm` reads and the OpenAPI transform
 * documents (`plugins/route-schemas.ts`).
 */
export function serveRoute<D extends RouteDefinition>(
  app: FastifyInstance,
  definition: D,
  options: RouteOptions,
  handler: RouteHandler<D>,
) {
  const { form } = definition;
  const schema: FastifySchema = {
    tags: [...definition.tags],
    summary: definition.summary,
    response: definition.responses,
    ...(definition.description !== undefined && { description: definition.description }),
    ...(definition.params && { params: definition.params }),
    ...(definition.query && { querystring: definition.query }),
    ...(definition.body && { body: definition.body }),
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    method: definition.method,
    url: definition.path,
    schema,
    config: {
      ...options.config,
      ...(definition.supporterScope && { supporterScope: definition.supporterScope }),
      ...(form && {
        form: {
          fields: form.fields,
          file: form.file,
          fileRequired: form.fileRequired ?? false,
          fileDescription: form.fileDescription,
        },
      }),
    },
    // A supporter's request runs as the pair (decision 0047): the reach rule applies to both.
    handler: function servedRoute(this: FastifyInstance, request, reply) {
      const supporter = request.supporter;
      const run = () => (handler as RouteHandlerMethod).call(this, request, reply);
      return supporter === undefined
        ? run()
        : runActing({ memberId: request.userId, supporterId: supporter.id }, run);
    },
  });
}

/** `serveRoute` bound to one app, for a route module: `serve(postRoutes.feed, member, handler)`. */
export const routeServer =
  (app: FastifyInstance) =>
  <D extends RouteDefinition>(definition: D, options: RouteOptions, handler: RouteHandler<D>) =>
    serveRoute(app, definition, options, handler);
