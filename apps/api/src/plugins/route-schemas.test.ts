import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { API_DOCS_PREFIX, OPENAPI_DOCUMENT_URL } from './route-schemas';

type JsonSchema = {
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};
type Operation = {
  responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

/**
 * Routes that answer no JSON and so carry no response schema, each with its reason. Anything
 * else in the route table must describe a 2xx answer in the OpenAPI document.
 */
const NOT_JSON: { match: (url: string) => boolean; reason: string }[] = [
  { match: (url) => url === OPENAPI_DOCUMENT_URL, reason: 'the OpenAPI document itself' },
  {
    match: (url) => url === API_DOCS_PREFIX || url.startsWith(`${API_DOCS_PREFIX}/`),
    reason: 'the Swagger UI',
  },
  {
    // The built web app registers one route per file (@fastify/static with wildcard: false), so
    // this list cannot name them; the contract is the API under /api/.
    match: (url) => !url.startsWith('/api/'),
    reason:
      'outside /api/: the web app (HTML, scripts, styles), translation files, pictures, stored media and the Prometheus metrics',
  },
  {
    match: (url) => url === '/api/metrics/',
    reason: 'Prometheus text format for the operators, only with METRICS_TOKEN (docs/operations.md)',
  },
  {
    match: (url) => url.startsWith('/api/__test__/'),
    reason: 'test-only routes (NODE_ENV=test): validated by their schemas, hidden from the reference',
  },
];

/** Fastify's `/api/posts/:id/` is OpenAPI's `/api/posts/{id}/`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** A 2xx with a body schema, or a 204 whose schema says it has none (swagger's default says nothing). */
const describesSuccess = (operation: Operation | undefined) =>
  Object.entries(operation?.responses ?? {}).some(
    ([status, response]) =>
      /^2\d\d$/.test(status) &&
      (response.content !== undefined || (status === '204' && response.description !== 'Default Response')),
  );

describe('route schemas: the contract of every route (issue 17)', () => {
  let test: TestApp;
  let app: FastifyInstance;
  let document: OpenApiDocument;

  beforeAll(async () => {
    test = await createTestApp();
    app = test.app;
    await app.ready();
    const response = await app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_URL });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it('serves OpenAPI 3.1 generated from the route schemas', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/health/']?.get?.responses?.['200']?.content).toBeDefined();
  });

  it('describes a 2xx answer for every route of the app', () => {
    const undocumented = app.routeTable
      .filter((route) => route.method !== 'HEAD' && !route.websocket)
      .filter((route) => !NOT_JSON.some((exception) => exception.match(route.url)))
      .filter((route) => {
        const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
        return !describesSuccess(operation);
      })
      .map((route) => `${route.method} ${route.url}`);
    expect(undocumented, 'routes without a described 2xx answer (declare schema.response)').toEqual([]);
  });

  const operationOf = (route: { method: string; url: string }) =>
    document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
  const declaresBearer = (operation: Operation | undefined) =>
    operation?.security?.some((requirement) => 'bearer' in requirement) === true;
  const documented = () =>
    app.routeTable.filter(
      (route) =>
        route.method !== 'HEAD' &&
        !route.websocket &&
        !NOT_JSON.some((exception) => exception.match(route.url)),
    );

  it('declares the bearer security of every route the route table marks as signed-in only', () => {
    const signedIn = documented().filter((route) => route.signedIn);
    // The guard is found on the routes at all (a broken marker would make this test pass empty).
    expect(signedIn.length).toBeGreaterThan(100);
    const undeclared = signedIn
      .filter((route) => !declaresBearer(operationOf(route)))
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared, 'signed-in routes without `security: [{ bearer: [] }]`').toEqual([]);
  });

  it('declares security on every route that answers 401 without a token (however it checks)', async () => {
    const refusedWithoutToken: string[] = [];
    for (const route of documented()) {
      const url = route.url.replace(/:[A-Za-z0-9_]+/g, '1');
      const response = await app.inject({ method: route.method as 'GET', url });
      if (response.statusCode === 401) refusedWithoutToken.push(`${route.method} ${route.url}`);
    }
    expect(refusedWithoutToken.length).toBeGreaterThan(100);
    const undeclared = refusedWithoutToken.filter((line) => {
      const [method = '', url = ''] = line.split(' ');
      return !declaresBearer(operationOf({ method, url }));
    });
    expect(undeclared, 'routes that need a token but declare no security').toEqual([]);
    // And the converse: a route that says it needs a token does need one.
    const needless = documented()
      .filter((route) => declaresBearer(operationOf(route)))
      .map((route) => `${route.method} ${route.url}`)
      .filter((line) => !refusedWithoutToken.includes(line));
    expect(needless, 'routes that declare security but answer without a token').toEqual([]);
  });

  it('declares the multipart body, text fields and file, of every upload route', () => {
    const uploads = documented().filter((route) => route.upload);
    expect(uploads.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['POST /api/posts/', 'PUT /api/profile/', 'POST /api/gallery/images/']),
    );
    const incomplete = uploads
      .filter((route) => {
        const schema = operationOf(route)?.requestBody?.content?.['multipart/form-data']?.schema;
        const fields = Object.values(schema?.properties ?? {});
        const files = fields.filter((field) => field.format === 'binary');
        return files.length !== 1 || fields.length < 2;
      })
      .map((route) => `${route.method} ${route.url}`);
    expect(incomplete, 'upload routes without a multipart/form-data body of fields and one file').toEqual([]);
    const post = operationOf({ method: 'POST', url: '/api/posts/' })?.requestBody?.content?.[
      'multipart/form-data'
    ]?.schema;
    expect(Object.keys(post?.properties ?? {})).toEqual(
      expect.arrayContaining(['title', 'text', 'image_alt', 'symbols', 'image']),
    );
    expect(post?.required).toEqual(['text']);
    const image = operationOf({ method: 'POST', url: '/api/gallery/images/' })?.requestBody?.content?.[
      'multipart/form-data'
    ]?.schema;
    expect(image?.required).toEqual(expect.arrayContaining(['title', 'image']));
  });

  it('serves the browsable reference at /api/docs/ under the app’s CSP', async () => {
    const page = await app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // The page loads only its own scripts: nothing inline that the CSP would block.
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const script = await app.inject({
      method: 'GET',
      url: `${API_DOCS_PREFIX}/static/swagger-initializer.js`,
    });
    expect(script.statusCode).toBe(200);
  });
});
