import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemberWithProfile, seedDiseaseList } from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Cloud = { image_url: string | null; words: { text: string; members: number }[] };

describe('word cloud of declared diseases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WORD_CLOUD_DEBOUNCE_MS: '60000' });
    seedDiseaseList(t.config, 'en', { '558': 'Marfan syndrome', '586': 'Cystic fibrosis' });
    seedDiseaseList(t.config, 'fr', { '558': 'Syndrome de Marfan', '586': 'Mucoviscidose' });
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

  it('shows a disease only once 3 members declared it, named in the caller language', async () => {
    const first = await createMemberWithProfile(t.app, { enfermedad: 'Marfan syndrome', orphacode: '558' });
    await createMemberWithProfile(t.app, { enfermedad: 'Marfan syndrome', orphacode: '558' });
    // Same free text, different case: one disease.
    await createMemberWithProfile(t.app, { enfermedad: 'Rare thing', orphacode: '' });
    await createMemberWithProfile(t.app, { enfermedad: 'rare thing', orphacode: '' });
    // A member who keeps the disease to friends is not counted.
    await createMemberWithProfile(t.app, {
      enfermedad: 'Marfan syndrome',
      orphacode: '558',
      visibility_enfermedad: 'friends',
    });
    // "No diagnosis" is never a word.
    for (let i = 0; i < 3; i += 1) await createMemberWithProfile(t.app, { enfermedad: '', orphacode: '' });

    const withTwo = await cloud(first.access);
    expect(withTwo).toEqual(expect.objectContaining({ image_url: null, words: [] }));

    await createMemberWithProfile(t.app, { enfermedad: 'Marfan syndrome', orphacode: '558' });
    const withThree = await cloud(first.access);
    expect(withThree.words).toEqual([{ text: 'Marfan syndrome', members: 3 }]);
    expect(withThree.image_url).toMatch(/^\/media\/app\/word-cloud-en\.png\?t=\d+$/);

    const file = path.join(t.config.paths.media, 'app/word-cloud-en.png');
    const metadata = await sharp(readFileSync(file)).metadata();
    expect(metadata.format).toBe('png');
    expect((await t.app.inject({ method: 'GET', url: withThree.image_url ?? '' })).statusCode).toBe(200);

    expect((await cloud(first.access, 'fr')).words).toEqual([{ text: 'Syndrome de Marfan', members: 3 }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/nube-palabras/' })).statusCode).toBe(401);
  });

  it('follows account deletions', async () => {
    const leaving = await createMemberWithProfile(t.app, { enfermedad: 'Cystic fibrosis', orphacode: '586' });
    await createMemberWithProfile(t.app, { enfermedad: 'Cystic fibrosis', orphacode: '586' });
    const staying = await createMemberWithProfile(t.app, { enfermedad: 'Cystic fibrosis', orphacode: '586' });
    expect((await cloud(staying.access)).words.map((word) => word.text)).toContain('Cystic fibrosis');
    await t.app.inject({
      method: 'DELETE',
      url: '/api/delete-account/',
      headers: { authorization: `Bearer ${leaving.access}` },
    });
    expect((await cloud(staying.access)).words.map((word) => word.text)).not.toContain('Cystic fibrosis');
  });
});
