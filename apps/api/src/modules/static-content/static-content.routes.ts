import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { isPrivateMediaKey, type MediaStore } from '../../lib/media-store';
import type { MediaGrantQuery, PrivateMedia } from '../../lib/private-media';
import { AppError, notFound } from '../../lib/app-error';
import { sendError } from '../../plugins/errors';
import { chooseEncoding, type EncodedVariants } from './encodings';
import { createLocalisedFileReader, resolveLocalisedFile } from './localised-files';
import { LOCALES_DIR } from '@juntos/locales';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** First path segments the web app never answers for: a miss there is a JSON 404, whatever the Accept. */
const SERVER_OWNED_SEGMENTS = new Set(['api', 'media']);

function acceptsHtml(accept: string | undefined): boolean {
  return !!accept && (accept.includes('text/html') || accept.includes('*/*'));
}

/** Adds Accept-Encoding to the Vary header, keeping whatever another part of the server put there. */
function varyOnAcceptEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) return;
  void reply.header('vary', [...names, 'Accept-Encoding'].join(', '));
}

/** Sends the variant the client accepts best among those compressed beforehand; nothing is compressed here. */
function sendEncoded(request: FastifyRequest, reply: FastifyReply, variants: EncodedVariants) {
  const encoding = chooseEncoding(request.headers['accept-encoding'], variants);
  varyOnAcceptEncoding(reply);
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  return reply.send(variants[encoding] ?? variants.identity);
}

/** A built file and the .br and .gz the web build wrote beside it (apps/web/build/precompress.ts). */
function readBuiltVariants(file: string): EncodedVariants {
  const variant = (suffix: string) =>
    existsSync(`${file}${suffix}`) ? readFileSync(`${file}${suffix}`) : undefined;
  const br = variant('.br');
  const gz = variant('.gz');
  return { identity: readFileSync(file), ...(br ? { br } : {}), ...(gz ? { gzip: gz } : {}) };
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

  // Files, not API answers: left out of the OpenAPI reference (plugins/route-schemas.ts). The
  // answer is compressed once, when the file is first read (localised-files.ts), never per request.
  app.get<{ Params: { lng: string; file: string } }>(
    '/locales/:lng/:file',
    { schema: { hide: true }, compress: false },
    async (request, reply) => {
      const target = resolveLocalisedFile(request.params.lng, request.params.file);
      const variants = target && (await readLocalisedFile(target.language, target.name));
      if (!variants) throw notFound();
      void reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8');
      return sendEncoded(request, reply, variants);
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
  // The app shell answers every page address: kept in memory with its compressed forms.
  const appShell = webBuilt ? readBuiltVariants(indexHtml) : undefined;
  if (webBuilt) {
    await app.register(async (builtFiles) => {
      // The build wrote .br and .gz beside each file, and @fastify/static sends the one accepted
      // with its Content-Encoding; @fastify/compress leaves those alone. What is left (files under
      // 1 KiB, or that compression does not shrink) is not worth compressing per request either.
      // Its route option cannot be set on the routes @fastify/static adds, hence its request flag.
      builtFiles.addHook('onRequest', async (request) => {
        request.headers['x-no-compression'] = 'precompressed';
      });
      await builtFiles.register(fastifyStatic, {
        root: config.paths.webDist,
        prefix: '/',
        index: false,
        // Routes only for the files built at start-up, so every other path reaches the
        // client-side routing fallback below instead of a directory listing refusal.
        wildcard: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders(res, filePath) {
          const assetsDir = `${path.sep}assets${path.sep}`;
          res.setHeader('cache-control', filePath.includes(assetsDir) ? IMMUTABLE : 'no-cache');
          // Caches keep one copy per encoding (@fastify/static does not say so itself).
          res.setHeader('vary', 'Accept-Encoding');
        },
      });
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
    if (isPage && appShell) {
      void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      return sendEncoded(request, reply, appShell);
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
