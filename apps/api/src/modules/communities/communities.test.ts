import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  birthDateBounds,
  CHARACTERISTIC_IDS,
  COMMUNITY_MEMBERSHIP_LIMIT,
  COMMUNITY_SUGGESTION_LIMIT,
  todayIso,
  type AdminCommunity,
  type CommunityDetail,
  type CommunityLists,
  type CommunityMember,
  type CommunityMembership,
  type CommunitySummary,
} from '@juntos/domain';
import { and, eq, isNotNull, like } from 'drizzle-orm';
import { adminAuditLog, communities, communityMembers } from '../../db/schema';
import {
  createAdminWithProfile,
  createMemberWithProfile,
  createMinorWithProfile,
  createReviewedMinor,
} from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { DISEASE_COMMUNITIES_PER_HOUR } from './communities.service';

type Member = { access: string; user: { id: number } };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/*
 * On CI's shared PostgreSQL other test files create communities and members too: every topic
 * community here has a name and slug of this run, and counts of shared disease communities are
 * compared before and after, never assumed.
 */
const run = `${Date.now()}${Math.floor(Math.random() * 1000)}`;

describe('communities', () => {
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdminWithProfile(t.app, { nombre: 'Ada' });
  });
  afterAll(async () => t.cleanup());

  const call = (who: Member | undefined, method: Method, url: string, payload?: object, language = 'en') =>
    t.app.inject({
      method,
      url,
      headers: {
        'accept-language': language,
        ...(who ? { authorization: `Bearer ${who.access}` } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const ok = async <Answer>(response: Promise<{ statusCode: number; body: string; json: () => unknown }>) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return answer.json() as Answer;
  };
  const topic = (suffix: string, body: Record<string, unknown> = {}) =>
    ok<AdminCommunity>(
      call(admin, 'POST', '/api/admin/comunidades/', {
        slug: `${suffix}-${run}`,
        name: { es: `Comunidad ${suffix} ${run}`, en: `Community ${suffix} ${run}` },
        description: { es: `Descripción ${suffix}` },
        ...body,
      }),
    );
  /** Many topic communities at once, straight into the table (the API would take minutes). */
  const bulkTopics = async (prefix: string, howMany: number, suggestedFor: string[] = []) =>
    t.app.database.db
      .insert(communities)
      .values(
        Array.from({ length: howMany }, (_, index) => ({
          kind: 'topic' as const,
          slug: `${prefix}-${run}-${index}`,
          name: { es: `${prefix} ${run} ${index}` },
          description: { es: prefix },
          suggestedFor,
        })),
      )
      .returning({ id: communities.id });
  const removeBulkTopics = (prefix: string) =>
    t.app.database.db.delete(communities).where(like(communities.slug, `${prefix}-${run}-%`));
  const join = (who: Member, id: number) =>
    ok<CommunityMembership>(call(who, 'POST', `/api/comunidades/${id}/unirse/`));
  const detail = (who: Member, id: number) =>
    ok<CommunityDetail>(call(who, 'GET', `/api/comunidades/${id}/`));
  const lists = (who: Member, language = 'en') =>
    ok<CommunityLists>(call(who, 'GET', '/api/comunidades/', undefined, language));
  const memberIds = async (who: Member, id: number) =>
    (
      await ok<{ results: CommunityMember[] }>(call(who, 'GET', `/api/comunidades/${id}/miembros/?limit=100`))
    ).results.map((row) => row.id);
  /** A community as the administrators' list shows it, page after page (a shared database holds many). */
  const adminEntry = async (id: number) => {
    let next: string | null = '/api/admin/comunidades/?limit=200';
    while (next) {
      const page: { results: AdminCommunity[]; next: string | null } = await ok(call(admin, 'GET', next));
      const entry = page.results.find((community) => community.id === id);
      if (entry) return entry;
      next = page.next;
    }
    return undefined;
  };
  const approvedMinor = (dateOfBirth: string) => createReviewedMinor(t.app, { date_of_birth: dateOfBirth });

  it('needs a signed-in member', async () => {
    expect((await call(undefined, 'GET', '/api/comunidades/')).statusCode).toBe(401);
    expect((await call(undefined, 'GET', '/api/comunidades/buscar/?q=x')).statusCode).toBe(401);
  });

  it('creates a disease community the first time it is opened, once however many open it', async () => {
    const [first, second] = await Promise.all([
      createMemberWithProfile(t.app),
      createMemberWithProfile(t.app),
    ]);
    const opened = await Promise.all(
      [first, second, first].map((who) =>
        ok<CommunityDetail>(call(who, 'GET', '/api/comunidades/enfermedad/97244/', undefined, 'es')),
      ),
    );
    expect(new Set(opened.map((community) => community.id)).size).toBe(1);
    const rows = await t.app.database.db.select().from(communities).where(eq(communities.orphacode, 97244));
    expect(rows).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      kind: 'disease',
      orphacode: 97244,
      name: 'Síndrome de la columna rígida',
      estado: 'active',
      can_post: false,
      is_moderator: false,
    });
    expect(opened[0]?.description).toContain('Síndrome de la columna rígida');

    const unknown = await call(first, 'GET', '/api/comunidades/enfermedad/999999/', undefined, 'es');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      error: 'Esta enfermedad no está en nuestra lista de enfermedades raras.',
    });
    const notACode = await call(first, 'GET', '/api/comunidades/enfermedad/abc/');
    expect(notACode.statusCode).toBe(400);
    expect(notACode.json().fields).toHaveProperty('orphacode');
    expect((await call(first, 'GET', `/api/comunidades/${Number.MAX_SAFE_INTEGER}/`)).statusCode).toBe(404);
  });

  it('joins and leaves freely; the stored count follows, the shown size stays below the first step', async () => {
    const community = await topic('count');
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createMemberWithProfile(t.app)));
    if (!a || !b || !c) throw new Error('members missing');
    expect(await join(a, community.id)).toEqual({ joined: true, listed: false, members_at_least: null });
    // Joining twice is one membership.
    expect(await join(a, community.id)).toMatchObject({ joined: true, members_at_least: null });
    await join(b, community.id);
    expect(await join(c, community.id)).toEqual({ joined: true, listed: false, members_at_least: null });
    expect(await detail(a, community.id)).toMatchObject({
      members_at_least: null,
      joined: true,
      can_post: true,
    });

    const left = await ok<CommunityMembership>(call(c, 'POST', `/api/comunidades/${community.id}/salir/`));
    expect(left).toEqual({ joined: false, listed: false, members_at_least: null });
    // Leaving twice is no error and changes nothing.
    expect(await ok<CommunityMembership>(call(c, 'POST', `/api/comunidades/${community.id}/salir/`))).toEqual(
      left,
    );
    expect(await detail(c, community.id)).toMatchObject({ joined: false, can_post: false });
    const [row] = await t.app.database.db.select().from(communities).where(eq(communities.id, community.id));
    expect(row?.memberCount).toBe(2);

    expect((await call(a, 'POST', `/api/comunidades/${Number.MAX_SAFE_INTEGER}/unirse/`)).statusCode).toBe(
      404,
    );
  });

  it('shows the size in steps of the members in reach: extra accounts below 10 change nothing, minors never count for adults', async () => {
    const community = await topic('steps');
    const adults: Member[] = [];
    for (let index = 0; index < 7; index += 1) adults.push(await createMemberWithProfile(t.app));
    for (const adult of adults) await join(adult, community.id);
    const [observer] = adults;
    if (!observer) throw new Error('members missing');
    const shown = async (who: Member) => (await detail(who, community.id)).members_at_least;
    expect(await shown(observer)).toBeNull();

    // Two accounts of an observer's own: 9 members, still "fewer than 10" for everyone.
    const extra = [await createMemberWithProfile(t.app), await createMemberWithProfile(t.app)];
    for (const account of extra) expect((await join(account, community.id)).members_at_least).toBeNull();
    expect(await shown(observer)).toBeNull();

    // A minor joins: ten members stored, but an adult reaches nine of them, and the minor one.
    const minor = await approvedMinor(birthDateBounds('menor', todayIso()).max);
    expect((await join(minor, community.id)).members_at_least).toBeNull();
    const [stored] = await t.app.database.db
      .select()
      .from(communities)
      .where(eq(communities.id, community.id));
    expect(stored?.memberCount).toBe(10);
    expect(await shown(observer)).toBeNull();
    expect(await shown(minor)).toBeNull();

    // A tenth adult: the adults see the first step; the minor still does not count the adults.
    const tenth = await createMemberWithProfile(t.app);
    expect((await join(tenth, community.id)).members_at_least).toBe(10);
    expect(await shown(observer)).toBe(10);
    expect(await shown(minor)).toBeNull();
    // Another minor joining or leaving changes nothing an adult sees.
    const otherMinor = await approvedMinor(birthDateBounds('menor', todayIso()).min);
    await join(otherMinor, community.id);
    expect(await shown(observer)).toBe(10);
    await ok(call(otherMinor, 'POST', `/api/comunidades/${community.id}/salir/`));
    expect(await shown(observer)).toBe(10);
    // Nor does a member the observer blocked count for them (the rule of every list).
    await ok(call(observer, 'POST', `/api/bloqueos/${tenth.user.id}/`));
    expect(await shown(observer)).toBeNull();
    expect(
      (await lists(observer)).mine.find((entry) => entry.id === community.id)?.members_at_least,
    ).toBeNull();
  });

  it('suggests the member’s own disease and the topics of their functional needs, to them alone', async () => {
    const [characteristic] = [...CHARACTERISTIC_IDS];
    if (!characteristic) throw new Error('no characteristic');
    const wheelchair = await topic('wheels', { suggested_for: ['movilidad'] });
    const hearing = await topic('hearing', { suggested_for: ['audition'] });
    const detailed = await topic('detailed', { suggested_for: [characteristic] });
    const undiagnosed = await topic('undiagnosed', { suggested_for: ['no_diagnosis'] });

    const member = await createMemberWithProfile(t.app, {
      orphacode: '93',
      enfermedad: 'Aspartylglucosaminuria',
      movilidad: 'fauteuil roulant',
      audition: 'ordinaire',
    });
    await ok(
      call(member, 'PUT', '/api/profile-tokenizado/', {
        caracteristicas: [{ id: characteristic, estado: 'necesita ayuda' }],
      }),
    );
    const suggested = (await lists(member, 'de')).suggested;
    const disease = suggested.find((entry) => entry.orphacode === 93);
    expect(disease).toMatchObject({ kind: 'disease', name: 'Aspartylglukosaminurie', joined: false });
    const ids = suggested.map((entry) => entry.id);
    expect(ids).toEqual(expect.arrayContaining([wheelchair.id, detailed.id]));
    expect(ids).not.toContain(hearing.id);
    expect(ids).not.toContain(undiagnosed.id);

    // A joined community moves from the suggestions to "my communities".
    await join(member, wheelchair.id);
    const after = await lists(member);
    expect(after.suggested.map((entry) => entry.id)).not.toContain(wheelchair.id);
    expect(after.mine.map((entry) => entry.id)).toEqual([wheelchair.id]);
    expect(after.mine[0]).toMatchObject({ name: `Community wheels ${run}`, joined: true, listed: false });

    const withoutDiagnosis = await createMemberWithProfile(t.app, { enfermedad: '', orphacode: '' });
    const theirs = (await lists(withoutDiagnosis)).suggested;
    expect(theirs.map((entry) => entry.id)).toContain(undiagnosed.id);
    expect(theirs.filter((entry) => entry.kind === 'disease')).toEqual([]);
    expect(theirs.map((entry) => entry.id)).not.toContain(wheelchair.id);
  });

  it('finds communities by name in the reader’s language, accents and case ignored', async () => {
    const member = await createMemberWithProfile(t.app);
    const deaf = await topic('deaf', {
      name: { es: `Niños sordos ${run}`, de: `Gehörlose Kinder ${run}` },
    });
    const search = async (query: string, language: string) =>
      (
        await ok<{ results: CommunitySummary[] }>(
          call(member, 'GET', `/api/comunidades/buscar/?q=${encodeURIComponent(query)}`, undefined, language),
        )
      ).results;

    const spanish = await search('SINDROME DE MARFAN', 'es');
    expect(spanish.find((entry) => entry.orphacode === 558)).toMatchObject({ name: 'Síndrome de Marfan' });
    expect((await search('marfan', 'en')).find((entry) => entry.orphacode === 558)).toMatchObject({
      name: 'Marfan syndrome',
    });
    const german = await search('gehirn-lunge-SCHILDDRUSE', 'de');
    expect(german.map((entry) => entry.name)).toContain('Gehirn-Lunge-Schilddrüse-Syndrom');

    expect((await search(`ninos SORDOS ${run}`, 'es')).map((entry) => entry.id)).toEqual([deaf.id]);
    expect((await search(`gehorlose kinder ${run}`, 'de')).map((entry) => entry.id)).toEqual([deaf.id]);
    // A language without its own name reads the Spanish one, and is searched by it.
    expect(await search(`niños sordos ${run}`, 'pl')).toMatchObject([
      { id: deaf.id, name: `Niños sordos ${run}` },
    ]);

    // Folded in the database as foldForSearch folds: Greek capitals and final sigma, Ł, Œ, Ș.
    const greek = await topic('greek', {
      name: { es: `Otosclerosis ${run}`, el: `ΩΤΟΣΚΛΉΡΥΝΣΗ ΟΜΆΔΑ ΦΊΛΩΝ ${run}` },
    });
    expect((await search(`ωτοσκληρυνση ομαδα φιλων ${run}`, 'el')).map((entry) => entry.id)).toEqual([
      greek.id,
    ]);
    expect((await search(`Ομάδα Φίλων ${run}`, 'el')).map((entry) => entry.id)).toEqual([greek.id]);
    const latin = await topic('latin', {
      name: { es: `ŁÓDŹ ŒUVRE ȘTEFAN ${run}` },
    });
    expect((await search(`łodz œuvre stefan ${run}`, 'ro')).map((entry) => entry.id)).toEqual([latin.id]);

    // Bounded: a query most names hold still answers at most 20.
    expect((await search('a', 'en')).length).toBeLessThanOrEqual(20);
    const empty = await call(member, 'GET', '/api/comunidades/buscar/?q=%20', undefined, 'es');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { q: 'Escribe un nombre para buscar.' } });
  });

  it('finds a topic community however many came before it, names starting with the words first', async () => {
    const member = await createMemberWithProfile(t.app);
    await bulkTopics('filler', 1000);
    try {
      const inside = await topic('needle', { name: { es: `Aguja ${run}` } });
      const first = await topic('needle-first', { name: { es: `${run} aguja` } });
      const found = await ok<{ results: CommunitySummary[] }>(
        call(member, 'GET', `/api/comunidades/buscar/?q=${run}%20aguja`, undefined, 'es'),
      );
      expect(found.results.map((entry) => entry.id)).toEqual([first.id]);
      const both = await ok<{ results: CommunitySummary[] }>(
        call(member, 'GET', `/api/comunidades/buscar/?q=aguja%20${run}`, undefined, 'es'),
      );
      expect(both.results.map((entry) => entry.id)).toEqual([inside.id]);
      const starting = await ok<{ results: CommunitySummary[] }>(
        call(member, 'GET', `/api/comunidades/buscar/?q=${run}`, undefined, 'es'),
      );
      expect(starting.results).toHaveLength(20);
      // The one name starting with the words comes before the many holding them.
      expect(starting.results[0]?.id).toBe(first.id);
    } finally {
      await removeBulkTopics('filler');
    }
  });

  it('suggests a bounded number of topics, newest first, and the next ones once those are joined', async () => {
    const characteristic = [...CHARACTERISTIC_IDS].at(-1);
    if (!characteristic) throw new Error('no characteristic');
    const ours = new Set((await bulkTopics('suggested', 25, [characteristic])).map((row) => row.id));
    try {
      const member = await createMemberWithProfile(t.app);
      await ok(
        call(member, 'PUT', '/api/profile-tokenizado/', {
          caracteristicas: [{ id: characteristic, estado: 'necesita ayuda' }],
        }),
      );
      // Other test files may suggest topics for the same need: join whatever is shown until
      // nothing is left, and every one of ours must have been shown on the way.
      const seen = new Set<number>();
      for (let round = 0; round < 20; round += 1) {
        const topics = (await lists(member)).suggested.filter((entry) => entry.kind === 'topic');
        expect(topics.length).toBeLessThanOrEqual(COMMUNITY_SUGGESTION_LIMIT);
        if (topics.length === 0) break;
        for (const entry of topics) {
          if (entry.id === null) throw new Error('a topic without id');
          seen.add(entry.id);
          await join(member, entry.id);
        }
      }
      expect([...ours].filter((id) => !seen.has(id))).toEqual([]);
    } finally {
      await removeBulkTopics('suggested');
    }
  });

  it(`lets a member join at most ${COMMUNITY_MEMBERSHIP_LIMIT} communities`, async () => {
    const member = await createMemberWithProfile(t.app);
    const joined = await bulkTopics('cap', COMMUNITY_MEMBERSHIP_LIMIT);
    try {
      await t.app.database.db
        .insert(communityMembers)
        .values(joined.map((row) => ({ communityId: row.id, userId: member.user.id })));
      const oneMore = await topic('cap-one-more');
      const refused = await call(member, 'POST', `/api/comunidades/${oneMore.id}/unirse/`, undefined, 'es');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'too_many_communities',
        error: `Ya estás en ${COMMUNITY_MEMBERSHIP_LIMIT} comunidades. Sal primero de una y luego podrás unirte a otra.`,
      });
      expect(await detail(member, oneMore.id)).toMatchObject({ joined: false });
      // Joining one they are in is no new membership, so it is not refused.
      const [first] = joined;
      if (!first) throw new Error('no community');
      expect(await join(member, first.id)).toMatchObject({ joined: true });
      // Several joins at once still stop at the limit.
      const others = await Promise.all([topic('cap-a'), topic('cap-b'), topic('cap-c')]);
      await ok(call(member, 'POST', `/api/comunidades/${first.id}/salir/`));
      const answers = await Promise.all(
        [oneMore, ...others].map((community) =>
          call(member, 'POST', `/api/comunidades/${community.id}/unirse/`),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const rows = await t.app.database.db
        .select({ communityId: communityMembers.communityId })
        .from(communityMembers)
        .where(eq(communityMembers.userId, member.user.id));
      expect(rows).toHaveLength(COMMUNITY_MEMBERSHIP_LIMIT);
    } finally {
      await removeBulkTopics('cap');
    }
  });

  it(`lets a member open at most ${DISEASE_COMMUNITIES_PER_HOUR} new disease communities an hour`, async () => {
    const strict = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const [member, other] = await Promise.all([
        createMemberWithProfile(strict.app),
        createMemberWithProfile(strict.app),
      ]);
      const open = (who: Member, orphacode: number) =>
        strict.app.inject({
          method: 'GET',
          url: `/api/comunidades/enfermedad/${orphacode}/`,
          headers: { authorization: `Bearer ${who.access}`, 'accept-language': 'en' },
        });
      const catalogue = await strict.app.inject({ method: 'GET', url: '/enfermedades/enfermedades_en.json' });
      const codes = Object.keys(catalogue.json<Record<string, string>>()).map(Number);
      const created = new Set(
        (
          await strict.app.database.db
            .select({ orphacode: communities.orphacode })
            .from(communities)
            .where(isNotNull(communities.orphacode))
        ).map((row) => row.orphacode),
      );
      // From the end of the list: other test files open the well-known diseases.
      const fresh = codes.filter((code) => !created.has(code)).slice(-(DISEASE_COMMUNITIES_PER_HOUR + 2));
      const [last, otherMembers, ...allowed] = fresh.reverse();
      if (last === undefined || otherMembers === undefined) throw new Error('catalogue too small');
      for (const orphacode of allowed) expect((await open(member, orphacode)).statusCode).toBe(200);
      const refused = await open(member, last);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'rate_limited',
        error: 'You opened many new communities in a short time. Please wait a while and try again.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Communities that exist open freely; the limit is the member's own.
      const [existing] = allowed;
      if (existing === undefined) throw new Error('none opened');
      expect((await open(member, existing)).statusCode).toBe(200);
      expect((await open(other, otherMembers)).statusCode).toBe(200);
    } finally {
      await strict.cleanup();
    }
  });

  it('shows who belongs only to members, only those who chose it, never on the public profile', async () => {
    const community = await topic('privacy');
    const [listedOne, unlistedOne, outsider] = await Promise.all(
      [1, 2, 3].map(() => createMemberWithProfile(t.app)),
    );
    if (!listedOne || !unlistedOne || !outsider) throw new Error('members missing');
    await join(listedOne, community.id);
    await join(unlistedOne, community.id);
    // Unlisted by default: the list is empty even to members.
    expect(await memberIds(unlistedOne, community.id)).toEqual([]);

    const listed = await ok<CommunityMembership>(
      call(listedOne, 'PUT', `/api/comunidades/${community.id}/membresia/`, { listed: true }),
    );
    expect(listed).toMatchObject({ joined: true, listed: true });
    expect(await memberIds(unlistedOne, community.id)).toEqual([listedOne.user.id]);
    expect(await memberIds(listedOne, community.id)).toEqual([listedOne.user.id]);

    const refused = await call(
      outsider,
      'GET',
      `/api/comunidades/${community.id}/miembros/`,
      undefined,
      'fr',
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'Seuls les membres de cette communauté peuvent faire cela. Rejoignez-la d’abord.',
    });
    const notMember = await call(outsider, 'PUT', `/api/comunidades/${community.id}/membresia/`, {
      listed: true,
    });
    expect(notMember.statusCode).toBe(403);
    const invalid = await call(listedOne, 'PUT', `/api/comunidades/${community.id}/membresia/`, {
      listed: 'yes',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toHaveProperty('listed');

    // The public profile says nothing of communities, whoever looks.
    for (const viewer of [unlistedOne, outsider]) {
      const profile = await call(viewer, 'GET', `/api/buscar/perfil/${listedOne.user.id}/`);
      expect(profile.statusCode, profile.body).toBe(200);
      expect(profile.body).not.toContain(`privacy-${run}`);
      expect(profile.body).not.toContain(`Community privacy ${run}`);
      expect(profile.body).not.toMatch(/communit|comunidades/i);
    }

    // Leaving takes them off the list.
    await ok(call(listedOne, 'POST', `/api/comunidades/${community.id}/salir/`));
    expect(await memberIds(unlistedOne, community.id)).toEqual([]);
  });

  it('keeps the member list and the count of each age group apart', async () => {
    const community = await topic('ages');
    const adult = await createMemberWithProfile(t.app);
    const minor = await approvedMinor(birthDateBounds('menor', todayIso()).max);
    const otherMinor = await approvedMinor(birthDateBounds('menor', todayIso()).min);
    const unreviewed = await createMinorWithProfile(t.app);
    for (const who of [adult, minor, otherMinor, unreviewed]) {
      await join(who, community.id);
      await ok(call(who, 'PUT', `/api/comunidades/${community.id}/membresia/`, { listed: true }));
    }
    expect(await memberIds(adult, community.id)).toEqual([adult.user.id]);
    expect((await memberIds(minor, community.id)).sort()).toEqual([minor.user.id, otherMinor.user.id].sort());
    // A minor awaiting review sees nobody but themselves.
    expect(await memberIds(unreviewed, community.id)).toEqual([unreviewed.user.id]);
    expect(await detail(adult, community.id)).toMatchObject({ members_at_least: null });
    expect(await detail(minor, community.id)).toMatchObject({ members_at_least: null });
  });

  it('lets administrators create, change and delete topic communities and appoint moderators, audited', async () => {
    const member = await createMemberWithProfile(t.app);
    const body = {
      slug: `carers-${run}`,
      name: { es: `Cuidadores ${run}`, en: `Carers ${run}`, fr: '' },
      description: { es: 'Para quien cuida.' },
      suggested_for: ['no_diagnosis'],
    };
    expect((await call(member, 'POST', '/api/admin/comunidades/', body)).statusCode).toBe(403);
    const created = await call(admin, 'POST', '/api/admin/comunidades/', body);
    expect(created.statusCode, created.body).toBe(201);
    const community = created.json<AdminCommunity>();
    expect(community).toMatchObject({
      kind: 'topic',
      slug: `carers-${run}`,
      name: { es: `Cuidadores ${run}`, en: `Carers ${run}` },
      suggested_for: ['no_diagnosis'],
      member_count: 0,
      moderators: [],
    });
    expect(community.name).not.toHaveProperty('fr');

    const taken = await call(admin, 'POST', '/api/admin/comunidades/', body, 'es');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      fields: { slug: 'Otra comunidad ya usa este nombre de dirección.' },
    });
    const invalid = await call(
      admin,
      'POST',
      '/api/admin/comunidades/',
      {
        slug: 'No Spaces',
        name: { en: 'Only English' },
        description: { es: 'x' },
        suggested_for: ['flying'],
      },
      'en',
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toMatchObject({
      slug: 'Use only small letters, numbers and hyphens in the address name.',
      'name.es': 'Enter the name in Spanish.',
      'suggested_for.0': 'This need is not in the functional profile.',
    });

    const changed = await ok<AdminCommunity>(
      call(admin, 'PUT', `/api/admin/comunidades/${community.id}/`, {
        ...body,
        name: { es: `Familias cuidadoras ${run}` },
      }),
    );
    expect(changed.name).toEqual({ es: `Familias cuidadoras ${run}` });

    // Appointing makes the member a member and a moderator of that community only.
    const appointed = await call(
      admin,
      'POST',
      `/api/admin/comunidades/${community.id}/moderadores/${member.user.id}/`,
    );
    expect(appointed.json()).toEqual({ moderator: true });
    expect(await detail(member, community.id)).toMatchObject({
      joined: true,
      is_moderator: true,
      can_post: true,
    });
    const other = await topic('other');
    expect(await detail(member, other.id)).toMatchObject({ is_moderator: false });
    expect((await adminEntry(community.id))?.moderators).toEqual([{ id: member.user.id, nombre: 'Ana' }]);
    const nobody = await call(
      admin,
      'POST',
      `/api/admin/comunidades/${community.id}/moderadores/${Number.MAX_SAFE_INTEGER}/`,
    );
    expect(nobody.statusCode).toBe(404);

    expect(
      (
        await call(admin, 'DELETE', `/api/admin/comunidades/${community.id}/moderadores/${member.user.id}/`)
      ).json(),
    ).toEqual({ moderator: false });
    expect(await detail(member, community.id)).toMatchObject({ joined: true, is_moderator: false });
    expect(
      (await call(admin, 'DELETE', `/api/admin/comunidades/${community.id}/moderadores/${member.user.id}/`))
        .statusCode,
    ).toBe(404);

    // Disease communities are not administrators' to change or delete.
    const disease = await ok<CommunityDetail>(call(member, 'GET', '/api/comunidades/enfermedad/558/'));
    expect((await call(admin, 'DELETE', `/api/admin/comunidades/${disease.id}/`)).statusCode).toBe(404);
    expect((await call(admin, 'PUT', `/api/admin/comunidades/${disease.id}/`, body)).statusCode).toBe(404);

    expect((await call(admin, 'DELETE', `/api/admin/comunidades/${community.id}/`)).statusCode).toBe(204);
    expect((await call(member, 'GET', `/api/comunidades/${community.id}/`)).statusCode).toBe(404);

    const entries = await t.app.database.db
      .select({
        action: adminAuditLog.action,
        targetType: adminAuditLog.targetType,
        targetId: adminAuditLog.targetId,
        details: adminAuditLog.details,
      })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, admin.user.id)));
    const about = (targetType: string, targetId: number) =>
      entries.filter((entry) => entry.targetType === targetType && entry.targetId === String(targetId));
    expect(about('community', community.id).map((entry) => entry.action)).toEqual([
      'community.create',
      'community.update',
      'community.delete',
    ]);
    expect(about('member', member.user.id)).toEqual([
      {
        action: 'community.moderator_appoint',
        targetType: 'member',
        targetId: String(member.user.id),
        details: { community_id: community.id },
      },
      {
        action: 'community.moderator_remove',
        targetType: 'member',
        targetId: String(member.user.id),
        details: { community_id: community.id },
      },
    ]);
  });
});
