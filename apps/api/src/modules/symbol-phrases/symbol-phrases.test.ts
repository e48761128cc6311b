import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYMBOL_LIMITS, type SymbolPhrase } from '@juntos/domain';
import { symbolPhrases } from '../../db/schema';
import { createActiveMember } from '../../test-support/accounts';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { deleteAccount, requestAs } from '../../test-support/requests';
import type { Member } from '../../test-support/profiles';

describe('own phrases of the symbol board', () => {
  let t: TestApp;
  let owner: Member;
  let other: Member;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createActiveMember(t.app);
    other = await createActiveMember(t.app);
  });
  afterAll(async () => t.cleanup());

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    who?: Member,
    payload?: object,
    language = 'en',
  ) => requestAs(t.app, who?.access, method, url, payload, language);

  it('needs a signed-in member', async () => {
    expect((await call('GET', '/api/symbol-phrases/')).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/symbol-phrases/', undefined, { text: 'x', symbol: 'yes' })).statusCode,
    ).toBe(401);
    expect((await call('DELETE', '/api/symbol-phrases/1/')).statusCode).toBe(401);
  });

  it('adds, lists in order and removes the member’s own phrases', async () => {
    const first = await call('POST', '/api/symbol-phrases/', owner, {
      text: '  My physiotherapy on Tuesday  ',
      symbol: 'hospital',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json<SymbolPhrase>()).toMatchObject({
      text: 'My physiotherapy on Tuesday',
      symbol: 'hospital',
    });
    const second = (
      await call('POST', '/api/symbol-phrases/', owner, { text: 'Can you help me?', symbol: 'help' })
    ).json<SymbolPhrase>();
    const listed = (await call('GET', '/api/symbol-phrases/', owner)).json<SymbolPhrase[]>();
    expect(listed.map((phrase) => phrase.text)).toEqual(['My physiotherapy on Tuesday', 'Can you help me?']);
    expect((await call('GET', '/api/symbol-phrases/', other)).json()).toEqual([]);

    expect((await call('DELETE', `/api/symbol-phrases/${second.id}/`, owner)).statusCode).toBe(204);
    expect((await call('GET', '/api/symbol-phrases/', owner)).json<SymbolPhrase[]>()).toHaveLength(1);
  });

  it('lets nobody else remove a phrase: the same 404 as an unknown id', async () => {
    const phrase = (
      await call('POST', '/api/symbol-phrases/', owner, { text: 'Mine only', symbol: 'me' })
    ).json<SymbolPhrase>();
    const byOther = await call('DELETE', `/api/symbol-phrases/${phrase.id}/`, other);
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toMatchObject({
      code: 'not_found',
      error: 'This phrase does not exist, or it is not yours.',
    });
    expect((await call('DELETE', '/api/symbol-phrases/999999/', owner)).statusCode).toBe(404);
    expect(
      (await call('GET', '/api/symbol-phrases/', owner)).json<SymbolPhrase[]>().map((p) => p.id),
    ).toContain(phrase.id);
  });

  it('refuses an empty or too long text and an unknown pictogram, naming the field in the request’s language', async () => {
    const empty = await call('POST', '/api/symbol-phrases/', owner, { text: '   ', symbol: 'yes' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { text: 'Write a word or a short phrase.' } });

    const long = await call(
      'POST',
      '/api/symbol-phrases/',
      owner,
      { text: 'x'.repeat(SYMBOL_LIMITS.phraseLength + 1), symbol: 'yes' },
      'es',
    );
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ fields: { text: 'La frase es demasiado larga. Hazla más corta.' } });

    const unknown = await call(
      'POST',
      '/api/symbol-phrases/',
      owner,
      { text: 'Hello', symbol: 'unicorn' },
      'de',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fields: { symbol: 'Wählen Sie ein Bild aus der Liste.' } });
  });

  it(`keeps at most ${SYMBOL_LIMITS.phrasesPerMember} phrases per member`, async () => {
    const member = await createActiveMember(t.app);
    for (let index = 0; index < SYMBOL_LIMITS.phrasesPerMember; index += 1)
      expect(
        (await call('POST', '/api/symbol-phrases/', member, { text: `Phrase ${index}`, symbol: 'yes' }))
          .statusCode,
      ).toBe(201);
    const refused = await call('POST', '/api/symbol-phrases/', member, { text: 'One more', symbol: 'yes' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'too_many_phrases',
      fields: {
        text: `You already have ${SYMBOL_LIMITS.phrasesPerMember} phrases. Remove one, then add the new one.`,
      },
    });
    expect((await call('GET', '/api/symbol-phrases/', member)).json<SymbolPhrase[]>()).toHaveLength(
      SYMBOL_LIMITS.phrasesPerMember,
    );
  });

  it('puts the phrases in the member’s copy of their data', async () => {
    const member = await createActiveMember(t.app);
    await call('POST', '/api/symbol-phrases/', member, { text: 'Pain in my left knee', symbol: 'pain' });
    expect((await call('POST', '/api/mis-datos/exportacion/', member)).statusCode).toBe(202);
    let download: string | null = null;
    for (let attempt = 0; attempt < 100 && !download; attempt += 1) {
      const state = (await call('GET', '/api/mis-datos/exportacion/', member)).json<{
        export: { status: string; download: string | null };
      }>().export;
      if (state.status === 'failed') throw new Error('the copy failed');
      download = state.download;
      if (!download) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const archive = await t.app.inject({
      method: 'GET',
      url: download ?? '',
      headers: { authorization: `Bearer ${member.access}` },
    });
    const files = unzipSync(new Uint8Array(archive.rawPayload));
    const table = JSON.parse(strFromU8(files['data/symbol_phrases.json'] ?? new Uint8Array())) as {
      rows: Record<string, unknown>[];
    };
    expect(table.rows).toEqual([
      expect.objectContaining({ user_id: member.user.id, text: 'Pain in my left knee', symbol: 'pain' }),
    ]);
    expect(strFromU8(files['summary.html'] ?? new Uint8Array())).toContain('symbol_phrases.json');
  });

  it('removes the phrases with the account', async () => {
    const member = await createActiveMember(t.app);
    await call('POST', '/api/symbol-phrases/', member, { text: 'Goodbye', symbol: 'hello' });
    const deleted = await deleteAccount(t.app, member);
    expect(deleted.statusCode).toBe(200);
    const left = await t.app.database.db
      .select()
      .from(symbolPhrases)
      .where(eq(symbolPhrases.userId, member.user.id));
    expect(left).toEqual([]);
  });
});
