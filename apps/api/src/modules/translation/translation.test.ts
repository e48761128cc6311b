import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSLATION_TEXT_MAX, type Translation } from '@juntos/domain';
import { createActiveMember } from '../../test-support/accounts';
import { requestAs } from '../../test-support/requests';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { startTranslationServer } from '../../test-support/translation-server';

type Member = Awaited<ReturnType<typeof createActiveMember>>;
const greek = { text: 'Σήμερα ο γιος μου ήταν πολύ γενναίος.', source: 'el', target: 'pl' };

/**
 * Issue 37 point 4: a member reads a text in their language through the operator's own
 * translation server (TRANSLATE_URL, LibreTranslate's API), never anyone else's.
 */
describe('translation through the operator’s server', () => {
  let server: Awaited<ReturnType<typeof startTranslationServer>>;
  let t: TestApp;
  let reader: Member;
  beforeAll(async () => {
    server = await startTranslationServer({ apiKey: 'operator-key' });
    t = await createTestApp({ TRANSLATE_URL: server.url, TRANSLATE_API_KEY: 'operator-key' });
    reader = await createActiveMember(t.app);
  });
  afterAll(async () => {
    await t.cleanup();
    await server.close();
  });

  const translate = (body: object, access: string | undefined = reader.access) =>
    requestAs(t.app, access, 'POST', '/api/translations/', body);

  it('says the site translates, to members only', async () => {
    expect((await requestAs(t.app, reader.access, 'GET', '/api/translations/')).json()).toEqual({
      server: true,
    });
    expect((await requestAs(t.app, undefined, 'GET', '/api/translations/')).statusCode).toBe(401);
  });

  it('translates through TRANSLATE_URL with the operator’s key, and once per text and language', async () => {
    const before = server.calls.length;
    const first = await translate(greek);
    expect(first.statusCode).toBe(200);
    expect(first.json<Translation>()).toEqual({ text: `[pl] ${greek.text}`, source: 'el', target: 'pl' });
    expect(server.calls.slice(before)).toEqual([
      { q: greek.text, source: 'el', target: 'pl', format: 'text', api_key: 'operator-key' },
    ]);

    // Another reader, the same text and language: answered from the cache.
    const other = await createActiveMember(t.app);
    expect((await translate(greek, other.access)).json<Translation>().text).toBe(`[pl] ${greek.text}`);
    // Into another language, it is a new translation.
    expect((await translate({ ...greek, target: 'en' })).json<Translation>().text).toBe(`[en] ${greek.text}`);
    expect(server.calls.length - before).toBe(2);
  });

  it('refuses strangers and bad requests with the field named, in the reader’s language', async () => {
    expect((await requestAs(t.app, undefined, 'POST', '/api/translations/', greek)).statusCode).toBe(401);
    const empty = await translate({ ...greek, text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'validation_failed', fields: { text: expect.any(String) } });
    const long = await translate({ ...greek, text: 'α'.repeat(TRANSLATION_TEXT_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json<{ fields: object }>().fields)).toEqual(['text']);
    const unknown = await translate({ ...greek, target: 'tlh' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json<{ fields: object }>().fields)).toEqual(['target']);
    const same = await requestAs(
      t.app,
      reader.access,
      'POST',
      '/api/translations/',
      { ...greek, target: 'el' },
      'es',
    );
    expect(same.statusCode).toBe(400);
    expect(same.json<{ fields: Record<string, string> }>().fields.target).toMatch(/idioma/i);
  });

  it('tells the reader when the translation server fails, and caches nothing then', async () => {
    server.fail(true);
    const text = { ...greek, text: 'Ευχαριστώ για όλα.' };
    try {
      const refused = await translate(text);
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ code: 'translation_failed' });
    } finally {
      server.fail(false);
    }
    expect((await translate(text)).json<Translation>().text).toBe(`[pl] ${text.text}`);
  });
});

describe('translation without a translation server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());

  it('says so, and refuses to translate rather than sending the text anywhere', async () => {
    const reader = await createActiveMember(t.app);
    expect((await requestAs(t.app, reader.access, 'GET', '/api/translations/')).json()).toEqual({
      server: false,
    });
    const refused = await requestAs(t.app, reader.access, 'POST', '/api/translations/', greek);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'translation_unavailable' });
  });
});
