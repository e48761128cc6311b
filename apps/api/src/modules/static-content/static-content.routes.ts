import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { isPrivateMediaKey, type MediaStore } from '../../lib/media-store';
import type { MediaGrantQuery, PrivateMedia } from '../../lib/private-media';
import { AppError, notFound } from '../../lib/app-error';
import { sendError } from '../../plugins/errors';
import { createLocalisedFileReader, resolveLocalisedFile } from './localised-files';
import { LOCALES_DIR } from '@juntos/locales';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** First path segments the web app never answers for: a miss there is a JSON 404, whatever the Accept. */
const SERVER_OWNED_SEGMENTS = new Set(['api', 'media']);

function acceptsHtml(accept: string | undefined): boolean {
  return !!accept && (accept.includes('text/html') || accept.includes('*/*'));
}

/**
 * The first segment of a request path as a browser, proxy or CDN in front of us might read it:
 * decoded (repeatedly, as some proxies do), dot segments and doubled slashes resolved, `;params`
 * dropped, in lower case. The fallback is decided on this reading, so no spelling of an erased
 * picture's address (`/media%2Fusers/…`, `//media/…`, `/./Media/…`) is answered with the app shell
 * and a 200. Undefined when the path does not decode: not a page either.
 */
export function firstPathSegment(url: string): string | undefined {
  let pathOnly = url.split(/[?#]/, 1)[0] ?? '/';
  for (let round = 0; round < 3 && pathOnly.includes('%'); round++) {
    try {
      pathOnly = decodeURIComponent(pathOnly);
    } catch {
      return undefined;
    }
  }
  const segment = path.posix
    .normalize(pathOnly.replaceAll('\\', '/'))
    .split('/')
    .find((part) => part !== '');
  return (segment ?? '').split(';', 1)[0]?.toLowerCase();
}

/**
 * Everything that is not the API: translations and legal documents, landing images, uploaded
 * media, the built web app, and the client-side routing fallback (DESIGN.md "One process").
 */
export async function registerStaticContent(
  app: FastifyInstance,
  config: Config,
  mediaStore: MediaStore,
  privateMedia: PrivateMedia,
) {
  mkdirSync(config.paths.media, { recursive: true });
  const readLocalisedFile = createLocalisedFileReader({
    localesDir: LOCALES_DIR,
    facts: { operator: config.operator, mediaCacheSeconds: config.mediaCacheSeconds },
    cache: config.env === 'production',
  });

  // Files, not API answers: left out of the OpenAPI reference (plugins/route-schemas.ts).
  app.get<{ Params: { lng: string; file: string } }>(
    '/locales/:lng/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const target = resolveLocalisedFile(request.params.lng, request.params.file);
      const text = target && (await readLocalisedFile(target.language, target.name));
      if (!text) throw notFound();
      return reply
        .header('cache-control', 'public, max-age=300')
        .type('application/json; charset=utf-8')
        .send(text);
    },
  );

  await app.register(fastifyStatic, {
    root: path.join(config.paths.webPublic, 'img'),
    prefix: '/img/',
    decorateReply: false,
    maxAge: '1d',
  });

  // One route for both stores (the S3 objects stay private in the bucket and are streamed from
  // here), so the rule below holds whichever store runs. Public files (avatars, post pictures,
  // the word cloud) are re-encoded under new names, so a cached copy never goes stale (the word
  // cloud keeps its name but is always loaded with a new ?t= timestamp); they are still cached for
  // a bounded time only, not a year, because a deleted picture lives on in every cache that holds
  // it (MEDIA_CACHE_SECONDS, docs/operations.md "Media"). Private files (friends-only gallery
  // pictures) need the signed address the gallery hands out after its access check, and may only
  // be kept in the viewer's own cache until that address expires.
  const publicMediaCacheControl = `public, max-age=${config.mediaCacheSeconds}`;
  app.get<{ Params: { '*': string }; Querystring: MediaGrantQuery }>(
    '/media/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      let cacheControl = publicMediaCacheControl;
      if (isPrivateMediaKey(key)) {
        const grant = privateMedia.check(key, request.query);
        // Without any seal the file is as good as absent: its existence is not confirmed.
        if (grant.status === 'missing') throw notFound();
        if (grant.status !== 'valid')
          throw new AppError(403, 'media_link_invalid', 'errors.media_link_invalid');
        cacheControl = `private, max-age=${grant.maxAge}`;
      }
      const file = await mediaStore.open(key);
      if (!file) throw notFound();
      if (file.length !== undefined) void reply.header('content-length', file.length);
      return reply.header('cache-control', cacheControl).type(file.contentType).send(file.body);
    },
  );

  const indexHtml = path.join(config.paths.webDist, 'index.html');
  const webBuilt = existsSync(indexHtml);
  if (webBuilt) {
    await app.register(fastifyStatic, {
      root: config.paths.webDist,
      prefix: '/',
      index: false,
      // Routes only for the files built at start-up, so every other path reaches the
      // client-side routing fallback below instead of a directory listing refusal.
      wildcard: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const assetsDir = `${path.sep}assets${path.sep}`;
        res.setHeader('cache-control', filePath.includes(assetsDir) ? IMMUTABLE : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist: config.paths.webDist }, 'web app not built: run `npm run build`');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const segment = firstPathSegment(request.url);
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      segment !== undefined &&
      !SERVER_OWNED_SEGMENTS.has(segment) &&
      acceptsHtml(request.headers.accept);
    if (isPage && webBuilt) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.paths.webDist);
    }
    const [pathOnly = '/'] = request.url.split('?');
    return sendError(
      request,
      reply,
      404,
      'not_found',
      segment === 'api' ? 'errors.route_not_found' : 'errors.not_found',
      {
        values: { method: request.method, path: pathOnly },
      },
    );
  });
}
