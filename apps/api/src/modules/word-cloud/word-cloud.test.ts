import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemberWithProfile, seedDiseaseList } from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { deleteAccount } from '../../test-support/requests';

type Cloud = { image_url: string | null; words: { text: string; members: number }[] };

// On PostgreSQL the integration tests share one database: this test's diseases are its own.
const code = String(900_000 + Math.floor(Math.random() * 90_000));
const otherCode = String(Number(code) + 1);
const english = `Test syndrome ${code}`;
const french = `Syndrome de test ${code}`;
const freeText = `Rare thing ${code}`;
const other = `Other test disease ${code}`;

describe('word cloud of declared diseases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WORD_CLOUD_DEBOUNCE_MS: '60000' });
    seedDiseaseList(t.config, 'en', { [code]: english, [otherCode]: other });
    seedDiseaseList(t.config, 'fr', { [code]: french, [otherCode]: `Autre ${code}` });
  });
  afterAll(async () => t.cleanup());

  const cloud = async (access: string, language = 'en') => {
    await t.app.wordCloud.flush();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/nube-palabras/',
      headers: { authorization: `Bearer ${access}`, 'accept-language': language },
    });
    expect(response.statusCode).toBe(200);
    return response.json<Cloud>();
  };
  const texts = (result: Cloud) => result.words.map((word) => word.text.toLowerCase());

  it('shows a disease only once 3 members declared it, named in the caller language', async () => {
    const first = await createMemberWithProfile(t.app, { enfermedad: english, orphacode: code });
    await createMemberWithProfile(t.app, { enfermedad: english, orphacode: code });
    // The same free text in another case is the same disease.
    await createMemberWithProfile(t.app, { enfermedad: freeText, orphacode: '' });
    await createMemberWithProfile(t.app, { enfermedad: freeText.toUpperCase(), orphacode: '' });
    // A member who keeps the disease to friends is not counted.
    await createMemberWithProfile(t.app, {
      enfermedad: english,
      orphacode: code,
      visibility_enfermedad: 'friends',
    });
    // "No diagnosis" is never a word.
    for (let i = 0; i < 3; i += 1) await createMemberWithProfile(t.app, { enfermedad: '', orphacode: '' });

    const withTwo = await cloud(first.access);
    expect(texts(withTwo)).not.toContain(english.toLowerCase());
    expect(texts(withTwo)).not.toContain(freeText.toLowerCase());
    expect(texts(withTwo)).not.toContain('sans diagnostic');

    await createMemberWithProfile(t.app, { enfermedad: english, orphacode: code });
    await createMemberWithProfile(t.app, { enfermedad: freeText, orphacode: '' });
    const withThree = await cloud(first.access);
    expect(withThree.words).toContainEqual({ text: english, members: 3 });
    expect(withThree.words.filter((word) => word.text.toLowerCase() === freeText.toLowerCase())).toEqual([
      { text: expect.any(String), members: 3 },
    ]);
    expect(withThree.image_url).toMatch(/^\/media\/app\/word-cloud-en\.png\?t=\d+$/);

    const file = path.join(t.config.paths.media, 'app/word-cloud-en.png');
    expect((await sharp(readFileSync(file)).metadata()).format).toBe('png');
    expect((await t.app.inject({ method: 'GET', url: withThree.image_url ?? '' })).statusCode).toBe(200);

    expect((await cloud(first.access, 'fr')).words).toContainEqual({ text: french, members: 3 });
    expect((await t.app.inject({ method: 'GET', url: '/api/nube-palabras/' })).statusCode).toBe(401);
  });

  it('follows account deletions', async () => {
    const leaving = await createMemberWithProfile(t.app, { enfermedad: other, orphacode: otherCode });
    await createMemberWithProfile(t.app, { enfermedad: other, orphacode: otherCode });
    const staying = await createMemberWithProfile(t.app, { enfermedad: other, orphacode: otherCode });
    expect(texts(await cloud(staying.access))).toContain(other.toLowerCase());
    await deleteAccount(t.app, leaving);
    expect(texts(await cloud(staying.access))).not.toContain(other.toLowerCase());
  });
});
