import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES, type AdminCommunity, type CommunityLists } from '@juntos/domain';
import { eq } from 'drizzle-orm';
import { communities } from '../../db/schema';
import { createAdminWithProfile, createMemberWithProfile } from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loadStarterTopics } from './starter-topics';

type Member = { access: string; user: { id: number } };

describe('starter topic communities (issue 34)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());

  const get = async <Answer>(who: Member, url: string, language = 'en') => {
    const answer = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${who.access}`, 'accept-language': language },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Answer>();
  };

  it('a new installation has them, named and described in all ten languages', async () => {
    const shipped = loadStarterTopics();
    expect(shipped.map((topic) => topic.slug)).toEqual(
      expect.arrayContaining([
        'mobility-aids',
        'deaf-hard-of-hearing',
        'blind-low-vision',
        'parents-and-carers',
        'young-people',
        'no-diagnosis-yet',
      ]),
    );
    const admin = await createAdminWithProfile(t.app, { nombre: 'Ada' });
    const listed = await get<{ results: AdminCommunity[] }>(admin, '/api/admin/comunidades/?limit=100');
    const stored = listed.results.filter((community) => community.kind === 'topic');
    expect(stored.map((community) => community.slug).sort()).toEqual(
      shipped.map((topic) => topic.slug).sort(),
    );
    for (const community of stored)
      for (const language of SUPPORTED_LANGUAGES) {
        expect(community.name[language], `${community.slug} ${language}`).toBeTruthy();
        expect(community.description[language], `${community.slug} ${language}`).toBeTruthy();
      }
  });

  it('are suggested to members by their needs, and to a member without a diagnosis', async () => {
    const wheelchair = await createMemberWithProfile(t.app, { movilidad: 'fauteuil roulant' });
    const suggested = (await get<CommunityLists>(wheelchair, '/api/comunidades/', 'de')).suggested;
    const mobility = suggested.find((community) => community.slug === 'mobility-aids');
    expect(mobility?.name).toBe(loadStarterTopics().find((topic) => topic.slug === 'mobility-aids')?.name.de);
    const undiagnosed = await createMemberWithProfile(t.app, { enfermedad: '', orphacode: '' });
    const theirs = (await get<CommunityLists>(undiagnosed, '/api/comunidades/')).suggested;
    expect(theirs.map((community) => community.slug)).toContain('no-diagnosis-yet');
  });

  it('are added once: a second start adds nothing, and operators’ edits and removals stay', async () => {
    const db = t.app.database.db;
    await db
      .update(communities)
      .set({ name: { es: 'Sillas (editado)' } })
      .where(eq(communities.slug, 'mobility-aids'));
    await db.delete(communities).where(eq(communities.slug, 'young-people'));
    const again = await createTestApp(
      { DATA_DIR: path.dirname(t.config.paths.pglite) },
      { database: t.app.database },
    );
    try {
      const topics = await db.select().from(communities).where(eq(communities.kind, 'topic'));
      expect(topics.find((topic) => topic.slug === 'mobility-aids')?.name).toEqual({
        es: 'Sillas (editado)',
      });
      expect(topics.some((topic) => topic.slug === 'young-people')).toBe(false);
      expect(topics).toHaveLength(loadStarterTopics().length - 1);
    } finally {
      await again.cleanup();
    }
  });
});
