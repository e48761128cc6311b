import type { z } from 'zod';
import type { SupporterScope } from '../supporter-scopes';

/*
 * One typed route table (issue 33, decision 0036). Each HTTP route is declared once here, with
 * the schemas of its input and of each answer: the API registers the route from its definition
 * (Fastify validates the input, serializes the answers and writes the OpenAPI document from it),
 * and the web calls it with `apiCall(route, …)`, whose argument and result types come from the
 * same definition. A changed answer then breaks the build of both sides, not a screen.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The multipart body of an upload route: its text fields (the domain schema the service parses
 * them with) and its one file field. Fastify does not validate a multipart body against it; the
 * OpenAPI document shows it, and the API's form reader refuses to read a form a route did not declare.
 */
export type RouteForm = {
  fields: z.ZodObject;
  file: string;
  fileRequired?: boolean;
  fileDescription: string;
};

export type RouteDefinition = {
  method: HttpMethod;
  /** Fastify's form: `/api/posts/:id/`; each `:name` is a key of `params`. */
  path: string;
  /** The OpenAPI operation's summary and its group. */
  summary: string;
  tags: readonly string[];
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart body (an upload), instead of `body`. */
  form?: RouteForm;
  /**
   * What a supporter acting for the member needs to call it (decision 0047); without it the
   * route refuses an acting token with 403 `supporter_not_allowed`.
   */
  supporterScope?: SupporterScope;
  /** Every answer the route gives, by status; the 2xx ones are what `apiCall` resolves to. */
  responses: Readonly<Record<number, z.ZodType>>;
};

/** Keeps the literal types of a definition (its method, path and schemas): nothing happens at run time. */
export const defineRoute = <const Definition extends RouteDefinition>(definition: Definition): Definition =>
  definition;

type SuccessStatus = 200 | 201 | 202 | 203 | 204;

/** What a call resolves to: the answer of any 2xx status the route declares. */
export type RouteAnswer<D extends RouteDefinition> = D extends RouteDefinition
  ? {
      [Status in keyof D['responses']]: Status extends SuccessStatus
        ? z.output<D['responses'][Status]>
        : never;
    }[keyof D['responses']]
  : never;

/** The path parameters, as the handler reads them (numbers are written into the path as text). */
export type RouteParams<D extends RouteDefinition> = D extends { params: infer P extends z.ZodType }
  ? z.output<P>
  : undefined;

/**
 * A query as the caller writes it: a field may be left out where the schema allows it (a
 * default, an optional filter), and carries the type the server reads (numbers arrive as text
 * and are coerced back).
 */
export type RouteQuery<D extends RouteDefinition> = D extends { query: infer Q extends z.ZodType }
  ? { [Key in keyof z.input<Q>]: Key extends keyof z.output<Q> ? z.output<Q>[Key] : never }
  : undefined;

/** A JSON body as the caller sends it, or an upload's text fields and file. */
export type RouteBody<D extends RouteDefinition> = D extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : D extends { form: infer F extends RouteForm }
    ? { fields: Partial<Record<keyof z.input<F['fields']>, string>>; file?: Blob | undefined }
    : undefined;

type PathValue = string | number | bigint | boolean;

/**
 * A route's address with its path parameters: `/api/posts/:id/` with `{ id: 7 }` is
 * `/api/posts/7/`. A missing parameter is a bug of the caller, so it throws.
 */
export function routePath<D extends RouteDefinition>(route: D, params: RouteParams<D>): string {
  const values = (params ?? {}) as Record<string, PathValue | null | undefined>;
  return route.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`${route.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
