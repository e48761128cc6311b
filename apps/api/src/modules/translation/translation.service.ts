import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Translation, TranslationRequest, TranslationService } from '@juntos/domain';
import { AppError } from '../../lib/app-error';
import type { RateLimits } from '../../lib/rate-limiter';

/** The operator's own LibreTranslate server (TRANSLATE_URL), if any. */
export type TranslationServerConfig = { url: string; apiKey: string | undefined };

/** How long a translation server may take for one post before the member is told it failed. */
const SERVER_TIMEOUT_MS = 15_000;
/**
 * Translations kept in memory, so a post many members open in the same language is translated
 * once. Bounded in count and in time: the cache holds members' words, so it forgets them within
 * the hour (a deleted post's translation does not outlive it by more) and never grows past this.
 */
const CACHE_ENTRIES = 2_000;
const CACHE_TTL_MS = 60 * 60 * 1000;
/** A reader translating a thread post by post stays well inside this; a script does not. */
const TRANSLATIONS_PER_MINUTE = 60;

const unavailable = () => new AppError(503, 'translation_unavailable', 'text_translation.errors.unavailable');
const failed = () => new AppError(502, 'translation_failed', 'text_translation.errors.failed');

type Cached = { text: string; until: number };

/**
 * Translation through the operator's own server (issue 37 point 4, decision 0046). The web
 * prefers the browser's on-device translator; this is for browsers without one. The text goes
 * only to TRANSLATE_URL, which speaks LibreTranslate's API (`POST /translate`).
 */
export function createTranslationService(deps: {
  server: TranslationServerConfig | undefined;
  rateLimits: RateLimits;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  // A Map keeps insertion order: the first key is the oldest, and a hit moves its key to the end.
  const cache = new Map<string, Cached>();
  // Two readers asking for the same text at once share one call to the server.
  const inFlight = new Map<string, Promise<string>>();
  const perMember = deps.rateLimits.fixedWindow('translation', {
    points: TRANSLATIONS_PER_MINUTE,
    windowMs: 60_000,
  });

  const keyOf = ({ text, source, target }: TranslationRequest) =>
    createHash('sha256').update(`${source}\n${target}\n${text}`).digest('base64url');

  function remembered(key: string): string | undefined {
    const hit = cache.get(key);
    if (!hit) return undefined;
    cache.delete(key);
    if (hit.until <= now()) return undefined;
    cache.set(key, hit);
    return hit.text;
  }

  function remember(key: string, text: string) {
    cache.set(key, { text, until: now() + CACHE_TTL_MS });
    while (cache.size > CACHE_ENTRIES) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
  }

  async function askServer(server: TranslationServerConfig, request: TranslationRequest): Promise<string> {
    const endpoint = new URL('translate', server.url.endsWith('/') ? server.url : `${server.url}/`);
    let answer: Response;
    try {
      answer = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          q: request.text,
          source: request.source,
          target: request.target,
          format: 'text',
          ...(server.apiKey ? { api_key: server.apiKey } : {}),
        }),
        signal: AbortSignal.timeout(SERVER_TIMEOUT_MS),
      });
    } catch (error) {
      // The member's text is not logged: only that the server could not be reached.
      deps.log.warn(
        { err: error instanceof Error ? error.name : 'unknown' },
        'translation server unreachable',
      );
      throw failed();
    }
    const body: unknown = await answer.json().catch(() => undefined);
    const translated =
      typeof body === 'object' && body !== null && 'translatedText' in body ? body.translatedText : undefined;
    if (!answer.ok || typeof translated !== 'string') {
      deps.log.warn({ status: answer.status }, 'translation server refused a translation');
      throw failed();
    }
    return translated;
  }

  return {
    status(): TranslationService {
      return { server: deps.server !== undefined };
    },

    async translate(userId: number, request: TranslationRequest): Promise<Translation> {
      const server = deps.server;
      if (!server) throw unavailable();
      const key = keyOf(request);
      const known = remembered(key);
      const answer = (text: string) => ({ text, source: request.source, target: request.target });
      if (known !== undefined) return answer(known);
      await perMember.hit(String(userId));
      let pending = inFlight.get(key);
      if (!pending) {
        pending = askServer(server, request).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      const text = await pending;
      remember(key, text);
      return answer(text);
    },
  };
}

export type TranslationServiceApi = ReturnType<typeof createTranslationService>;
