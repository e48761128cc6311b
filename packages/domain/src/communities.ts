import { z } from 'zod';
import { CHARACTERISTIC_IDS } from './functional-profile';
import { SUPPORTED_LANGUAGES, type Language } from './languages';
import { pageQuery } from './paging';
import { FUNCTIONAL_FIELDS, ORPHACODE_STATUSES, type FunctionalField } from './profile';
import { recordId } from './route-parts';

/**
 * Communities (issue 18): one per rare disease (ORPHA code, created the first time a member opens
 * it) and topic communities administrators create. Shapes of the `/api/comunidades/…` and
 * `/api/admin/comunidades/…` routes; messages are translation keys (server `communities.errors.*`).
 */

export const COMMUNITY_KINDS = ['disease', 'topic'] as const;
export type CommunityKind = (typeof COMMUNITY_KINDS)[number];

/**
 * The word-cloud rule (a count below this could point at a person): a disease declared by fewer
 * members never appears in the word cloud.
 */
export const MIN_COUNTED_MEMBERS = 3;

/**
 * How a community's size is shown (issue 32): never an exact number, which two extra accounts
 * turned into a way to see a hidden member join or leave, but the largest of these steps the
 * count has reached ("at least 50 members"), or nothing below the first ("fewer than 10"). A
 * change then shows only when the count crosses a step, so learning about one member takes as
 * many accounts as the gap to the next step (10 below the first), not one or two. The count is
 * of the members the viewer may reach (docs/decisions/0034): an adult never counts the minors,
 * a minor never the adults. Counting stops at the last step.
 */
export const MEMBER_COUNT_STEPS = [10, 20, 50, 100, 200, 500, 1000] as const;

/** The step a count of reachable members is shown as; null below the first step. */
export function memberCountStep(reachable: number): number | null {
  let shown: number | null = null;
  for (const step of MEMBER_COUNT_STEPS) if (reachable >= step) shown = step;
  return shown;
}

/**
 * Most communities one member may join: enough for every real interest, and it bounds the "my
 * communities" rule of their main feed. An administrator appointing a moderator is not refused.
 */
export const COMMUNITY_MEMBERSHIP_LIMIT = 200;

/** What a topic community names to be suggested to members without a diagnosis. */
export const NO_DIAGNOSIS_SUGGESTION = 'no_diagnosis';

/** Most communities one search answers. */
export const COMMUNITY_SEARCH_LIMIT = 20;
/** Most topic communities suggested at once (newest first; joining one makes room for the next). */
export const COMMUNITY_SUGGESTION_LIMIT = 20;
export const COMMUNITY_SEARCH_MAX_LENGTH = 100;
export const COMMUNITY_TEXT_LIMITS = { slug: 60, name: 120, description: 2000 } as const;

/**
 * The values of each functional field that say the member needs help or an adaptation there
 * (spec §3 vocabulary): a topic community naming the field is then suggested to them. "ordinaire"
 * or "sans support" mean no need; `concentration: partial` is a real need for short texts.
 */
export const FUNCTIONAL_VALUES_NEEDING_HELP = {
  habla: ['non verbal', 'caa'],
  escribe: ['non', 'caa'],
  movilidad: ['lit', 'fauteuil roulant', 'béquilles'],
  motricidad: ['spasticité', 'imprécise', 'mouv.anormaux'],
  ver: ['auvegle'],
  audition: ['sans', 'faible', 'hypersensible'],
  memoire: ['sans', 'faible'],
  orientation: ['sans', 'faible'],
  concentration: ['sans', 'éphémere', 'partial'],
} as const satisfies Record<FunctionalField, readonly string[]>;

export function needsHelpWith(field: FunctionalField, value: string | null | undefined): boolean {
  return value != null && (FUNCTIONAL_VALUES_NEEDING_HELP[field] as readonly string[]).includes(value);
}

/**
 * A name as the community search compares it: lower case, accents dropped ("Ménière" → "meniere",
 * "Ωτοσκλήρυνση" → "ωτοσκληρυνση"), and the Greek final sigma as the ordinary one.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .trim();
}

/** Whether an id may stand in a topic community's `suggested_for`. */
export function isSuggestionId(value: string): boolean {
  return (
    value === NO_DIAGNOSIS_SUGGESTION ||
    (FUNCTIONAL_FIELDS as readonly string[]).includes(value) ||
    CHARACTERISTIC_IDS.has(value)
  );
}

// ─── Answers ────────────────────────────────────────────────────────────────────────────────────

const MembersAtLeast = z
  .number()
  .nullable()
  .describe(
    `The step (${MEMBER_COUNT_STEPS.join(', ')}) the members in your reach have reached; null: fewer than ${MEMBER_COUNT_STEPS[0]}`,
  );

/**
 * A community as lists, search and detail show it, in the reader's language. `id` is null for a
 * disease community nobody has opened yet (GET /api/comunidades/enfermedad/{orphacode}/ creates
 * it). `members_at_least`: the step of MEMBER_COUNT_STEPS its members in the reader's reach have
 * reached, null for fewer than the first step.
 * `estado`: the ORPHA code's status for disease communities (obsolete, not rare), null for topics.
 */
export const CommunitySummarySchema = z.object({
  id: z.number().nullable(),
  kind: z.enum(COMMUNITY_KINDS),
  orphacode: z.number().nullable(),
  slug: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  estado: z.enum(ORPHACODE_STATUSES).nullable(),
  members_at_least: MembersAtLeast,
  joined: z.boolean(),
  listed: z.boolean(),
  /** The version of the rules in force (joining accepts it), null when there are none. */
  rules_version: z.number().nullable(),
});
export type CommunitySummary = z.output<typeof CommunitySummarySchema>;

/** GET /api/comunidades/: suggestions (computed for the reader alone) and their communities. */
export const CommunityListsSchema = z.object({
  suggested: z.array(CommunitySummarySchema),
  mine: z.array(CommunitySummarySchema),
});
export type CommunityLists = z.output<typeof CommunityListsSchema>;

/** GET /api/comunidades/buscar/. */
export const CommunitySearchAnswerSchema = z.object({ results: z.array(CommunitySummarySchema) });
export type CommunitySearchAnswer = z.output<typeof CommunitySearchAnswerSchema>;

/** The association a community is hosted by, as the community page names it. */
export const CommunityHostSchema = z.object({ id: z.number(), nombre: z.string() });
export type CommunityHost = z.output<typeof CommunityHostSchema>;

/** The rules in force: their version (what a join accepts), text and date. */
export const CommunityRulesSchema = z.object({
  version: z.number(),
  text: z.string(),
  updated_at: z.string(),
});
export type CommunityRules = z.output<typeof CommunityRulesSchema>;

/** GET /api/comunidades/{id}/ and /enfermedad/{orphacode}/: always a created community. */
export const CommunityDetailSchema = CommunitySummarySchema.extend({
  id: z.number(),
  /** An appointed moderator, or a host (a confirmed representative of the hosting association). */
  is_moderator: z.boolean(),
  /** Members post, comment and like; others only read. */
  can_post: z.boolean(),
  /** The association that hosts the community (issue 35), null when none does. */
  host: CommunityHostSchema.nullable(),
  /** The reader is a confirmed representative of the host. */
  is_host: z.boolean(),
  /** The host's confirmed representatives the reader may reach (adults: a minor sees none). */
  host_representatives: z.array(z.object({ member_id: z.number(), nombre: z.string() })),
  /** The rules in force, null when the community has none. */
  rules: CommunityRulesSchema.nullable(),
  /** A member who has not accepted the rules in force (they changed since): shown them once. */
  rules_pending: z.boolean(),
  /** Hosts and administrators write the rules. */
  may_write_rules: z.boolean(),
});
export type CommunityDetail = z.output<typeof CommunityDetailSchema>;

/** Answer of join, leave and the listing choice. */
export const CommunityMembershipSchema = z.object({
  joined: z.boolean(),
  listed: z.boolean(),
  members_at_least: MembersAtLeast,
});
export type CommunityMembership = z.output<typeof CommunityMembershipSchema>;

/** One listed member, as GET /api/comunidades/{id}/miembros/ pages them. */
export const CommunityMemberSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  photo: z.string().nullable(),
  country: z.string().nullable(),
  is_moderator: z.boolean(),
});
export type CommunityMember = z.output<typeof CommunityMemberSchema>;

/** A topic community as administrators edit it: every language's text, the moderators. */
export const AdminCommunitySchema = z.object({
  id: z.number(),
  kind: z.enum(COMMUNITY_KINDS),
  orphacode: z.number().nullable(),
  slug: z.string().nullable(),
  name: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  suggested_for: z.array(z.string()),
  member_count: z.number(),
  moderators: z.array(z.object({ id: z.number(), nombre: z.string() })),
  /** The association that hosts it (issue 35). */
  host: CommunityHostSchema.nullable(),
});
export type AdminCommunity = z.output<typeof AdminCommunitySchema>;

/** POST/DELETE /api/admin/comunidades/{id}/moderadores/{userId}/. */
export const CommunityModeratorAnswerSchema = z.object({ moderator: z.boolean() });
export type CommunityModeratorAnswer = z.output<typeof CommunityModeratorAnswerSchema>;

// ─── Input ──────────────────────────────────────────────────────────────────────────────────────

export const CommunityIdParams = z.object({ id: recordId });
export const CommunityOrphacodeParams = z.object({ orphacode: recordId });
export const CommunityModeratorParams = z.object({ id: recordId, userId: recordId });

export const CommunitySearchQuery = z.object({
  q: z
    .string({ error: 'communities.errors.search_required' })
    .trim()
    .min(1, 'communities.errors.search_required')
    .max(COMMUNITY_SEARCH_MAX_LENGTH, 'communities.errors.too_long'),
});

export const CommunityMembersQuery = pageQuery({ defaultLimit: 24, maxLimit: 100 });

export const CommunityListingBody = z.object({
  listed: z.boolean({ error: 'communities.errors.listed_required' }),
});
export type CommunityListing = z.output<typeof CommunityListingBody>;

/** A text per language; empty ones are dropped (the reader then gets the Spanish text). */
const localizedText = (maxLength: number, requiredKey: string) =>
  z
    .partialRecord(
      z.enum(SUPPORTED_LANGUAGES, { error: 'communities.errors.language_unknown' }),
      z.string().trim().max(maxLength, 'communities.errors.too_long'),
    )
    .transform(
      (texts) =>
        Object.fromEntries(Object.entries(texts).filter(([, text]) => text)) as Partial<
          Record<Language, string>
        >,
    )
    .refine((texts) => Boolean(texts.es), { message: requiredKey, path: ['es'] });

/** POST/PUT /api/admin/comunidades/: a topic community (Spanish text required, others optional). */
export const TopicCommunityInputSchema = z.object({
  slug: z
    .string({ error: 'communities.errors.slug_invalid' })
    .trim()
    .toLowerCase()
    .max(COMMUNITY_TEXT_LIMITS.slug, 'communities.errors.too_long')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'communities.errors.slug_invalid'),
  name: localizedText(COMMUNITY_TEXT_LIMITS.name, 'communities.errors.name_required'),
  description: localizedText(COMMUNITY_TEXT_LIMITS.description, 'communities.errors.description_required'),
  suggested_for: z
    .array(z.string().refine(isSuggestionId, 'communities.errors.suggestion_unknown'))
    .max(50, 'communities.errors.too_long')
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type TopicCommunityInput = z.output<typeof TopicCommunityInputSchema>;

// ─── Addresses ──────────────────────────────────────────────────────────────────────────────────

/** The route patterns (server) and address builders (web) of the communities API. */
export const COMMUNITY_ROUTES = {
  lists: '/api/comunidades/',
  search: '/api/comunidades/buscar/',
  disease: '/api/comunidades/enfermedad/:orphacode/',
  detail: '/api/comunidades/:id/',
  join: '/api/comunidades/:id/unirse/',
  leave: '/api/comunidades/:id/salir/',
  membership: '/api/comunidades/:id/membresia/',
  members: '/api/comunidades/:id/miembros/',
  adminList: '/api/admin/comunidades/',
  adminDetail: '/api/admin/comunidades/:id/',
  adminModerator: '/api/admin/comunidades/:id/moderadores/:userId/',
} as const;

export const communityPaths = {
  disease: (orphacode: number) => `/api/comunidades/enfermedad/${orphacode}/`,
  detail: (id: number) => `/api/comunidades/${id}/`,
  join: (id: number) => `/api/comunidades/${id}/unirse/`,
  leave: (id: number) => `/api/comunidades/${id}/salir/`,
  membership: (id: number) => `/api/comunidades/${id}/membresia/`,
  members: (id: number) => `/api/comunidades/${id}/miembros/`,
  adminDetail: (id: number) => `/api/admin/comunidades/${id}/`,
  adminModerator: (id: number, userId: number) => `/api/admin/comunidades/${id}/moderadores/${userId}/`,
} as const;
