import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

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

/** q-values of an Accept-Encoding header, by coding in lower case ("*" included). */
function acceptedCodings(header: string | undefined): Map<string, number> {
  const codings = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    codings.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return codings;
}

/**
 * The variant to send for an Accept-Encoding header: brotli, then gzip, when the client takes
 * them (q > 0, named or through "*"), otherwise the text itself. Equal q-values favour the smaller.
 */
export function chooseEncoding(header: string | undefined, variants: EncodedVariants): ContentEncoding {
  const codings = acceptedCodings(header);
  const weight = (name: string) => codings.get(name) ?? codings.get('*') ?? 0;
  const candidates = (['br', 'gzip'] as const).filter((name) => variants[name] && weight(name) > 0);
  if (candidates.length === 0) return 'identity';
  return candidates.reduce((best, name) => (weight(name) > weight(best) ? name : best));
}
