import { and, asc, count, desc, eq, gte, inArray, notExists, sql } from 'drizzle-orm';
import {
  FUNCTIONAL_FIELDS,
  MEMBER_COUNT_STEPS,
  foldForSearch,
  type Language,
  type TopicCommunityInput,
} from '@juntos/domain';
import type { Database } from '../../db/database';
import { hostedCommunityIds, moderatedCommunityIds } from '../../db/community-moderation-roles';
import { mayReach } from '../../db/safeguarding';
import {
  associationCommunities,
  associations,
  communities,
  communityRuleAcceptances,
  communityRules,
  communityMembers,
  communityModerators,
  directoryRepresentatives,
  functionalAnswers,
  profiles,
  rareDiseaseCodes,
  users,
} from '../../db/schema';

export type CommunityRow = typeof communities.$inferSelect;

/**
 * `foldForSearch` in SQL, so a search filters topic names in the database. After `normalize(…,
 * NFD)` and the accents dropped, `translate` maps the letters whose lower case `lower()` may not
 * give (it only knows A–Z under the C locale) to what `foldForSearch` gives them: Greek, Ł, Ø,
 * Œ, the final sigma… The table is derived from `foldForSearch` over the scripts of the ten
 * languages, so both fold alike on any database.
 */
const SQL_FOLD = (() => {
  const scripts: [number, number][] = [
    [0x00c0, 0x024f], // Latin-1 supplement, Latin extended A and B
    [0x0370, 0x03ff], // Greek
    [0x1e00, 0x1fff], // Latin extended additional, Greek extended
  ];
  let from = '';
  let to = '';
  for (const [first, last] of scripts)
    for (let code = first; code <= last; code += 1) {
      const letter = String.fromCodePoint(code);
      const folded = foldForSearch(letter);
      // Letters NFD decomposes never reach translate; the others need it only when folding changes them.
      if (letter.normalize('NFD') !== letter || folded === letter || [...folded].length !== 1) continue;
      from += letter;
      to += folded;
    }
  return { from, to, accents: '[\u0300-\u036f]' };
})();

/** A topic community's name in the reader's language (else the Spanish one), folded. */
const foldedTopicName = (language: Language) =>
  sql<string>`lower(translate(regexp_replace(normalize(coalesce(${communities.name}->>${language}, ${communities.name}->>'es', ''), NFD), ${SQL_FOLD.accents}, '', 'g'), ${SQL_FOLD.from}, ${SQL_FOLD.to}))`;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The text of a community's latest rules version ('' when none, or when the last one withdrew them). */
async function rulesInForce(tx: Transaction, communityId: number): Promise<string> {
  const [current] = await tx
    .select({ text: communityRules.text })
    .from(communityRules)
    .where(eq(communityRules.communityId, communityId))
    .orderBy(desc(communityRules.id))
    .limit(1);
  return current?.text ?? '';
}

/** An empty version ends the rules in force, if any (unlinking a host takes its words away). */
async function withdrawRules(tx: Transaction, communityId: number) {
  if (await rulesInForce(tx, communityId)) await tx.insert(communityRules).values({ communityId, text: '' });
}

/** Every read and write of communities, their members and moderators, hosts and rules. */
export function createCommunitiesRepository(db: Database) {
  /** Each community's moderators (id and first name), in the order they were appointed. */
  async function moderatorsOf(communityIds: readonly number[]) {
    const byCommunity = new Map<number, { id: number; nombre: string }[]>();
    if (communityIds.length === 0) return byCommunity;
    const rows = await db
      .select({
        communityId: communityModerators.communityId,
        id: communityModerators.userId,
        nombre: sql<string>`coalesce(${profiles.nombre}, '')`,
      })
      .from(communityModerators)
      .leftJoin(profiles, eq(profiles.userId, communityModerators.userId))
      .where(inArray(communityModerators.communityId, [...communityIds]))
      .orderBy(asc(communityModerators.appointedAt), asc(communityModerators.userId));
    for (const { communityId, ...moderator } of rows)
      byCommunity.set(communityId, [...(byCommunity.get(communityId) ?? []), moderator]);
    return byCommunity;
  }

  return {
    moderatorsOf,
    async byId(id: number): Promise<CommunityRow | undefined> {
      const [row] = await db.select().from(communities).where(eq(communities.id, id)).limit(1);
      return row;
    },

    async byOrphacodes(codes: readonly number[]): Promise<CommunityRow[]> {
      if (codes.length === 0) return [];
      return db
        .select()
        .from(communities)
        .where(inArray(communities.orphacode, [...codes]));
    },

    /**
     * The disease community of a code, created on first use. Two members opening it at once both
     * insert; the unique index keeps one row and the second insert does nothing.
     */
    async ensureDisease(orphacode: number): Promise<CommunityRow> {
      await db.insert(communities).values({ kind: 'disease', orphacode }).onConflictDoNothing();
      const [row] = await db.select().from(communities).where(eq(communities.orphacode, orphacode)).limit(1);
      if (!row) throw new Error(`disease community ${orphacode} missing after its insert`);
      return row;
    },

    /**
     * Topic communities whose name in the reader's language, folded, holds the folded query:
     * names starting with it first, then by folded name. Filtered in SQL, so every topic can be
     * found however many there are.
     */
    async searchTopics(language: Language, foldedQuery: string, limit: number): Promise<CommunityRow[]> {
      const named = db
        .select({ id: communities.id, folded: foldedTopicName(language).as('folded') })
        .from(communities)
        .where(eq(communities.kind, 'topic'))
        .as('named');
      const position = sql`strpos(${named.folded}, ${foldedQuery})`;
      const rows = await db
        .select({ community: communities })
        .from(named)
        .innerJoin(communities, eq(communities.id, named.id))
        .where(sql`${position} > 0`)
        .orderBy(sql`${position} <> 1`, sql`${named.folded} collate "C"`, asc(communities.id))
        .limit(limit);
      return rows.map((row) => row.community);
    },

    /**
     * Topic communities naming any of these functional-profile ids (or `no_diagnosis`) that the
     * member has not joined, newest first: joining one makes room for the next.
     */
    topicsSuggestedFor(userId: number, ids: readonly string[], limit: number): Promise<CommunityRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      const wanted = sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`;
      return db
        .select()
        .from(communities)
        .where(
          and(
            eq(communities.kind, 'topic'),
            sql`${communities.suggestedFor} ?| ${wanted}`,
            notExists(
              db
                .select({ userId: communityMembers.userId })
                .from(communityMembers)
                .where(
                  and(eq(communityMembers.communityId, communities.id), eq(communityMembers.userId, userId)),
                ),
            ),
          ),
        )
        .orderBy(desc(communities.id))
        .limit(limit);
    },

    /** What the suggestions are computed from: the member's disease and functional needs. */
    async suggestionInputs(userId: number) {
      const [profile] = await db
        .select({
          enfermedad: profiles.enfermedad,
          orphacode: profiles.orphacode,
          ...Object.fromEntries(FUNCTIONAL_FIELDS.map((field) => [field, profiles[field]])),
        })
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .limit(1);
      const needs = await db
        .select({ id: functionalAnswers.characteristicId })
        .from(functionalAnswers)
        .where(and(eq(functionalAnswers.userId, userId), eq(functionalAnswers.estado, 'necesita ayuda')));
      return {
        profile: profile as
          ({ enfermedad: string; orphacode: number | null } & Record<string, string | null>) | undefined,
        characteristicsNeedingHelp: needs.map((row) => row.id),
      };
    },

    /** The member's communities, newest joined first, with their listing choice. */
    mine(userId: number) {
      return db
        .select({ community: communities, listed: communityMembers.listed })
        .from(communityMembers)
        .innerJoin(communities, eq(communities.id, communityMembers.communityId))
        .where(eq(communityMembers.userId, userId))
        .orderBy(sql`${communityMembers.joinedAt} desc`, asc(communities.id));
    },

    /**
     * How many members of each community the viewer may reach (the rule of `mayReach`: an adult
     * never counts a minor, a minor never an adult, a minor awaiting review only themselves),
     * counted up to the last shown step: what `memberCountStep` turns into the shown value. A
     * community whose whole membership (the stored count) is below the first step is not
     * counted at all: its reachable members are fewer still. Each count is a range of the
     * primary key (community_id, user_id), stopped at the cap, so a list of communities costs at
     * most cap rows per community.
     */
    async reachableMemberCounts(viewerId: number, communityIds: readonly number[]) {
      const counts = new Map<number, number>();
      if (communityIds.length === 0) return counts;
      const cap = MEMBER_COUNT_STEPS[MEMBER_COUNT_STEPS.length - 1];
      const reachable = sql<number>`(select count(*)::int from (
        select 1 from ${communityMembers}
        where ${communityMembers.communityId} = ${communities.id} and ${mayReach(viewerId, communityMembers.userId)}
        limit ${cap}) as capped)`;
      const rows = await db
        .select({ id: communities.id, reachable })
        .from(communities)
        .where(
          and(
            inArray(communities.id, [...communityIds]),
            gte(communities.memberCount, MEMBER_COUNT_STEPS[0]),
          ),
        );
      for (const row of rows) counts.set(row.id, Number(row.reachable));
      return counts;
    },

    /** The member's membership of each of these communities (absent: not a member). */
    async membershipsOf(userId: number, communityIds: readonly number[]) {
      if (communityIds.length === 0) return new Map<number, { listed: boolean }>();
      const rows = await db
        .select({ communityId: communityMembers.communityId, listed: communityMembers.listed })
        .from(communityMembers)
        .where(
          and(eq(communityMembers.userId, userId), inArray(communityMembers.communityId, [...communityIds])),
        );
      return new Map(rows.map((row) => [row.communityId, { listed: row.listed }]));
    },

    /** Appointed, or a host (`moderatedCommunityIds`: the one definition, decision 0040). */
    async isModerator(userId: number, communityId: number): Promise<boolean> {
      const rows = await db
        .select({ id: communities.id })
        .from(communities)
        .where(
          and(eq(communities.id, communityId), sql`${communities.id} in ${moderatedCommunityIds(userId)}`),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** A confirmed representative of the association that hosts the community. */
    async isHost(userId: number, communityId: number): Promise<boolean> {
      const rows = await db
        .select({ id: communities.id })
        .from(communities)
        .where(and(eq(communities.id, communityId), sql`${communities.id} in ${hostedCommunityIds(userId)}`))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * The confirmed representatives of the community's host that the viewer may reach (the
     * safeguarding rule: representatives are adults, so a minor is shown none), in the order
     * they were confirmed.
     */
    hostRepresentativesVisibleTo(communityId: number, viewerId: number) {
      return db
        .select({ memberId: users.id, nombre: sql<string>`coalesce(${profiles.nombre}, '')` })
        .from(associationCommunities)
        .innerJoin(
          directoryRepresentatives,
          and(
            eq(directoryRepresentatives.associationId, associationCommunities.associationId),
            eq(directoryRepresentatives.state, 'confirmed'),
          ),
        )
        .innerJoin(users, and(eq(users.id, directoryRepresentatives.userId), eq(users.isActive, true)))
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(
          and(
            eq(associationCommunities.communityId, communityId),
            mayReach(viewerId, directoryRepresentatives.userId),
          ),
        )
        .orderBy(asc(directoryRepresentatives.confirmedAt), asc(directoryRepresentatives.id))
        .limit(20);
    },

    /** The association hosting each of these communities (absent: none). */
    async hostsOf(communityIds: readonly number[]) {
      const hosts = new Map<number, { id: number; nombre: string }>();
      if (communityIds.length === 0) return hosts;
      const rows = await db
        .select({
          communityId: associationCommunities.communityId,
          id: associations.id,
          nombre: associations.nombre,
        })
        .from(associationCommunities)
        .innerJoin(associations, eq(associations.id, associationCommunities.associationId))
        .where(inArray(associationCommunities.communityId, [...communityIds]));
      for (const { communityId, ...host } of rows) hosts.set(communityId, host);
      return hosts;
    },

    /**
     * The rules in force of each of these communities: the newest version, when its text is not
     * empty (an empty newest version means the rules were withdrawn). On the (community, id) index.
     */
    async rulesInForce(communityIds: readonly number[]) {
      const found = new Map<number, { id: number; text: string; createdAt: Date }>();
      if (communityIds.length === 0) return found;
      const rows = await db
        .selectDistinctOn([communityRules.communityId], {
          id: communityRules.id,
          communityId: communityRules.communityId,
          text: communityRules.text,
          createdAt: communityRules.createdAt,
        })
        .from(communityRules)
        .where(inArray(communityRules.communityId, [...communityIds]))
        .orderBy(communityRules.communityId, desc(communityRules.id));
      for (const { communityId, ...rules } of rows) if (rules.text) found.set(communityId, rules);
      return found;
    },

    async hasAcceptedRules(userId: number, rulesId: number): Promise<boolean> {
      const [row] = await db
        .select({ userId: communityRuleAcceptances.userId })
        .from(communityRuleAcceptances)
        .where(
          and(eq(communityRuleAcceptances.userId, userId), eq(communityRuleAcceptances.rulesId, rulesId)),
        )
        .limit(1);
      return row !== undefined;
    },

    async acceptRules(userId: number, rulesId: number) {
      await db.insert(communityRuleAcceptances).values({ userId, rulesId }).onConflictDoNothing();
    },

    /** A new version of the rules (an empty text withdraws them); undefined when nothing changed. */
    async writeRules(communityId: number, text: string) {
      return db.transaction(async (tx) => {
        // The community's row is locked so two writers make two versions in turn.
        await tx
          .select({ id: communities.id })
          .from(communities)
          .where(eq(communities.id, communityId))
          .for('update');
        if ((await rulesInForce(tx, communityId)) === text) return undefined;
        const [row] = await tx.insert(communityRules).values({ communityId, text }).returning();
        return row;
      });
    },

    async associationExists(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: associations.id })
        .from(associations)
        .where(eq(associations.id, id))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Makes the association the community's host; the former host's rules are withdrawn (they
     * were its words). The previous host's id, or null; undefined when it already was the host.
     */
    async setHost(communityId: number, associationId: number) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ associationId: associationCommunities.associationId })
          .from(associationCommunities)
          .where(eq(associationCommunities.communityId, communityId))
          .for('update');
        if (before?.associationId === associationId) return undefined;
        if (before) await withdrawRules(tx, communityId);
        await tx
          .insert(associationCommunities)
          .values({ communityId, associationId })
          .onConflictDoUpdate({
            target: associationCommunities.communityId,
            set: { associationId, linkedAt: sql`now()` },
          });
        return before?.associationId ?? null;
      });
    },

    /** The former host's id, undefined when the community had none; its rules are withdrawn. */
    async removeHost(communityId: number) {
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(associationCommunities)
          .where(eq(associationCommunities.communityId, communityId))
          .returning({ associationId: associationCommunities.associationId });
        if (removed) await withdrawRules(tx, communityId);
        return removed?.associationId;
      });
    },

    /** The communities an association hosts (its directory entry lists them). */
    hostedBy(associationId: number): Promise<CommunityRow[]> {
      return db
        .select({ community: communities })
        .from(associationCommunities)
        .innerJoin(communities, eq(communities.id, associationCommunities.communityId))
        .where(eq(associationCommunities.associationId, associationId))
        .orderBy(asc(communities.id))
        .then((rows) => rows.map((row) => row.community));
    },

    /**
     * 'full' when the member already belongs to `maxCommunities` communities. Joining twice
     * changes nothing (the trigger counts the one row). `rulesId`: the rules version the member
     * accepted, recorded with the membership.
     */
    async join(
      communityId: number,
      userId: number,
      maxCommunities: number,
      rulesId?: number,
    ): Promise<'joined' | 'full'> {
      return db.transaction(async (tx) => {
        // The member's row is locked so that joins sent at once are counted one after the other.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [already] = await tx
          .select({ userId: communityMembers.userId })
          .from(communityMembers)
          .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
          .limit(1);
        if (already) return 'joined';
        const [joined] = await tx
          .select({ total: count() })
          .from(communityMembers)
          .where(eq(communityMembers.userId, userId));
        if ((joined?.total ?? 0) >= maxCommunities) return 'full';
        if (rulesId !== undefined)
          await tx.insert(communityRuleAcceptances).values({ userId, rulesId }).onConflictDoNothing();
        await tx.insert(communityMembers).values({ communityId, userId }).onConflictDoNothing();
        return 'joined';
      });
    },

    /** Leaving also ends moderating it: moderators are members. */
    async leave(communityId: number, userId: number) {
      await db.transaction(async (tx) => {
        await tx
          .delete(communityModerators)
          .where(
            and(eq(communityModerators.communityId, communityId), eq(communityModerators.userId, userId)),
          );
        await tx
          .delete(communityMembers)
          .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
      });
    },

    /** False when the member does not belong to the community. */
    async setListed(communityId: number, userId: number, listed: boolean): Promise<boolean> {
      const updated = await db
        .update(communityMembers)
        .set({ listed })
        .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
        .returning({ userId: communityMembers.userId });
      return updated.length > 0;
    },

    /**
     * The listed members the viewer may reach (same age group, no block, not suspended), in the
     * order they joined; one more than asked, so the caller knows whether a next page exists.
     */
    listedMembers(viewerId: number, communityId: number, limit: number, offset: number) {
      return db
        .select({
          id: communityMembers.userId,
          nombre: profiles.nombre,
          photoKey: profiles.photoKey,
          country: profiles.country,
          isModerator: sql<boolean>`${communityModerators.userId} is not null`,
        })
        .from(communityMembers)
        .innerJoin(profiles, eq(profiles.userId, communityMembers.userId))
        .innerJoin(users, and(eq(users.id, communityMembers.userId), eq(users.isActive, true)))
        .leftJoin(
          communityModerators,
          and(
            eq(communityModerators.communityId, communityMembers.communityId),
            eq(communityModerators.userId, communityMembers.userId),
          ),
        )
        .where(
          and(
            eq(communityMembers.communityId, communityId),
            eq(communityMembers.listed, true),
            mayReach(viewerId, communityMembers.userId),
          ),
        )
        .orderBy(asc(communityMembers.joinedAt), asc(communityMembers.userId))
        .limit(limit)
        .offset(offset);
    },

    /** Imported Orphanet statuses of these codes (codes never imported are absent). */
    async codeStatuses(codes: readonly number[]) {
      if (codes.length === 0) return new Map<number, 'active' | 'obsoleto' | 'no_raro'>();
      const rows = await db
        .select({ orphacode: rareDiseaseCodes.orphacode, status: rareDiseaseCodes.status })
        .from(rareDiseaseCodes)
        .where(inArray(rareDiseaseCodes.orphacode, [...codes]));
      return new Map(rows.map((row) => [row.orphacode, row.status]));
    },

    // ─── Administrators ─────────────────────────────────────────────────────────────────────

    /** Every community, topics first, with its moderators' ids and first names. */
    async forAdministrators(limit: number, offset: number) {
      const rows = await db
        .select()
        .from(communities)
        .orderBy(sql`${communities.kind} = 'disease'`, asc(communities.id))
        .limit(limit)
        .offset(offset);
      const moderators = await moderatorsOf(rows.map((row) => row.id));
      return rows.map((row) => ({ community: row, moderators: moderators.get(row.id) ?? [] }));
    },

    /** Whether any topic community exists (the starter set goes only into a database with none). */
    async hasTopics(): Promise<boolean> {
      const [row] = await db
        .select({ id: communities.id })
        .from(communities)
        .where(eq(communities.kind, 'topic'))
        .limit(1);
      return row !== undefined;
    },

    /** Undefined when the slug is taken. */
    async createTopic(input: TopicCommunityInput): Promise<CommunityRow | undefined> {
      const [row] = await db
        .insert(communities)
        .values({
          kind: 'topic',
          slug: input.slug,
          name: input.name,
          description: input.description,
          suggestedFor: input.suggested_for,
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** 'missing' when no topic community has the id, 'slug_taken' when another has the slug. */
    async updateTopic(
      id: number,
      input: TopicCommunityInput,
    ): Promise<CommunityRow | 'missing' | 'slug_taken'> {
      const slugTakenByAnother = async () => {
        const [clash] = await db
          .select({ id: communities.id })
          .from(communities)
          .where(and(eq(communities.slug, input.slug), sql`${communities.id} <> ${id}`))
          .limit(1);
        return clash !== undefined;
      };
      const [target] = await db
        .select({ id: communities.id })
        .from(communities)
        .where(and(eq(communities.id, id), eq(communities.kind, 'topic')))
        .limit(1);
      if (!target) return 'missing';
      if (await slugTakenByAnother()) return 'slug_taken';
      try {
        const [row] = await db
          .update(communities)
          .set({
            slug: input.slug,
            name: input.name,
            description: input.description,
            suggestedFor: input.suggested_for,
          })
          .where(and(eq(communities.id, id), eq(communities.kind, 'topic')))
          .returning();
        return row ?? 'missing';
      } catch (error) {
        // Another administrator took the slug between the check and the update (unique index).
        if (await slugTakenByAnother()) return 'slug_taken';
        throw error;
      }
    },

    /** Its members, moderators and posts go with it (cascade). */
    async deleteTopic(id: number): Promise<boolean> {
      const deleted = await db
        .delete(communities)
        .where(and(eq(communities.id, id), eq(communities.kind, 'topic')))
        .returning({ id: communities.id });
      return deleted.length > 0;
    },

    async activeMemberExists(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.isActive, true)))
        .limit(1);
      return row !== undefined;
    },

    /** Appointing makes the moderator a member if they were not (moderators are members). */
    async appointModerator(communityId: number, userId: number) {
      await db.transaction(async (tx) => {
        await tx.insert(communityMembers).values({ communityId, userId }).onConflictDoNothing();
        await tx.insert(communityModerators).values({ communityId, userId }).onConflictDoNothing();
      });
    },

    /** They stay a member. False when they were not a moderator of it. */
    async removeModerator(communityId: number, userId: number): Promise<boolean> {
      const deleted = await db
        .delete(communityModerators)
        .where(and(eq(communityModerators.communityId, communityId), eq(communityModerators.userId, userId)))
        .returning({ userId: communityModerators.userId });
      return deleted.length > 0;
    },
  };
}

export type CommunitiesRepository = ReturnType<typeof createCommunitiesRepository>;
