import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  COUNTRY_CITIES,
  RESEARCH_CONSENT_VERSION,
  type CountryCode,
  type Notification,
  type ResearchConsentAnswer,
  type ResearchForYou,
  type ResearchReach,
  type ResearchScope,
} from '@juntos/domain';
import { rowsOf } from '../../db/database';
import { adminAuditLog, researchCallRecipients, researchConsents, researchMatches } from '../../db/schema';
import { createActiveMember, minorPayload } from '../../test-support/accounts';
import { approveMinor } from '../../test-support/admins';
import { parseEmail } from '../../test-support/email-message';
import { eventually } from '../../test-support/eventually';
import { browserKeys, decryptPush } from '../../test-support/fake-push-service/browser-keys';
import { completeProfile, createMemberWithProfile, putProfile } from '../../test-support/profiles';
import { mailAndPushReceivers } from '../../test-support/mail-and-push-receivers';
import { confirmRepresentative } from '../../test-support/representatives';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { createResearchRepository } from './research.repository';
import { RESEARCH_JOBS } from './research.service';

type Member = { access: string; email: string; user: { id: number } };

/**
 * Each test's disease codes are its own (matching is by code, so tests never see each other's
 * entries), taken from the shipped catalogue: a profile accepts only codes it knows.
 */
const CATALOGUE = Object.keys(
  JSON.parse(
    readFileSync(
      new URL('../../../../web/public/enfermedades/enfermedades_en.json', import.meta.url),
      'utf8',
    ),
  ) as Record<string, string>,
).map(Number);
let nextCode = 100;
const freshCode = () => CATALOGUE[(nextCode += 7)]!;

describe('research that finds the member (issue 35)', () => {
  const receivers = mailAndPushReceivers();
  const world = testAppWithMembers({
    environment: () => ({ ...receivers.environment(), JOBS_RETRY_DELAY_SECONDS: '1' }),
    admins: { admin: { nombre: 'Ada' } },
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    member: Member,
    payload?: object,
    language = 'en',
  ) =>
    world.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${member.access}`, 'accept-language': language },
      ...(payload ? { payload } : {}),
    });
  const consentOf = async (member: Member) =>
    (await call('GET', '/api/investigacion/consentimiento/', member)).json<ResearchConsentAnswer>();
  const agree = async (member: Member, scope: 'country' | 'neighbours' | 'eu') => {
    const answer = await call('PUT', '/api/investigacion/consentimiento/', member, { scope, agree: true });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<ResearchConsentAnswer>();
  };
  const forYou = async (member: Member) =>
    (await call('GET', '/api/investigacion/para-ti/', member)).json<ResearchForYou>();
  const researchNotices = async (member: Member) =>
    (await call('GET', '/api/notificaciones/', member))
      .json<{ results: Notification[] }>()
      .results.filter((notification) => notification.kind === 'research');
  /** A member living in `country` with the disease `orphacode`. */
  const memberWith = (
    orphacode: number,
    country: string,
    ciudad: string,
    extra: Record<string, string> = {},
  ) =>
    createMemberWithProfile(world.app, {
      orphacode: String(orphacode),
      enfermedad: 'Marfan syndrome',
      country,
      ciudad,
      ...extra,
    });
  const addEntry = async (kind: 'centros' | 'proyectos', body: Record<string, unknown>) => {
    const answer = await call('POST', `/api/admin/recursos/${kind}/`, world.admin, {
      name: `Entry ${randomBytes(3).toString('hex')}`,
      enlace: 'https://example.org/research',
      descripcion: { en: 'About a rare disease.' },
      ...body,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ id: number } & Record<string, unknown>>();
  };
  const changeEntry = async (kind: 'centros' | 'proyectos', id: number, body: Record<string, unknown>) => {
    const answer = await call('PUT', `/api/admin/recursos/${kind}/${id}/`, world.admin, {
      enlace: 'https://example.org/research',
      descripcion: { en: 'About a rare disease.' },
      ...body,
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const matchesOf = (userId: number) =>
    world.app.database.db.select().from(researchMatches).where(eq(researchMatches.userId, userId));
  /** Waits until the queue has no research job left to run (they run every half second). */
  const queueIdle = () =>
    eventually(async () => {
      const schema = sql.identifier(world.config.jobs.schema);
      const rows = await rowsOf<{ waiting: number }>(
        world.app.database.db,
        sql`select count(*)::int as waiting from ${schema}.job where name = ${RESEARCH_JOBS.match} and state in ('created', 'retry', 'active')`,
      );
      expect(rows[0]?.waiting).toBe(0);
    });

  it('is off by default, a versioned and dated consent when given, changed with history, withdrawn in one action', async () => {
    const ana = await createMemberWithProfile(world.app);
    expect(await consentOf(ana)).toEqual({
      consent: null,
      withdrawn_at: null,
      version: RESEARCH_CONSENT_VERSION,
      minor: false,
      has_disease: true,
    });

    // The box must be ticked: the refusal is in the caller's language, on the field.
    const refused = await call('PUT', '/api/investigacion/consentimiento/', ana, { scope: 'eu' }, 'es');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fields: Record<string, string> }>().fields.agree).toBe(
      'Marca la casilla para aceptar, o déjalo desactivado.',
    );
    const badScope = await call('PUT', '/api/investigacion/consentimiento/', ana, {
      scope: 'world',
      agree: true,
    });
    expect(badScope.statusCode).toBe(400);
    expect((await consentOf(ana)).consent).toBeNull();

    const before = Date.now();
    const given = await agree(ana, 'country');
    expect(given.consent).toMatchObject({
      version: RESEARCH_CONSENT_VERSION,
      scope: 'country',
      given_by: 'member',
      current: true,
    });
    expect(Date.parse(given.consent!.given_at)).toBeGreaterThanOrEqual(before - 1000);

    // Widening the scope is a new consent; the old one is kept, closed, as the record.
    expect((await agree(ana, 'eu')).consent?.scope).toBe('eu');
    const history = await world.app.database.db
      .select()
      .from(researchConsents)
      .where(eq(researchConsents.userId, ana.user.id))
      .orderBy(researchConsents.id);
    expect(history.map((row) => [row.scope, row.withdrawnAt === null])).toEqual([
      ['country', false],
      ['eu', true],
    ]);

    const withdrawn = await call('DELETE', '/api/investigacion/consentimiento/', ana);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<ResearchConsentAnswer>()).toMatchObject({ consent: null });
    expect(withdrawn.json<ResearchConsentAnswer>().withdrawn_at).not.toBeNull();
    expect((await forYou(ana)).consented).toBe(false);

    // Never a condition of anything else: the rest of the profile and the settings still work.
    expect((await call('GET', '/api/profile/', ana)).statusCode).toBe(200);
    expect((await call('GET', '/api/notificaciones/ajustes/', ana)).statusCode).toBe(200);
  });

  it('stops matching a consent given to a text older than the oldest version that still counts', async () => {
    const code = freshCode();
    const gil = await memberWith(code, 'es', 'Madrid');
    // A consent to version 0 of the text, as if the text had changed since (RESEARCH_CONSENT_MIN_VERSION is 1).
    await world.app.database.db
      .insert(researchConsents)
      .values({ userId: gil.user.id, version: 0, scope: 'country', givenBy: 'member', language: 'en' });
    expect((await consentOf(gil)).consent).toMatchObject({ version: 0, current: false });
    expect((await forYou(gil)).consented).toBe(false);
    await addEntry('centros', { pais: 'es', ciudad: 'Madrid', orphacodes: [code] });
    await queueIdle();
    expect(await matchesOf(gil.user.id)).toEqual([]);
    // Agreeing again to the current text closes the old consent and matches again.
    expect((await agree(gil, 'country')).consent).toMatchObject({
      version: RESEARCH_CONSENT_VERSION,
      current: true,
    });
    expect((await forYou(gil)).results).toHaveLength(1);
  });

  it('records a minor’s consent as the guardian’s, who holds the account', async () => {
    const minor = await createActiveMember(world.app, minorPayload());
    const saved = await putProfile(
      world.app,
      minor.access,
      completeProfile({ date_of_birth: '2014-03-02', orphacode: '558' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await consentOf(minor)).minor).toBe(true);
    const refused = await call('PUT', '/api/investigacion/consentimiento/', minor, { scope: 'country' });
    expect(refused.statusCode).toBe(400);
    expect((await agree(minor, 'neighbours')).consent).toMatchObject({
      given_by: 'guardian',
      scope: 'neighbours',
    });
  });

  it('tells consenting members whose disease and country match, by their scope, and nobody else', async () => {
    const code = freshCode();
    const inSpain = await memberWith(code, 'es', 'Madrid');
    const inPortugal = await memberWith(code, 'pt', 'Lisboa');
    const inGreece = await memberWith(code, 'gr', 'Athens');
    const inPortugalNarrow = await memberWith(code, 'pt', 'Lisboa');
    const noConsent = await memberWith(code, 'es', 'Madrid');
    const otherDisease = await memberWith(freshCode(), 'es', 'Madrid');
    await agree(inSpain, 'country');
    await agree(inPortugal, 'neighbours');
    await agree(inGreece, 'eu');
    await agree(inPortugalNarrow, 'country');
    await agree(otherDisease, 'eu');

    const centre = await addEntry('centros', { pais: 'es', ciudad: 'Madrid', orphacodes: `ORPHA:${code}` });
    expect(centre).toMatchObject({ orphacodes: [code], paises: ['es'] });
    await eventually(async () => expect(await researchNotices(inSpain)).toHaveLength(1));
    await eventually(async () => expect(await researchNotices(inPortugal)).toHaveLength(1));
    await eventually(async () => expect(await researchNotices(inGreece)).toHaveLength(1));
    await queueIdle();
    for (const member of [inPortugalNarrow, noConsent, otherDisease]) {
      expect(await researchNotices(member)).toEqual([]);
      expect(await matchesOf(member.user.id)).toEqual([]);
    }
    // The notification names nobody and nothing: the centre and its link, not the disease.
    const [notice] = await researchNotices(inSpain);
    expect(notice).toMatchObject({ kind: 'research', actors: [], subject: null, events: 1 });

    // "For you" says why: the member's own country, a neighbour, the EU.
    const why = async (member: Member) =>
      (await forYou(member)).results.map((match) => [match.id, match.orphacode, match.country, match.reason]);
    expect(await why(inSpain)).toEqual([[centre.id, code, 'es', 'country']]);
    expect(await why(inPortugal)).toEqual([[centre.id, code, 'es', 'neighbours']]);
    expect(await why(inGreece)).toEqual([[centre.id, code, 'es', 'eu']]);
    expect((await forYou(inPortugalNarrow)).results).toEqual([]);
    expect((await forYou(noConsent)).consented).toBe(false);

    // An entry in Germany reaches only the member who chose all of the EU.
    await addEntry('centros', { pais: 'de', ciudad: 'Berlin', orphacodes: [code] });
    await eventually(async () => expect(await researchNotices(inGreece)).toMatchObject([{ events: 2 }]));
    await queueIdle();
    expect(await researchNotices(inSpain)).toMatchObject([{ events: 1 }]);
    expect(await researchNotices(inPortugal)).toMatchObject([{ events: 1 }]);
    expect((await forYou(inGreece)).results.map((match) => match.reason).sort()).toEqual(['eu', 'eu']);

    // The directory's disease filter uses the same codes.
    const filtered = (await call('GET', `/api/recursos/centros/?orphacode=ORPHA:${code}`, inSpain)).json<
      { orphacodes: number[] }[]
    >();
    expect(filtered).toHaveLength(2);
    expect(filtered.every((entry) => entry.orphacodes.includes(code))).toBe(true);
    expect((await call('GET', '/api/recursos/centros/?orphacode=abc', inSpain)).statusCode).toBe(400);
  });

  it('tells once per entry, member and change: a repeated job tells nobody again; a material change does', async () => {
    const code = freshCode();
    const bea = await memberWith(code, 'es', 'Madrid');
    await agree(bea, 'neighbours');
    const study = await addEntry('proyectos', {
      pais: 'fr',
      ciudad: 'Paris',
      orphacodes: [code],
      estudio_clinico: true,
      recluta: false,
    });
    await eventually(async () => expect(await matchesOf(bea.user.id)).toHaveLength(1));
    await eventually(async () => expect((await matchesOf(bea.user.id))[0]?.toldAt).not.toBeNull());

    // The same revision's job again (a retry, a second instance): nothing new is told.
    await world.app.jobs.send(RESEARCH_JOBS.match, { kind: 'proyectos', id: study.id, revision: 1 });
    await queueIdle();
    const repository = createResearchRepository(world.app.database.db);
    expect(
      await repository.match({
        kind: 'proyectos',
        id: study.id,
        revision: 1,
        orphacodes: [code],
        paises: ['fr'],
      }),
    ).toEqual([]);
    expect(await matchesOf(bea.user.id)).toHaveLength(1);
    expect(await researchNotices(bea)).toMatchObject([{ events: 1 }]);

    // Not material: a corrected description or name tells nobody.
    await changeEntry('proyectos', study.id, {
      name: 'A better name',
      pais: 'fr',
      ciudad: 'Paris',
      orphacodes: [code],
      estudio_clinico: true,
      descripcion: { en: 'Corrected text.' },
    });
    await queueIdle();
    expect(await matchesOf(bea.user.id)).toHaveLength(1);

    // Starts recruiting (material): told again, once.
    await changeEntry('proyectos', study.id, {
      name: 'A better name',
      pais: 'fr',
      ciudad: 'Paris',
      orphacodes: [code],
      estudio_clinico: true,
      recluta: true,
      recluta_hasta: '2027-06-30',
    });
    await eventually(async () => expect(await matchesOf(bea.user.id)).toHaveLength(2));
    await eventually(async () => expect(await researchNotices(bea)).toMatchObject([{ events: 2 }]));
    const [match] = (await forYou(bea)).results;
    expect(match).toMatchObject({
      kind: 'proyectos',
      estudio_clinico: true,
      recluta: true,
      recluta_hasta: '2027-06-30',
      reason: 'neighbours',
    });
    expect(match?.told_at).not.toBeNull();

    // Codes, countries and the link are material too; the entry's removal forgets the matches.
    await changeEntry('proyectos', study.id, {
      name: 'A better name',
      pais: 'fr',
      ciudad: 'Paris',
      orphacodes: [code],
      paises: 'fr, es',
      estudio_clinico: true,
      recluta: true,
      recluta_hasta: '2027-06-30',
    });
    await eventually(async () => expect(await matchesOf(bea.user.id)).toHaveLength(3));
    expect((await forYou(bea)).results[0]).toMatchObject({ reason: 'country', country: 'es' });
    expect((await call('DELETE', `/api/admin/recursos/proyectos/${study.id}/`, world.admin)).statusCode).toBe(
      204,
    );
    expect(await matchesOf(bea.user.id)).toEqual([]);
    expect((await forYou(bea)).results).toEqual([]);
  });

  it('never names the disease, the entry or its link in e-mails or push payloads', async () => {
    const code = freshCode();
    const cleo = await memberWith(code, 'it', 'Roma', { enfermedad: 'Marfan syndrome' });
    await agree(cleo, 'country');
    const { settings } = (await call('GET', '/api/notificaciones/ajustes/', cleo)).json<{
      settings: Record<string, unknown>;
    }>();
    expect(
      (
        await call('PUT', '/api/notificaciones/ajustes/', cleo, {
          ...settings,
          email_frequency: 'immediately',
        })
      ).statusCode,
    ).toBe(200);
    const phone = browserKeys();
    const subscribed = await call('POST', '/api/notificaciones/dispositivos/', cleo, {
      endpoint: `${receivers.push.url}/push/cleo`,
      keys: phone.keys,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);

    await addEntry('centros', {
      name: 'Marfan Clinic of Rome',
      pais: 'it',
      ciudad: 'Roma',
      orphacodes: [code],
      enlace: 'https://marfan-rome.research.example/',
    });
    const mail = await eventually(() => {
      const found = receivers.smtp.messages.find(
        (message) => message.to.includes(cleo.email) && message.raw.includes('List-Unsubscribe:'),
      );
      expect(found).toBeDefined();
      return found!;
    });
    const received = await eventually(() => {
      const found = receivers.push.received.find((request) => request.path === '/push/cleo');
      expect(found).toBeDefined();
      return found!;
    });
    const payload = decryptPush(received, phone);
    const email = parseEmail(mail.raw);
    expect(email.text).toContain('There is news about research that may interest you');
    for (const secret of ['Marfan', 'marfan', `ORPHA:${code}`, 'ORPHA', 'Rome', 'Roma', 'research.example']) {
      for (const part of [mail.raw, email.text, email.html, email.subject])
        expect(part, secret).not.toContain(secret);
      expect(payload, secret).not.toContain(secret);
    }
    expect(JSON.parse(payload)).toMatchObject({ url: '/notificaciones' });
  });

  it('lets nobody learn who matched: every answer is the caller’s own', async () => {
    const code = freshCode();
    const dora = await memberWith(code, 'es', 'Madrid');
    const eve = await memberWith(code, 'es', 'Madrid');
    await agree(dora, 'country');
    const entry = await addEntry('centros', { pais: 'es', ciudad: 'Madrid', orphacodes: [code] });
    await eventually(async () => expect(await researchNotices(dora)).toHaveLength(1));
    // Eve has the same disease and country but no consent: she sees the entry in the directory,
    // nothing about Dora, and no "For you" list.
    expect(await forYou(eve)).toEqual({ consented: false, results: [] });
    const asAdmin = await call('GET', '/api/admin/recursos/centros/', world.admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.body).not.toContain(dora.email);
    expect(asAdmin.body).not.toMatch(/user_id|matched|told/);
    // The answers carry the entry, never a member.
    const own = JSON.stringify(await forYou(dora));
    expect(own).toContain(String(entry.id));
    expect(own).not.toContain(dora.email);
    const stored = await world.app.database.db
      .select()
      .from(researchMatches)
      .where(and(eq(researchMatches.entryKind, 'centros'), eq(researchMatches.entryId, entry.id)));
    expect(stored.map((row) => row.userId)).toEqual([dora.user.id]);
  });

  it('puts the consent and the matches in the copy of the data, and erases them with the account', async () => {
    const code = freshCode();
    const fay = await memberWith(code, 'es', 'Madrid');
    await agree(fay, 'country');
    await addEntry('centros', { pais: 'es', ciudad: 'Madrid', orphacodes: [code] });
    await eventually(async () => expect(await matchesOf(fay.user.id)).toHaveLength(1));

    expect((await call('POST', '/api/mis-datos/exportacion/', fay)).statusCode).toBeLessThan(300);
    const ready = await eventually(async () => {
      const state = (await call('GET', '/api/mis-datos/exportacion/', fay)).json<{
        export: { status: string; download?: string } | null;
      }>().export;
      expect(state?.status).toBe('ready');
      return state!;
    });
    const archive = await world.app.inject({
      method: 'GET',
      url: ready.download!,
      headers: { authorization: `Bearer ${fay.access}` },
    });
    expect(archive.statusCode).toBe(200);
    const { unzipSync, strFromU8 } = await import('fflate');
    const files = unzipSync(new Uint8Array(archive.rawPayload));
    const rowsIn = (table: string) =>
      (JSON.parse(strFromU8(files[`data/${table}.json`]!)) as { rows: Record<string, unknown>[] }).rows;
    const consents = rowsIn('research_consents');
    const matches = rowsIn('research_matches');
    expect(consents).toHaveLength(1);
    expect(matches).toMatchObject([{ orphacode: code }]);

    const deleted = await world.app.inject({
      method: 'DELETE',
      url: '/api/delete-account/',
      headers: { authorization: `Bearer ${fay.access}` },
      payload: { password: 'correct horse battery staple 42' },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await matchesOf(fay.user.id)).toEqual([]);
    expect(
      await world.app.database.db
        .select()
        .from(researchConsents)
        .where(eq(researchConsents.userId, fay.user.id)),
    ).toEqual([]);
  });

  describe('researchers learn numbers, never names (point 5)', () => {
    type Reach = ResearchReach;
    const cityIn = (country: string) => COUNTRY_CITIES[country as CountryCode][0]!;
    const reachOf = (projectId: number, who: Member, query = '') =>
      call('GET', `/api/investigacion/proyectos/${projectId}/alcance/${query}`, who);
    /** `count` members with the disease in `country`, consenting with `scope` to the current text. */
    const consenting = async (count: number, code: number, country: string, scope: ResearchScope) => {
      const members: Member[] = [];
      for (let i = 0; i < count; i += 1) {
        const member = await memberWith(code, country, cityIn(country));
        await agree(member, scope);
        members.push(member);
      }
      return members;
    };
    const representativeOf = async (projectId: number) => {
      const person = await createMemberWithProfile(world.app, { nombre: 'Rhea' });
      await confirmRepresentative(world.app, world.admin, 'proyectos', projectId, person);
      return person;
    };

    it('counts consenting members per country in bands from 10, and nothing narrows a count', async () => {
      const [codeA, codeB] = [freshCode(), freshCode()];
      const project = await addEntry('proyectos', {
        pais: 'fr',
        ciudad: cityIn('fr'),
        orphacodes: [codeA, codeB],
      });
      const rhea = await representativeOf(project.id);
      await consenting(12, codeA, 'fr', 'country');
      await consenting(11, codeA, 'es', 'eu');
      // Belgium is France's neighbour: 9 there are reached, and stay "fewer than 10".
      await consenting(5, codeA, 'be', 'neighbours');
      await consenting(4, codeB, 'be', 'eu');
      // Not reached: Germany with the narrowest scope, another disease, no consent.
      await consenting(3, codeA, 'de', 'country');
      await consenting(2, freshCode(), 'fr', 'country');
      await memberWith(codeA, 'fr', cityIn('fr'));
      // A consent to version 1 of the text, which did not say researchers see numbers: not counted.
      const older = await memberWith(codeA, 'fr', cityIn('fr'));
      await world.app.database.db
        .insert(researchConsents)
        .values({ userId: older.user.id, version: 1, scope: 'country', givenBy: 'member', language: 'en' });

      const answer = await reachOf(project.id, rhea);
      expect(answer.statusCode, answer.body).toBe(200);
      const reach = answer.json<Reach>();
      expect(reach).toEqual({
        threshold: 10,
        matchable: true,
        total: { from: 30, to: 34 },
        countries: [
          { country: 'fr', members: { from: 10, to: 14 } },
          { country: 'es', members: { from: 10, to: 14 } },
          { country: null, members: null },
        ],
        call: null,
      });
      // No filter: whatever the query asks, the answer is the same, and no count under 10 shows.
      for (const query of [
        `?orphacode=${codeB}`,
        '?country=be',
        `?orphacode=${codeA}&country=be&scope=neighbours`,
        '?age_group=minor&pais=be',
      ]) {
        const narrowed = await reachOf(project.id, rhea, query);
        expect([200, 400]).toContain(narrowed.statusCode);
        if (narrowed.statusCode === 200) expect(narrowed.json<Reach>()).toEqual(reach);
      }
      const shown = JSON.stringify(reach).match(/"from":(\d+)/g) ?? [];
      expect(shown.every((part) => Number(part.slice(7)) >= 10)).toBe(true);

      // Only the project's confirmed representatives: not a member, not an administrator, not
      // another project's representative; a project that does not exist is not found.
      const other = await addEntry('proyectos', { pais: 'fr', ciudad: cityIn('fr'), orphacodes: [codeA] });
      const otherRepresentative = await representativeOf(other.id);
      const plain = await createMemberWithProfile(world.app);
      for (const who of [plain, world.admin, otherRepresentative])
        expect((await reachOf(project.id, who)).statusCode).toBe(403);
      expect((await reachOf(9_999_999, rhea)).statusCode).toBe(404);
      const anonymous = await world.app.inject({
        method: 'GET',
        url: `/api/investigacion/proyectos/${project.id}/alcance/`,
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('sends one call per study to the consenting members it reaches, who read it in "For you"', async () => {
      const code = freshCode();
      const project = await addEntry('proyectos', {
        pais: 'it',
        ciudad: cityIn('it'),
        orphacodes: [code],
        estudio_clinico: true,
        recluta: true,
      });
      const rhea = await representativeOf(project.id);
      // The listing's own matching job runs before anyone agrees, so it tells nobody.
      await queueIdle();
      const [reached] = await consenting(1, code, 'it', 'country');
      const older = await memberWith(code, 'it', cityIn('it'));
      await world.app.database.db
        .insert(researchConsents)
        .values({ userId: older.user.id, version: 1, scope: 'country', givenBy: 'member', language: 'en' });
      const withdrew = (await consenting(1, code, 'it', 'country'))[0]!;
      await call('DELETE', '/api/investigacion/consentimiento/', withdrew);
      const notAsked = await memberWith(code, 'it', cityIn('it'));
      await queueIdle();
      expect(await researchNotices(reached!)).toEqual([]);

      const url = `/api/investigacion/proyectos/${project.id}/llamada/`;
      const text = 'We look for adults with this disease for a one-hour interview in Milan.';
      // Refused with the field named, in the caller's language; by anyone but a representative.
      const short = await call('POST', url, rhea, { text: 'Too short' }, 'es');
      expect(short.statusCode).toBe(400);
      expect(short.json<{ fields: Record<string, string> }>().fields.text).toMatch(/20/);
      expect((await call('POST', url, reached!, { text })).statusCode).toBe(403);
      const noCodes = await addEntry('proyectos', { pais: 'it', ciudad: cityIn('it') });
      const noCodesRepresentative = await representativeOf(noCodes.id);
      const unmatchable = await call(
        'POST',
        `/api/investigacion/proyectos/${noCodes.id}/llamada/`,
        noCodesRepresentative,
        { text },
      );
      expect(unmatchable.statusCode).toBe(409);
      expect(unmatchable.json<{ code: string }>().code).toBe('research_not_matchable');

      const posted = await call('POST', url, rhea, { text });
      expect(posted.statusCode, posted.body).toBe(201);
      expect(posted.json<Reach>().call).toMatchObject({ text, language: 'en' });
      const again = await call('POST', url, rhea, { text: `${text} Again.` });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ code: string }>().code).toBe('research_call_exists');

      // The consenting members (the older text too: it asked for news) are told, once; nobody else.
      await eventually(async () => expect(await researchNotices(reached!)).toMatchObject([{ events: 1 }]));
      await eventually(async () => expect(await researchNotices(older)).not.toEqual([]));
      await queueIdle();
      const callJobs = sql.identifier(world.config.jobs.schema);
      await eventually(async () => {
        const [left] = await rowsOf<{ waiting: number }>(
          world.app.database.db,
          sql`select count(*)::int as waiting from ${callJobs}.job where name = ${RESEARCH_JOBS.call} and state in ('created', 'retry', 'active')`,
        );
        expect(left?.waiting).toBe(0);
      });
      for (const member of [withdrew, notAsked]) {
        expect(await researchNotices(member)).toEqual([]);
        expect(
          await world.app.database.db
            .select()
            .from(researchCallRecipients)
            .where(eq(researchCallRecipients.userId, member.user.id)),
        ).toEqual([]);
      }
      expect((await reachOf(project.id, rhea)).json<Reach>().call).toMatchObject({ text, reached: null });

      // "For you" shows the call in the researchers' words, with the representatives in reach.
      const [match] = (await forYou(reached!)).results;
      expect(match).toMatchObject({
        id: project.id,
        call: { text, language: 'en' },
        representatives: [{ member_id: rhea.user.id, nombre: 'Rhea' }],
      });
      // A member who blocked the representative does not see them named.
      await call('POST', `/api/bloqueos/${rhea.user.id}/`, reached!);
      expect((await forYou(reached!)).results[0]?.representatives).toEqual([]);

      const audited = await world.app.database.db
        .select()
        .from(adminAuditLog)
        .where(
          and(eq(adminAuditLog.action, 'research.call'), eq(adminAuditLog.targetId, String(project.id))),
        );
      expect(audited).toHaveLength(1);
      expect(audited[0]).toMatchObject({ adminId: rhea.user.id, targetType: 'research_project' });

      // Withdrawing the consent forgets which calls reached the member.
      await call('DELETE', '/api/investigacion/consentimiento/', reached!);
      expect(
        await world.app.database.db
          .select()
          .from(researchCallRecipients)
          .where(eq(researchCallRecipients.userId, reached!.user.id)),
      ).toEqual([]);
    });

    it('lets a representative or an administrator withdraw the call: members no longer read it, and no other can be sent', async () => {
      const code = freshCode();
      const project = await addEntry('proyectos', { pais: 'pt', ciudad: cityIn('pt'), orphacodes: [code] });
      const rhea = await representativeOf(project.id);
      await queueIdle();
      const [member] = await consenting(1, code, 'pt', 'country');
      const url = `/api/investigacion/proyectos/${project.id}/llamada/`;
      const text = 'We look for families to test a new walking aid at home for three months.';
      expect((await call('POST', url, rhea, { text })).statusCode).toBe(201);
      await eventually(async () => expect((await forYou(member!)).results[0]?.call).toMatchObject({ text }));

      // Not by a member it reached, nor by a stranger: 403, and the call stays.
      expect((await call('DELETE', url, member!)).statusCode).toBe(403);
      const withdrawn = await call('DELETE', url, rhea);
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect(withdrawn.json<Reach>().call).toMatchObject({ text, withdrawn_at: expect.any(String) });
      expect((await forYou(member!)).results[0]).toMatchObject({ id: project.id, call: null });
      // Withdrawn once; and withdrawing does not free the study's one call.
      const twice = await call('DELETE', url, rhea, undefined, 'es');
      expect(twice.statusCode).toBe(404);
      expect(twice.json<{ error: string }>().error).toMatch(/convocatoria/);
      expect((await call('POST', url, rhea, { text: `${text} Again.` })).statusCode).toBe(409);
      const audited = await world.app.database.db
        .select()
        .from(adminAuditLog)
        .where(
          and(
            eq(adminAuditLog.action, 'research.call_withdraw'),
            eq(adminAuditLog.targetId, String(project.id)),
          ),
        );
      expect(audited).toMatchObject([{ adminId: rhea.user.id, targetType: 'research_project' }]);

      // An administrator may withdraw any project's call; one withdrawn before its job ran reaches nobody.
      const other = await addEntry('proyectos', { pais: 'pt', ciudad: cityIn('pt'), orphacodes: [code] });
      await queueIdle();
      const late = await createResearchRepository(world.app.database.db).postCall({
        projectId: other.id,
        authorId: rhea.user.id,
        text,
        language: 'en',
      });
      const otherUrl = `/api/investigacion/proyectos/${other.id}/llamada/`;
      expect((await call('DELETE', otherUrl, world.admin)).statusCode).toBe(200);
      await world.app.jobs.send(RESEARCH_JOBS.call, { callId: late!.id, projectId: other.id });
      await queueIdle();
      expect(
        await world.app.database.db
          .select()
          .from(researchCallRecipients)
          .where(eq(researchCallRecipients.callId, late!.id)),
      ).toEqual([]);
      expect(
        (await call('DELETE', `/api/investigacion/proyectos/999999999/llamada/`, world.admin)).statusCode,
      ).toBe(404);
    });

    it('reaches a minor whose guardian agreed, who reads the call without an adult representative named', async () => {
      const code = freshCode();
      const project = await addEntry('proyectos', { pais: 'pt', ciudad: cityIn('pt'), orphacodes: [code] });
      const rhea = await representativeOf(project.id);
      await queueIdle();
      const minor = await createActiveMember(world.app, minorPayload());
      const saved = await putProfile(
        world.app,
        minor.access,
        completeProfile({
          date_of_birth: '2013-06-01',
          orphacode: String(code),
          country: 'pt',
          ciudad: cityIn('pt'),
        }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      await approveMinor(world.app, minor.user.id);
      expect((await agree(minor, 'country')).consent).toMatchObject({ given_by: 'guardian' });
      const [adult] = await consenting(1, code, 'pt', 'country');

      const text = 'Families of children with this disease: a short questionnaire, online.';
      const posted = await call('POST', `/api/investigacion/proyectos/${project.id}/llamada/`, rhea, {
        text,
      });
      expect(posted.statusCode, posted.body).toBe(201);
      for (const member of [minor, adult!])
        await eventually(async () => expect(await researchNotices(member)).not.toEqual([]));

      // The adult may reach the representative; the minor reads the same call with nobody named,
      // as the age rule keeps adults and minors who are not friends from finding each other.
      expect((await forYou(adult!)).results[0]).toMatchObject({
        call: { text },
        representatives: [{ member_id: rhea.user.id }],
      });
      const [seenByMinor] = (await forYou(minor)).results;
      expect(seenByMinor).toMatchObject({ id: project.id, call: { text }, representatives: [] });
      expect(JSON.stringify(seenByMinor)).not.toContain('Rhea');
    });
  });
});
