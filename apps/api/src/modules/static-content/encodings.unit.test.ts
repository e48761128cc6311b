import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, encodeOnce } from './encodings';

const all = { identity: Buffer.from('x'), br: Buffer.from('b'), gzip: Buffer.from('g') };

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, among what the client accepts', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', all)).toBe('br');
    expect(chooseEncoding('gzip, deflate', all)).toBe('gzip');
    expect(chooseEncoding('deflate', all)).toBe('identity');
    expect(chooseEncoding(undefined, all)).toBe('identity');
    expect(chooseEncoding('', all)).toBe('identity');
  });

  it('follows q-values, "*" and refusals', () => {
    expect(chooseEncoding('br;q=0.5, gzip;q=0.9', all)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip', all)).toBe('gzip');
    expect(chooseEncoding('*', all)).toBe('br');
    expect(chooseEncoding('*;q=0, identity', all)).toBe('identity');
    expect(chooseEncoding('BR', all)).toBe('br');
  });

  it('offers only the variants that exist', () => {
    expect(chooseEncoding('br, gzip', { identity: all.identity, gzip: all.gzip })).toBe('gzip');
    expect(chooseEncoding('br, gzip', { identity: all.identity })).toBe('identity');
  });
});

describe('encodeOnce', () => {
  it('compresses a text both ways, each decompressing to the text', async () => {
    const text = JSON.stringify({ words: Array.from({ length: 200 }, (_, i) => `palabra ${i}`) });
    const variants = await encodeOnce(text);
    expect(variants.identity.toString('utf8')).toBe(text);
    expect(brotliDecompressSync(variants.br!).toString('utf8')).toBe(text);
    expect(gunzipSync(variants.gzip!).toString('utf8')).toBe(text);
    expect(variants.br!.length).toBeLessThan(variants.identity.length);
  });

  it('leaves texts under 1 KiB as they are', async () => {
    expect(await encodeOnce('{"a":1}')).toEqual({ identity: Buffer.from('{"a":1}') });
  });
});
