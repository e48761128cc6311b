import {
  RESEARCH_CONSENT_MIN_VERSION,
  RESEARCH_CONSENT_VERSION,
  RESEARCH_ENTRY_KINDS,
  RESEARCH_FOR_YOU_LIMIT,
  countriesInScope,
  matchReason,
  type Language,
  type ResearchConsentAnswer,
  type ResearchEntryKind,
  type ResearchForYou,
  type ResearchScope,
  type ResourceKind,
} from '@juntos/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../lib/job-queue';
import type { MatchedEntry, ResearchRepository } from './research.repository';

export const RESEARCH_JOBS = { match: 'research-match' } as const;

/** A directory entry as the research module needs it (the resources module's row, by port). */
export type ResearchEntry = {
  id: number;
  name: string;
  pais: string;
  ciudad: string;
  descripcion: Partial<Record<Language, string>>;
  enlace: string;
  orphacodes: number[];
  paises: string[];
  estudioClinico: boolean;
  recluta: boolean;
  reclutaHasta: string | null;
  revision: number;
};

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
  log: FastifyBaseLogger;
};

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
      const told = await repository.toldAt(
        userId,
        found.map(({ kind, entry }) => ({ kind, id: entry.id, revision: entry.revision })),
      );
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

    /** For tests and the benchmark: run one entry's matching now. */
    matchEntry,
  };
}

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
