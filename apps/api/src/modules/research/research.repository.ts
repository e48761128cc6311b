import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  EU_COUNTRY_CODES,
  RESEARCH_CONSENT_MIN_VERSION,
  RESEARCH_COUNTED_MIN_VERSION,
  neighboursOf,
  type ResearchEntryKind,
  type ResearchScope,
} from '@juntos/domain';
import { rowsOf, type Database } from '../../db/database';
import {
  profiles,
  researchCallRecipients,
  researchCalls,
  researchConsents,
  researchMatches,
  users,
} from '../../db/schema';

/** What an entry is about, as matching reads it. */
export type MatchedEntry = {
  kind: ResearchEntryKind;
  id: number;
  revision: number;
  orphacodes: readonly number[];
  paises: readonly string[];
};

const EU = [...EU_COUNTRY_CODES] as string[];

/**
 * The consenting members an entry reaches, as the `from … where …` of a statement over `p`
 * (their profile) and `c` (their consent in force): the members whose profile declares one of
 * the entry's codes (profiles_orphacode_idx), whose consent is in force and recent enough
 * (research_consents_in_force_idx), and whose country is one of the entry's, a neighbour of one
 * with a wider scope, or anywhere with "all of the EU" when the entry is in the EU. Matching,
 * the researchers' counts and a call for participants all read this one rule (the counts only
 * from consents whose text said so, `minVersion`).
 */
function consentingMembersReached(
  entry: Pick<MatchedEntry, 'orphacodes' | 'paises'>,
  minVersion: number = RESEARCH_CONSENT_MIN_VERSION,
) {
  const countries = [...entry.paises];
  const neighbours = neighboursOf(countries);
  const inEu = countries.some((country) => EU.includes(country));
  return {
    countries,
    neighbours,
    fromWhere: sql`
    from ${profiles} p
    join ${researchConsents} c on c.user_id = p.user_id and c.withdrawn_at is null
    where p.orphacode = any(${sql.param([...entry.orphacodes])}::integer[])
      and c.version >= ${minVersion}
      and (p.country = any(${sql.param(countries)}::text[])
        or (c.scope <> 'country' and p.country = any(${sql.param(neighbours)}::text[]))
        or (c.scope = 'eu' and ${inEu}::boolean))`,
  };
}

/**
 * The statement that matches one entry (revision) to the consenting members and records what is
 * told, in one round trip (decision 0041, "The plan"). The primary key of research_matches makes
 * it idempotent: a second run, or a second instance, inserts nothing. Answers the members matched
 * and not told yet (`told_at` null): those it inserted (not visible to the outer select within
 * one statement, hence the union) and those a failed run matched but did not get to tell.
 */
export function matchStatement(entry: MatchedEntry) {
  const { countries, neighbours, fromWhere } = consentingMembersReached(entry);
  return sql`
    with inserted as (
    insert into ${researchMatches} (user_id, entry_kind, entry_id, revision, orphacode, country, reason)
    select p.user_id, ${entry.kind}::text, ${entry.id}::bigint, ${entry.revision}::integer, p.orphacode, p.country,
      case when p.country = any(${sql.param(countries)}::text[]) then 'country'
           when p.country = any(${sql.param(neighbours)}::text[]) then 'neighbours'
           else 'eu' end
    ${fromWhere}
    on conflict do nothing
    returning user_id)
    select user_id from inserted
    union
    select user_id from ${researchMatches}
    where entry_kind = ${entry.kind} and entry_id = ${entry.id} and revision = ${entry.revision} and told_at is null`;
}

/**
 * The same for a call for participants: every member the project reaches gets one row of
 * research_call_recipients (idempotent by its primary key); answers those not told yet.
 */
function callStatement(callId: number, entry: Pick<MatchedEntry, 'orphacodes' | 'paises'>) {
  const { fromWhere } = consentingMembersReached(entry);
  return sql`
    with inserted as (
    insert into ${researchCallRecipients} (call_id, user_id)
    select ${callId}::bigint, p.user_id
    ${fromWhere}
    on conflict do nothing
    returning user_id)
    select user_id from inserted
    union
    select user_id from ${researchCallRecipients} where call_id = ${callId} and told_at is null`;
}

/**
 * Consents, matches and calls: each read answers about one member, the one asking, except the
 * counts of a project's reach, which the service bands before they leave.
 */
export function createResearchRepository(db: Database) {
  return {
    /** The consent in force, the latest withdrawal, and what the profile gives to match on. */
    async consentOf(userId: number) {
      const [current] = await db
        .select()
        .from(researchConsents)
        .where(and(eq(researchConsents.userId, userId), isNull(researchConsents.withdrawnAt)))
        .limit(1);
      const [withdrawn] = await db
        .select({ at: researchConsents.withdrawnAt })
        .from(researchConsents)
        .where(and(eq(researchConsents.userId, userId), sql`${researchConsents.withdrawnAt} is not null`))
        .orderBy(desc(researchConsents.withdrawnAt))
        .limit(1);
      const [account] = await db
        .select({
          tipoRegistro: users.tipoRegistro,
          ageGroup: users.ageGroup,
          orphacode: profiles.orphacode,
          country: profiles.country,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      return { current, withdrawnAt: withdrawn?.at ?? null, account };
    },

    /**
     * Gives (or changes) the consent: the one in force, if any, is closed and a new row holds
     * the new scope and version, so the history says what was agreed to and when. One
     * transaction: the partial unique index allows one row in force.
     */
    async give(
      userId: number,
      values: { version: number; scope: ResearchScope; givenBy: 'member' | 'guardian'; language: string },
    ) {
      await db.transaction(async (tx) => {
        await tx
          .update(researchConsents)
          .set({ withdrawnAt: sql`now()` })
          .where(and(eq(researchConsents.userId, userId), isNull(researchConsents.withdrawnAt)));
        await tx.insert(researchConsents).values({ userId, ...values });
      });
    },

    /**
     * Withdraws: the consent row stays as the record of what was agreed and when it ended;
     * everything matching and calls told the member is deleted (it was about their disease).
     */
    async withdraw(userId: number) {
      await db.transaction(async (tx) => {
        await tx
          .update(researchConsents)
          .set({ withdrawnAt: sql`now()` })
          .where(and(eq(researchConsents.userId, userId), isNull(researchConsents.withdrawnAt)));
        await tx.delete(researchMatches).where(eq(researchMatches.userId, userId));
        await tx.delete(researchCallRecipients).where(eq(researchCallRecipients.userId, userId));
      });
    },

    /** Records the matches of one entry revision; answers the members not told yet. */
    async match(entry: MatchedEntry): Promise<number[]> {
      if (entry.orphacodes.length === 0 || entry.paises.length === 0) return [];
      const rows = await rowsOf<{ user_id: number | string }>(db, matchStatement(entry));
      return rows.map((row) => Number(row.user_id));
    },

    /** Marks these members told of the entry revision (after their notification is recorded). */
    async markTold(entry: MatchedEntry, userIds: readonly number[]) {
      if (userIds.length === 0) return;
      await db
        .update(researchMatches)
        .set({ toldAt: sql`now()` })
        .where(
          and(
            eq(researchMatches.entryKind, entry.kind),
            eq(researchMatches.entryId, entry.id),
            eq(researchMatches.revision, entry.revision),
            sql`${researchMatches.userId} = any(${sql.param([...userIds])}::bigint[])`,
          ),
        );
    },

    /** An entry removed from the directory: nothing about it is kept for anyone. */
    async forgetEntry(kind: ResearchEntryKind, id: number) {
      await db
        .delete(researchMatches)
        .where(and(eq(researchMatches.entryKind, kind), eq(researchMatches.entryId, id)));
    },

    /** When the member was told of each of these entries' current revisions (none: not yet). */
    async toldAt(
      userId: number,
      entries: readonly { kind: ResearchEntryKind; id: number; revision: number }[],
    ) {
      if (entries.length === 0) return new Map<string, Date | null>();
      const rows = await db
        .select({
          kind: researchMatches.entryKind,
          id: researchMatches.entryId,
          revision: researchMatches.revision,
          toldAt: researchMatches.toldAt,
        })
        .from(researchMatches)
        .where(
          and(
            eq(researchMatches.userId, userId),
            sql`(${researchMatches.entryKind}, ${researchMatches.entryId}, ${researchMatches.revision}) in (${sql.join(
              entries.map((entry) => sql`(${entry.kind}, ${entry.id}::bigint, ${entry.revision}::int)`),
              sql`, `,
            )})`,
          ),
        );
      return new Map(rows.map((row) => [`${row.kind}:${row.id}:${row.revision}`, row.toldAt]));
    },

    /**
     * How many consenting members the entry reaches, per member country, in one grouped count
     * (the same indexes as matching). Exact numbers: the service bands them before they leave.
     */
    async reachByCountry(entry: Pick<MatchedEntry, 'orphacodes' | 'paises'>) {
      if (entry.orphacodes.length === 0 || entry.paises.length === 0) return [];
      const { fromWhere } = consentingMembersReached(entry, RESEARCH_COUNTED_MIN_VERSION);
      const rows = await rowsOf<{ country: string | null; members: number | string }>(
        db,
        sql`select p.country, count(*) as members ${fromWhere} group by p.country`,
      );
      return rows.map((row) => ({ country: row.country, members: Number(row.members) }));
    },

    /** A project's call for participants, and how many members it reached (exact). */
    async callOf(projectId: number) {
      const [call] = await db
        .select()
        .from(researchCalls)
        .where(eq(researchCalls.researchProjectId, projectId))
        .limit(1);
      if (!call) return undefined;
      const [reached] = await db
        .select({ members: sql<number>`count(*)::int` })
        .from(researchCallRecipients)
        .where(eq(researchCallRecipients.callId, call.id));
      return { ...call, reached: reached?.members ?? 0 };
    },

    /** Whether this call is still in force (not withdrawn): what its sending job asks, without counting. */
    async callInForce(callId: number) {
      const [call] = await db
        .select({ id: researchCalls.id })
        .from(researchCalls)
        .where(and(eq(researchCalls.id, callId), isNull(researchCalls.withdrawnAt)))
        .limit(1);
      return call !== undefined;
    },

    /** The calls of these projects still in force (the "For you" view), by project. */
    async callsOf(projectIds: readonly number[]) {
      if (projectIds.length === 0) return new Map<number, typeof researchCalls.$inferSelect>();
      const rows = await db
        .select()
        .from(researchCalls)
        .where(
          and(
            sql`${researchCalls.researchProjectId} = any(${sql.param([...projectIds])}::bigint[])`,
            isNull(researchCalls.withdrawnAt),
          ),
        );
      return new Map(rows.map((row) => [row.researchProjectId, row]));
    },

    /** Records the call; undefined when the project already has one (one per study, ever). */
    async postCall(values: { projectId: number; authorId: number; text: string; language: string }) {
      const [call] = await db
        .insert(researchCalls)
        .values({
          researchProjectId: values.projectId,
          authorId: values.authorId,
          text: values.text,
          language: values.language,
        })
        .onConflictDoNothing()
        .returning();
      return call;
    },

    /** Withdraws the project's call; undefined when it has none in force. */
    async withdrawCall(projectId: number) {
      const [call] = await db
        .update(researchCalls)
        .set({ withdrawnAt: sql`now()` })
        .where(and(eq(researchCalls.researchProjectId, projectId), isNull(researchCalls.withdrawnAt)))
        .returning();
      return call;
    },

    /** Records who a call reaches; answers the members not told yet. */
    async callRecipients(callId: number, entry: Pick<MatchedEntry, 'orphacodes' | 'paises'>) {
      if (entry.orphacodes.length === 0 || entry.paises.length === 0) return [];
      const rows = await rowsOf<{ user_id: number | string }>(db, callStatement(callId, entry));
      return rows.map((row) => Number(row.user_id));
    },

    /** Marks these members told of the call (after their notification is recorded). */
    async markCallTold(callId: number, userIds: readonly number[]) {
      if (userIds.length === 0) return;
      await db
        .update(researchCallRecipients)
        .set({ toldAt: sql`now()` })
        .where(
          and(
            eq(researchCallRecipients.callId, callId),
            sql`${researchCallRecipients.userId} = any(${sql.param([...userIds])}::bigint[])`,
          ),
        );
    },
  };
}

export type ResearchRepository = ReturnType<typeof createResearchRepository>;
