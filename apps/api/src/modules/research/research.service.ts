import {
  RESEARCH_CONSENT_MIN_VERSION,
  RESEARCH_CONSENT_VERSION,
  RESEARCH_ENTRY_KINDS,
  RESEARCH_COUNT_THRESHOLD,
  RESEARCH_FOR_YOU_LIMIT,
  countBand,
  countriesInScope,
  matchReason,
  type Language,
  type ResearchConsentAnswer,
  type ResearchEntryKind,
  type ResearchForYou,
  type ResearchScope,
  type ResourceKind,
  type ResearchReach,
} from '@juntos/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { StoredDirectoryEntry } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { JobQueue } from '../../lib/job-queue';
import type { MatchedEntry, ResearchRepository } from './research.repository';

export const RESEARCH_JOBS = { match: 'research-match', call: 'research-call' } as const;

/** A directory entry as the research module needs it (the resources module's row, by port). */
export type ResearchEntry = StoredDirectoryEntry;

export type ResearchServiceDeps = {
  repository: ResearchRepository;
  jobs: JobQueue;
  /** One directory entry as it is now (resources module), or undefined when removed. */
  entry: (kind: ResearchEntryKind, id: number) => Promise<ResearchEntry | undefined>;
  /** The entries of a list naming a code in some countries (resources module). */
  entriesAbout: (
    kind: ResearchEntryKind,
    orphacode: number,
    countries: readonly string[],
    limit: number,
  ) => Promise<ResearchEntry[]>;
  /** Tells many members one platform event (notifications module); throws so the job retries. */
  tellMany: (userIds: readonly number[]) => Promise<void>;
  /** The member as the audit log names them, when a confirmed representative of the project. */
  projectRepresentative: (projectId: number, userId: number) => Promise<Actor | undefined>;
  /** The member as the audit log names them, when an active administrator. */
  adminActor: (userId: number) => Promise<Actor | undefined>;
  /** The confirmed representatives of these projects the viewer may see (representatives module). */
  projectRepresentatives: (
    projectIds: readonly number[],
    viewerId: number,
  ) => Promise<Map<number, { member_id: number; nombre: string }[]>>;
  audit: (
    actor: Actor,
    entry: { action: string; targetType: string; targetId: number; details?: Record<string, unknown> },
  ) => Promise<unknown>;
  log: FastifyBaseLogger;
};

type Actor = { id: number; email: string };

const notRepresentative = () => new AppError(403, 'not_representative', 'hosts.errors.not_representative');

const isResearchKind = (kind: ResourceKind): kind is ResearchEntryKind =>
  (RESEARCH_ENTRY_KINDS as readonly string[]).includes(kind);

/**
 * Research that finds the member (issue 35, decision 0041). The consent is the member's own
 * (on a minor's account, the guardian's, who holds it); matching runs as a job of the durable
 * queue after each directory change that matters, and tells the matched members through the
 * notification centre, which never names a disease by e-mail or push. Nothing here answers one
 * member about another.
 */
export function createResearchService(deps: ResearchServiceDeps) {
  const { repository, jobs } = deps;

  async function consentAnswer(userId: number): Promise<ResearchConsentAnswer> {
    const { current, withdrawnAt, account } = await repository.consentOf(userId);
    return {
      consent: current
        ? {
            version: current.version,
            scope: current.scope,
            given_at: current.givenAt.toISOString(),
            given_by: current.givenBy,
            current: current.version >= RESEARCH_CONSENT_MIN_VERSION,
          }
        : null,
      withdrawn_at: withdrawnAt ? withdrawnAt.toISOString() : null,
      version: RESEARCH_CONSENT_VERSION,
      minor: isMinorAccount(account),
      has_disease: account?.orphacode != null,
    };
  }

  /** The entry's matching job, once per material revision (the job's key is the revision). */
  async function matchEntry({
    kind,
    id,
    revision,
  }: {
    kind: ResearchEntryKind;
    id: number;
    revision: number;
  }) {
    const entry = await deps.entry(kind, id);
    // Removed, or changed again since: the newer revision's own job matches it.
    if (!entry || entry.revision !== revision) return;
    const matched: MatchedEntry = {
      kind,
      id,
      revision,
      orphacodes: entry.orphacodes,
      paises: entry.paises,
    };
    const members = await repository.match(matched);
    if (members.length === 0) return;
    await deps.tellMany(members);
    await repository.markTold(matched, members);
    deps.log.info({ kind, id, revision, told: members.length }, 'research entry matched');
  }

  jobs.handle<{ kind: ResearchEntryKind; id: number; revision: number }>(RESEARCH_JOBS.match, matchEntry);

  /**
   * A call for participants goes to the members the project reaches when the job runs (the
   * project's codes and countries then, the consents in force then), once each.
   */
  async function sendCall({ callId, projectId }: { callId: number; projectId: number }) {
    const [entry, inForce] = await Promise.all([
      deps.entry('proyectos', projectId),
      repository.callInForce(callId),
    ]);
    // Withdrawn before the job ran: it reaches nobody.
    if (!entry || !inForce) return;
    const members = await repository.callRecipients(callId, entry);
    if (members.length === 0) return;
    await deps.tellMany(members);
    await repository.markCallTold(callId, members);
    deps.log.info({ projectId, callId, told: members.length }, 'research call sent');
  }

  jobs.handle<{ callId: number; projectId: number }>(RESEARCH_JOBS.call, sendCall);

  /** The project, and the caller as its confirmed representative; else 404 or 403. */
  async function requireRepresentative(projectId: number, userId: number) {
    const entry = await deps.entry('proyectos', projectId);
    if (!entry) throw notFound('hosts.errors.entry_not_found');
    const actor = await deps.projectRepresentative(projectId, userId);
    if (!actor) throw notRepresentative();
    return { entry, actor };
  }

  /**
   * The representatives' numbers (decision 0041, "Numbers, never names"): per country, banded
   * from RESEARCH_COUNT_THRESHOLD. Each of the project's own countries always has a row, other
   * countries only once their band shows, and everyone else reached is one row; so a row never
   * says that someone lives somewhere. Nothing can be filtered, so nothing can be subtracted.
   */
  async function reachOf(entry: ResearchEntry, projectId: number): Promise<ResearchReach> {
    const counted = await repository.reachByCountry(entry);
    const own = [...new Set(entry.paises)].sort();
    const members = new Map(counted.map((row) => [row.country, row.members]));
    const shownElsewhere = counted
      .filter((row) => row.country !== null && !own.includes(row.country) && countBand(row.members))
      .sort((a, b) => b.members - a.members || String(a.country).localeCompare(String(b.country)));
    const listed = new Set<string | null>([...own, ...shownElsewhere.map((row) => row.country)]);
    const rest = counted.filter((row) => !listed.has(row.country)).reduce((sum, row) => sum + row.members, 0);
    const call = await repository.callOf(projectId);
    return {
      threshold: RESEARCH_COUNT_THRESHOLD,
      matchable: entry.orphacodes.length > 0 && entry.paises.length > 0,
      total: countBand(counted.reduce((sum, row) => sum + row.members, 0)),
      countries: [
        ...own.map((country) => ({ country, members: countBand(members.get(country) ?? 0) })),
        ...shownElsewhere.map((row) => ({ country: row.country, members: countBand(row.members) })),
        { country: null, members: countBand(rest) },
      ],
      call: call
        ? {
            text: call.text,
            language: call.language,
            posted_at: call.postedAt.toISOString(),
            reached: countBand(call.reached),
            withdrawn_at: call.withdrawnAt?.toISOString() ?? null,
          }
        : null,
    };
  }

  return {
    consent: consentAnswer,

    /** Gives or changes the consent; on a minor's account it is recorded as the guardian's. */
    async giveConsent(userId: number, scope: ResearchScope, language: Language) {
      const { account } = await repository.consentOf(userId);
      await repository.give(userId, {
        version: RESEARCH_CONSENT_VERSION,
        scope,
        givenBy: isMinorAccount(account) ? 'guardian' : 'member',
        language,
      });
      return consentAnswer(userId);
    },

    /** One action: no more news, and what matching told the member is forgotten. */
    async withdrawConsent(userId: number) {
      await repository.withdraw(userId);
      return consentAnswer(userId);
    },

    /**
     * The "For you" view: entries about the member's declared disease in the countries of their
     * consent's scope, each with the country that matched and how. Empty without a consent in
     * force, a disease code or a country.
     */
    async forYou(userId: number, language: Language): Promise<ResearchForYou> {
      const { current, account } = await repository.consentOf(userId);
      const consented = Boolean(current && current.version >= RESEARCH_CONSENT_MIN_VERSION);
      const orphacode = account?.orphacode;
      const country = account?.country;
      if (!current || !consented || orphacode == null || !country) return { consented, results: [] };
      const countries = countriesInScope(country, current.scope);
      const found = (
        await Promise.all(
          RESEARCH_ENTRY_KINDS.map(async (kind) =>
            (await deps.entriesAbout(kind, orphacode, countries, RESEARCH_FOR_YOU_LIMIT)).map((entry) => ({
              kind,
              entry,
            })),
          ),
        )
      ).flat();
      const projectIds = found.filter(({ kind }) => kind === 'proyectos').map(({ entry }) => entry.id);
      const [told, calls] = await Promise.all([
        repository.toldAt(
          userId,
          found.map(({ kind, entry }) => ({ kind, id: entry.id, revision: entry.revision })),
        ),
        repository.callsOf(projectIds),
      ]);
      // A project with a call names the representatives the member may see, to ask them to be friends.
      const representatives = await deps.projectRepresentatives([...calls.keys()], userId);
      const results = found.map(({ kind, entry }) => {
        const reason = matchReason(country, entry.paises);
        const matchedCountry =
          reason === 'country'
            ? country
            : (entry.paises.find((place) => countries.includes(place)) ?? entry.pais);
        const toldAt = told.get(`${kind}:${entry.id}:${entry.revision}`) ?? null;
        return {
          kind,
          id: entry.id,
          name: entry.name,
          pais: entry.pais,
          ciudad: entry.ciudad,
          descripcion:
            entry.descripcion[language] ?? entry.descripcion.en ?? Object.values(entry.descripcion)[0] ?? '',
          enlace: entry.enlace,
          paises: entry.paises,
          estudio_clinico: entry.estudioClinico,
          recluta: entry.recluta,
          recluta_hasta: entry.reclutaHasta,
          orphacode,
          country: matchedCountry,
          reason,
          told_at: toldAt ? toldAt.toISOString() : null,
          call: callAnswer(kind === 'proyectos' ? calls.get(entry.id) : undefined),
          representatives: (kind === 'proyectos' && representatives.get(entry.id)) || [],
        };
      });
      // Recruiting studies first, then the closest, then by name.
      const order = { country: 0, neighbours: 1, eu: 2 } as const;
      results.sort(
        (a, b) =>
          Number(b.recluta) - Number(a.recluta) ||
          order[a.reason] - order[b.reason] ||
          a.name.localeCompare(b.name, language),
      );
      return { consented, results: results.slice(0, RESEARCH_FOR_YOU_LIMIT) };
    },

    /**
     * A directory entry was added or changed materially (a new revision): its matching job is
     * queued (durable: it survives a restart, and a failure is retried). A job run twice, or by
     * two instances, tells nobody twice: the primary key of research_matches.
     */
    async entryChanged(kind: ResourceKind, id: number, revision: number) {
      if (!isResearchKind(kind)) return;
      await jobs.send(RESEARCH_JOBS.match, { kind, id, revision });
    },

    /** A directory entry was removed: what was told of it is forgotten. */
    async entryRemoved(kind: ResourceKind, id: number) {
      if (isResearchKind(kind)) await repository.forgetEntry(kind, id);
    },

    /** What the project's confirmed representatives may learn: numbers in bands, and the call. */
    async reach(userId: number, projectId: number) {
      const { entry } = await requireRepresentative(projectId, userId);
      return reachOf(entry, projectId);
    },

    /**
     * The project's one call for participants: recorded, audited, and sent by a job to the
     * consenting members its codes reach, as the same notification as a match (no disease is
     * named by e-mail or push); members read it in "For you" and answer the project themselves.
     */
    async postCall(userId: number, projectId: number, text: string, language: Language) {
      const { entry, actor } = await requireRepresentative(projectId, userId);
      if (entry.orphacodes.length === 0 || entry.paises.length === 0)
        throw new AppError(409, 'research_not_matchable', 'research.errors.not_matchable');
      const call = await repository.postCall({ projectId, authorId: userId, text, language });
      if (!call) throw new AppError(409, 'research_call_exists', 'research.errors.call_exists');
      await deps.audit(actor, {
        action: 'research.call',
        targetType: 'research_project',
        targetId: projectId,
        details: { call_id: call.id },
      });
      await jobs.send(RESEARCH_JOBS.call, { callId: call.id, projectId });
      return reachOf(entry, projectId);
    },

    /**
     * Withdraws the project's call (a study that is full, or a call posted by mistake or abuse):
     * members no longer read it in "For you" and a job not yet run sends it to nobody. The
     * project's confirmed representatives may, and so may an administrator. The project keeps
     * having had its one call, so withdrawing is not a way to send another.
     */
    async withdrawCall(userId: number, projectId: number) {
      const entry = await deps.entry('proyectos', projectId);
      if (!entry) throw notFound('hosts.errors.entry_not_found');
      const actor = (await deps.projectRepresentative(projectId, userId)) ?? (await deps.adminActor(userId));
      if (!actor) throw notRepresentative();
      const call = await repository.withdrawCall(projectId);
      if (!call) throw notFound('research.errors.no_call');
      await deps.audit(actor, {
        action: 'research.call_withdraw',
        targetType: 'research_project',
        targetId: projectId,
        details: { call_id: call.id },
      });
      return reachOf(entry, projectId);
    },

    /** For tests and the benchmark: run one entry's matching now. */
    matchEntry,
    /** For tests: send one call now. */
    sendCall,
  };
}

/** The call as "For you" shows it: the researchers' words, their language and date; null without one. */
const callAnswer = (call: { text: string; language: string; postedAt: Date } | undefined) =>
  call ? { text: call.text, language: call.language, posted_at: call.postedAt.toISOString() } : null;

/**
 * A minor's account is held by the parent or guardian who registered it (spec §1: "a minor
 * registered by a parent or guardian"; their name and relation are on the account): whoever signs
 * in to it and decides there is the guardian. An administrator's age-group correction wins.
 */
function isMinorAccount(account: { tipoRegistro: string; ageGroup: string | null } | undefined) {
  if (!account) return false;
  return account.ageGroup ? account.ageGroup === 'minor' : account.tipoRegistro === 'menor';
}

export type ResearchService = ReturnType<typeof createResearchService>;
