import { DISEASE_COMMUNITIES_PER_HOUR } from '@juntos/domain';
import {
  COMMUNITY_MEMBERSHIP_LIMIT,
  COMMUNITY_SEARCH_LIMIT,
  COMMUNITY_SUGGESTION_LIMIT,
  FUNCTIONAL_FIELDS,
  NO_DIAGNOSIS,
  NO_DIAGNOSIS_SUGGESTION,
  foldForSearch,
  memberCountStep,
  needsHelpWith,
  type AdminCommunity,
  type CommunityDetail,
  type CommunityMember,
  type CommunityMembership,
  type CommunitySummary,
  type Language,
  type OrphacodeStatus,
  type TopicCommunityInput,
} from '@juntos/domain';
import { translate } from '../../i18n/messages';
import { AppError, notFound } from '../../lib/app-error';
import type { MediaStore } from '../../lib/media-store';
import type { MemberMediaUrl } from '../../lib/private-media';
import type { RateLimits } from '../../lib/rate-limiter';
import type { DiseaseCatalogue } from '../diseases';
import type { CommunitiesRepository, CommunityRow } from './communities.repository';
import type { Audit } from '../../lib/audit';

type Membership = { listed: boolean } | undefined;

/**
 * New disease communities one member may open per hour (`DISEASE_COMMUNITIES_PER_HOUR`, in the
 * domain because the route's summary names it): each one is a row created on first use, so a
 * script walking the catalogue would otherwise create thousands.
 */
export { DISEASE_COMMUNITIES_PER_HOUR };
const HOUR_MS = 60 * 60 * 1000;

const communityNotFound = () => notFound('communities.errors.not_found');
/** Joining without the rules in force accepted: a validation answer naming the field. */
const rulesNotAccepted = () =>
  new AppError(400, 'rules_not_accepted', 'hosts.errors.rules_not_accepted', {
    fields: { rules_version: 'hosts.errors.rules_not_accepted' },
  });

const presentRules = (rules: { id: number; text: string; createdAt: Date }) => ({
  version: rules.id,
  text: rules.text,
  updated_at: rules.createdAt.toISOString(),
});

type Actor = { id: number; email: string; scope: { everything: boolean } };
const membersOnly = () => new AppError(403, 'members_only', 'communities.errors.members_only');
const tooManyCommunities = () =>
  new AppError(409, 'too_many_communities', 'communities.errors.too_many', {
    values: { max: COMMUNITY_MEMBERSHIP_LIMIT },
  });

/**
 * The size a reader is shown: the step their reachable members have reached, never the number
 * (MEMBER_COUNT_STEPS: an exact count let two extra accounts watch a hidden member, issue 32).
 */
const shownCount = (reachable: number | undefined) => ({ members_at_least: memberCountStep(reachable ?? 0) });

/** A text of the reader's language, else the Spanish one administrators must give, else any. */
function localized(texts: Partial<Record<Language, string>>, language: Language): string {
  return texts[language] ?? texts.es ?? Object.values(texts).find(Boolean) ?? '';
}

/**
 * Communities (issue 18): suggestions, search, detail, membership and the member list, and the
 * administrators' topic communities and moderators. Disease communities are named from the
 * catalogue in the reader's language, with their code's status as the resources hub shows it.
 */
export function createCommunitiesService(deps: {
  repository: CommunitiesRepository;
  diseases: DiseaseCatalogue;
  mediaStore: MediaStore;
  mediaUrl: MemberMediaUrl;
  audit: Audit;
  rateLimits: RateLimits;
  /** Administrators write every community's rules (the admin module's check, a port). */
  isAdmin: (userId: number) => Promise<boolean>;
}) {
  const { repository, diseases } = deps;
  const diseaseCommunitiesCreated = deps.rateLimits.fixedWindow('community-disease-create', {
    points: DISEASE_COMMUNITIES_PER_HOUR,
    windowMs: HOUR_MS,
    messageKey: 'communities.errors.opened_too_many',
  });

  const diseaseName = (orphacode: number, language: Language) =>
    diseases.nameOf(orphacode, language) ?? `ORPHA:${orphacode}`;

  /** Imported status first; a code only in the starter catalogue counts as active. */
  async function statusesOf(codes: readonly number[]): Promise<Map<number, OrphacodeStatus>> {
    const imported = await repository.codeStatuses(codes);
    return new Map(
      codes.map((code) => [code, imported.get(code) ?? (diseases.hasCode(code) ? 'active' : 'unknown')]),
    );
  }

  /** Presents communities (or not-yet-created disease communities) for one reader. */
  async function present(
    userId: number,
    language: Language,
    entries: readonly (CommunityRow | { orphacode: number })[],
  ): Promise<CommunitySummary[]> {
    const created = entries.filter((entry): entry is CommunityRow => 'id' in entry);
    const ids = created.map((row) => row.id);
    const [memberships, reachable, rules] = await Promise.all([
      repository.membershipsOf(userId, ids),
      repository.reachableMemberCounts(userId, ids),
      repository.rulesInForce(ids),
    ]);
    const codes = entries.flatMap((entry) => (entry.orphacode === null ? [] : [entry.orphacode]));
    const statuses = await statusesOf(codes);
    return entries.map((entry) => {
      const row = 'id' in entry ? entry : undefined;
      const membership: Membership = row ? memberships.get(row.id) : undefined;
      const orphacode = entry.orphacode;
      const name =
        orphacode !== null ? diseaseName(orphacode, language) : localized(row?.name ?? {}, language);
      return {
        id: row?.id ?? null,
        kind: row?.kind ?? 'disease',
        orphacode,
        slug: row?.slug ?? null,
        name,
        description:
          orphacode !== null
            ? translate(language, 'communities.disease_description', { name })
            : localized(row?.description ?? {}, language),
        estado: orphacode !== null ? (statuses.get(orphacode) ?? 'unknown') : null,
        ...shownCount(row ? reachable.get(row.id) : 0),
        joined: membership !== undefined,
        listed: membership?.listed ?? false,
        rules_version: row ? (rules.get(row.id)?.id ?? null) : null,
      };
    });
  }

  /** The functional-profile ids (and `no_diagnosis`) a member's profile says they need. */
  async function needsOf(userId: number) {
    const { profile, characteristicsNeedingHelp } = await repository.suggestionInputs(userId);
    if (!profile) return { orphacode: null, needs: [] };
    const needs = [
      ...FUNCTIONAL_FIELDS.filter((field) => needsHelpWith(field, profile[field])),
      ...characteristicsNeedingHelp,
      ...(profile.enfermedad === NO_DIAGNOSIS && profile.orphacode === null ? [NO_DIAGNOSIS_SUGGESTION] : []),
    ];
    return { orphacode: profile.orphacode, needs };
  }

  async function requireCommunity(id: number) {
    const row = await repository.byId(id);
    if (!row) throw communityNotFound();
    return row;
  }

  async function detail(userId: number, language: Language, row: CommunityRow): Promise<CommunityDetail> {
    const [summary] = await present(userId, language, [row]);
    if (!summary) throw communityNotFound();
    const [hosts, rulesInForce, isHost, isAdmin, representatives] = await Promise.all([
      repository.hostsOf([row.id]),
      repository.rulesInForce([row.id]),
      repository.isHost(userId, row.id),
      deps.isAdmin(userId),
      repository.hostRepresentativesVisibleTo(row.id, userId),
    ]);
    const rules = rulesInForce.get(row.id);
    return {
      ...summary,
      id: row.id,
      is_moderator: summary.joined && (await repository.isModerator(userId, row.id)),
      can_post: summary.joined,
      host: hosts.get(row.id) ?? null,
      is_host: isHost,
      host_representatives: representatives.map((person) => ({
        member_id: person.memberId,
        nombre: person.nombre,
      })),
      rules: rules ? presentRules(rules) : null,
      // Shown once after a change: until the member says they read the version in force.
      rules_pending:
        summary.joined && rules !== undefined && !(await repository.hasAcceptedRules(userId, rules.id)),
      may_write_rules: isHost || isAdmin,
    };
  }

  async function membership(userId: number, communityId: number): Promise<CommunityMembership> {
    await requireCommunity(communityId);
    const [memberships, reachable] = await Promise.all([
      repository.membershipsOf(userId, [communityId]),
      repository.reachableMemberCounts(userId, [communityId]),
    ]);
    const own = memberships.get(communityId);
    return {
      joined: own !== undefined,
      listed: own?.listed ?? false,
      ...shownCount(reachable.get(communityId)),
    };
  }

  function adminView(
    row: CommunityRow,
    moderators: { id: number; nombre: string }[],
    language: Language,
    host: { id: number; nombre: string } | null = null,
  ) {
    return {
      id: row.id,
      kind: row.kind,
      orphacode: row.orphacode,
      slug: row.slug,
      name: row.orphacode !== null ? { [language]: diseaseName(row.orphacode, language) } : row.name,
      description: row.description,
      suggested_for: row.suggestedFor,
      member_count: row.memberCount,
      moderators,
      host,
    } satisfies AdminCommunity;
  }

  const slugTaken = () =>
    new AppError(409, 'slug_taken', 'communities.errors.slug_taken', {
      fields: { slug: 'communities.errors.slug_taken' },
    });

  return {
    /** A community's name in the reader's language: a disease's from the catalogue, a topic's own. */
    nameOf: (community: Pick<CommunityRow, 'orphacode' | 'name'>, language: Language) =>
      community.orphacode !== null
        ? diseaseName(community.orphacode, language)
        : localized(community.name, language),

    /**
     * The starter topic communities (starter-topics.ts), into a database that has no topic
     * community yet: a fresh installation, not one whose operators already made their own. Each
     * slug goes in at most once (insert-if-absent), so instances starting together add it once.
     */
    async addStarterTopics(topics: readonly TopicCommunityInput[]): Promise<number> {
      if (await repository.hasTopics()) return 0;
      const added = await Promise.all(topics.map((topic) => repository.createTopic(topic)));
      return added.filter(Boolean).length;
    },

    /**
     * "Suggested for you" (from the reader's own disease code and functional needs, computed
     * here and shown to nobody else) without the communities they already joined, and theirs.
     */
    async lists(userId: number, language: Language) {
      const { orphacode, needs } = await needsOf(userId);
      const [disease] = orphacode === null ? [] : await repository.byOrphacodes([orphacode]);
      // A code the catalogue no longer holds has no community to open (unless one exists).
      const diseaseEntry =
        disease ?? (orphacode !== null && diseases.hasCode(orphacode) ? { orphacode } : undefined);
      const suggestedEntries = [
        ...(diseaseEntry ? [diseaseEntry] : []),
        ...(await repository.topicsSuggestedFor(userId, needs, COMMUNITY_SUGGESTION_LIMIT)),
      ];
      const mine = await repository.mine(userId);
      const suggested = await present(userId, language, suggestedEntries);
      return {
        suggested: suggested.filter((entry) => !entry.joined),
        mine: await present(
          userId,
          language,
          mine.map((row) => row.community),
        ),
      };
    },

    /**
     * Communities whose name in the reader's language holds the query, accents and case
     * ignored: topic communities first, then diseases of the catalogue (created or not), names
     * starting with the query before the others.
     */
    async search(userId: number, language: Language, query: string) {
      const wanted = foldForSearch(query);
      const rank = (name: string) => {
        const folded = foldForSearch(name);
        return folded.startsWith(wanted) ? 0 : folded.includes(wanted) ? 1 : -1;
      };
      const byRank = <Entry extends { rank: number; name: string }>(a: Entry, b: Entry) =>
        a.rank - b.rank || a.name.localeCompare(b.name, language);

      const topics = (await repository.searchTopics(language, wanted, COMMUNITY_SEARCH_LIMIT))
        .map((row) => ({ row, name: localized(row.name, language) }))
        .map((entry) => ({ ...entry, rank: rank(entry.name) }))
        .sort(byRank);
      const diseaseMatches = [...diseases.list(language)]
        .map(([orphacode, name]) => ({ orphacode, name, rank: rank(name) }))
        .filter((entry) => entry.rank >= 0)
        .sort(byRank)
        .slice(0, COMMUNITY_SEARCH_LIMIT - topics.length);
      const created = new Map(
        (await repository.byOrphacodes(diseaseMatches.map((entry) => entry.orphacode))).map((row) => [
          row.orphacode,
          row,
        ]),
      );
      return {
        results: await present(userId, language, [
          ...topics.map((entry) => entry.row),
          ...diseaseMatches.map((entry) => created.get(entry.orphacode) ?? { orphacode: entry.orphacode }),
        ]),
      };
    },

    /**
     * The disease community of a catalogue code, created the first time anyone opens it; only
     * these creations count against the member's hourly limit.
     */
    async disease(userId: number, language: Language, orphacode: number) {
      if (!diseases.hasCode(orphacode)) throw notFound('communities.errors.disease_unknown');
      const [existing] = await repository.byOrphacodes([orphacode]);
      if (existing) return detail(userId, language, existing);
      await diseaseCommunitiesCreated.hit(String(userId));
      return detail(userId, language, await repository.ensureDisease(orphacode));
    },

    async detail(userId: number, language: Language, id: number) {
      return detail(userId, language, await requireCommunity(id));
    },

    /**
     * A community with rules is joined by accepting the version in force (issue 35): another
     * version, or none, is refused naming the field, and the acceptance is stored with the
     * membership. Joining again changes nothing and asks for nothing.
     */
    async join(userId: number, id: number, rulesVersion: number | undefined) {
      await requireCommunity(id);
      const [rules, own] = await Promise.all([
        repository.rulesInForce([id]),
        repository.membershipsOf(userId, [id]),
      ]);
      const inForce = rules.get(id);
      if (inForce && !own.has(id) && rulesVersion !== inForce.id) throw rulesNotAccepted();
      if ((await repository.join(id, userId, COMMUNITY_MEMBERSHIP_LIMIT, inForce?.id)) === 'full')
        throw tooManyCommunities();
      return membership(userId, id);
    },

    /** "I have read the new rules": a member accepts the version in force after a change. */
    async acceptRules(userId: number, id: number, rulesVersion: number) {
      await requireCommunity(id);
      if (!(await repository.membershipsOf(userId, [id])).has(id)) throw membersOnly();
      const inForce = (await repository.rulesInForce([id])).get(id);
      if (!inForce || rulesVersion !== inForce.id) throw rulesNotAccepted();
      await repository.acceptRules(userId, inForce.id);
      return { rules: presentRules(inForce) };
    },

    /**
     * The community's rules in its host's words (issue 35): written by its hosts (confirmed
     * representatives of the hosting association) and by administrators, not by appointed
     * moderators. Each change is a new version members are shown once; audited.
     */
    async writeRules(actor: Actor, id: number, text: string) {
      await requireCommunity(id);
      if (!actor.scope.everything && !(await repository.isHost(actor.id, id)))
        throw new AppError(403, 'not_host', 'hosts.errors.not_host');
      const written = await repository.writeRules(id, text);
      const inForce = (await repository.rulesInForce([id])).get(id);
      return {
        rules: inForce ? presentRules(inForce) : null,
        changed: written !== undefined,
        version: written?.id,
      };
    },

    /** An association hosts the community; audited with the community as target. */
    async setHost(admin: { id: number; email: string }, id: number, associationId: number) {
      await requireCommunity(id);
      if (!(await repository.associationExists(associationId)))
        throw new AppError(404, 'not_found', 'hosts.errors.association_not_found', {
          fields: { association_id: 'hosts.errors.association_not_found' },
        });
      const previous = await repository.setHost(id, associationId);
      if (previous !== undefined)
        await deps.audit(admin, {
          action: 'community.host_link',
          targetType: 'community',
          targetId: id,
          details: { association_id: associationId, previous_association_id: previous },
        });
      return { host: (await repository.hostsOf([id])).get(id) ?? null };
    },

    async removeHost(admin: { id: number; email: string }, id: number) {
      await requireCommunity(id);
      const previous = await repository.removeHost(id);
      if (previous !== undefined)
        await deps.audit(admin, {
          action: 'community.host_unlink',
          targetType: 'community',
          targetId: id,
          details: { association_id: previous },
        });
      return { host: null };
    },

    /** The communities an association hosts, named in the reader's language (its directory entry). */
    async hostedBy(associationId: number, language: Language) {
      const rows = await repository.hostedBy(associationId);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        name: row.orphacode !== null ? diseaseName(row.orphacode, language) : localized(row.name, language),
      }));
    },

    async leave(userId: number, id: number) {
      await requireCommunity(id);
      await repository.leave(id, userId);
      return membership(userId, id);
    },

    async setListed(userId: number, id: number, listed: boolean) {
      await requireCommunity(id);
      if (!(await repository.setListed(id, userId, listed))) throw membersOnly();
      return membership(userId, id);
    },

    /** Who belongs is seen by members only, and only those who chose to be listed. */
    async members(viewerId: number, id: number, limit: number, offset: number) {
      await requireCommunity(id);
      const own = await repository.membershipsOf(viewerId, [id]);
      if (!own.has(id)) throw membersOnly();
      const rows = await repository.listedMembers(viewerId, id, limit + 1, offset);
      const members: CommunityMember[] = rows.slice(0, limit).map((row) => ({
        id: row.id,
        nombre: row.nombre,
        photo: row.photoKey ? deps.mediaUrl(row.photoKey, viewerId) : null,
        country: row.country,
        is_moderator: row.isModerator,
      }));
      return { members, more: rows.length > limit };
    },

    // ─── Administrators (every change audited) ──────────────────────────────────────────────

    async adminList(language: Language, limit: number, offset: number) {
      const rows = await repository.forAdministrators(limit + 1, offset);
      const hosts = await repository.hostsOf(rows.map((row) => row.community.id));
      return {
        communities: rows
          .slice(0, limit)
          .map(({ community, moderators }) =>
            adminView(community, moderators, language, hosts.get(community.id) ?? null),
          ),
        more: rows.length > limit,
      };
    },

    async createTopic(admin: { id: number; email: string }, language: Language, input: TopicCommunityInput) {
      const row = await repository.createTopic(input);
      if (!row) throw slugTaken();
      await deps.audit(admin, {
        action: 'community.create',
        targetType: 'community',
        targetId: row.id,
        details: { slug: row.slug },
      });
      return adminView(row, [], language);
    },

    async updateTopic(
      admin: { id: number; email: string },
      language: Language,
      id: number,
      input: TopicCommunityInput,
    ) {
      const row = await repository.updateTopic(id, input);
      if (row === 'missing') throw notFound('communities.errors.topic_not_found');
      if (row === 'slug_taken') throw slugTaken();
      await deps.audit(admin, {
        action: 'community.update',
        targetType: 'community',
        targetId: id,
        details: { slug: row.slug },
      });
      return adminView(
        row,
        (await repository.moderatorsOf([id])).get(id) ?? [],
        language,
        (await repository.hostsOf([id])).get(id) ?? null,
      );
    },

    async deleteTopic(admin: { id: number; email: string }, id: number) {
      if (!(await repository.deleteTopic(id))) throw notFound('communities.errors.topic_not_found');
      await deps.audit(admin, { action: 'community.delete', targetType: 'community', targetId: id });
    },

    /**
     * Audited as a decision about the member (target 'member'), so the member's data copy shows
     * it and the erasure pseudonymises it (db/audit-log-about-member.ts).
     */
    async appointModerator(admin: { id: number; email: string }, id: number, userId: number) {
      await requireCommunity(id);
      if (!(await repository.activeMemberExists(userId))) throw notFound('errors.profile_not_found');
      await repository.appointModerator(id, userId);
      await deps.audit(admin, {
        action: 'community.moderator_appoint',
        targetType: 'member',
        targetId: userId,
        details: { community_id: id },
      });
    },

    async removeModerator(admin: { id: number; email: string }, id: number, userId: number) {
      await requireCommunity(id);
      if (!(await repository.removeModerator(id, userId)))
        throw notFound('communities.errors.moderator_not_found');
      await deps.audit(admin, {
        action: 'community.moderator_remove',
        targetType: 'member',
        targetId: userId,
        details: { community_id: id },
      });
    },
  };
}

export type CommunitiesService = ReturnType<typeof createCommunitiesService>;
