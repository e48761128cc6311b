import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One text in every encoding the server sends; a variant is left out when it does not shrink. */
export type EncodedVariants = { identity: Buffer; br?: Buffer; gzip?: Buffer };

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** Below this size the headers outweigh what compression saves (the web build's threshold too). */
const MIN_BYTES = 1024;

/**
 * Compresses a text once, off the event loop (zlib's thread pool): brotli at its best quality and
 * gzip at level 9, as the web build does for its files (decision 0017).
 */
export async function encodeOnce(text: string): Promise<EncodedVariants> {
  const identity = Buffer.from(text, 'utf8');
  if (identity.length < MIN_BYTES) return { identity };
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    identity,
    ...(br.length < identity.length ? { br } : {}),
    ...(gz.length < identity.length ? { gzip: gz } : {}),
  };
}

/**
 * The variant to send for an Accept-Encoding header: the one the client weighs highest among
 * those that exist, brotli before gzip at equal weight, otherwise the text itself. The same
 * negotiation @fastify/static and @fastify/compress run for the other answers; codings are
 * case-insensitive (RFC 9110), which it does not handle itself.
 */
export function chooseEncoding(header: string | undefined, variants: EncodedVariants): ContentEncoding {
  const available = (['br', 'gzip'] as const).filter((name) => variants[name]);
  return negotiate<'br' | 'gzip'>(header?.toLowerCase() ?? '', available) ?? 'identity';
}
