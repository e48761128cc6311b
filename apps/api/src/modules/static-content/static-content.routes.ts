import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { MediaStore } from '../../lib/media-store';
import { notFound } from '../../lib/app-error';
import { sendError } from '../../plugins/errors';
import { createLocalisedFileReader, resolveLocalisedFile } from './localised-files';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function acceptsHtml(accept: string | undefined): boolean {
  return !!accept && (accept.includes('text/html') || accept.includes('*/*'));
}

/**
 * Everything that is not the API: translations and legal documents, landing images, uploaded
 * media, the built web app, and the client-side routing fallback (DESIGN.md "One process").
 */
export async function registerStaticContent(app: FastifyInstance, config: Config, mediaStore: MediaStore) {
  mkdirSync(config.paths.media, { recursive: true });
  const readLocalisedFile = createLocalisedFileReader({
    localesDir: path.join(config.paths.webPublic, 'locales'),
    operator: config.operator,
    cache: config.env === 'production',
  });

  app.get<{ Params: { lng: string; file: string } }>('/locales/:lng/:file', async (request, reply) => {
    const target = resolveLocalisedFile(request.params.lng, request.params.file);
    const text = target && (await readLocalisedFile(target.language, target.name));
    if (!text) throw notFound();
    return reply
      .header('cache-control', 'public, max-age=300')
      .type('application/json; charset=utf-8')
      .send(text);
  });

  await app.register(fastifyStatic, {
    root: path.join(config.paths.webPublic, 'img'),
    prefix: '/img/',
    decorateReply: false,
    maxAge: '1d',
  });

  if (config.s3) {
    // Objects stay private in the bucket; the API streams them at the same addresses.
    app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
      const file = await mediaStore.open(request.params['*']);
      if (!file) throw notFound();
      if (file.length !== undefined) void reply.header('content-length', file.length);
      return reply.header('cache-control', IMMUTABLE).type(file.contentType).send(file.body);
    });
  } else {
    await app.register(fastifyStatic, {
      root: config.paths.media,
      prefix: '/media/',
      decorateReply: false,
      // Uploaded images are re-encoded under new names, so a cached copy never goes stale; the
      // word cloud keeps its name but is always loaded with a new ?t= timestamp.
      immutable: true,
      maxAge: '365d',
    });
  }

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
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api' &&
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
      pathOnly.startsWith('/api') ? 'errors.route_not_found' : 'errors.not_found',
      {
        values: { method: request.method, path: pathOnly },
      },
    );
  });
}
