import { z } from 'zod';
import { COMMUNITY_KINDS, CommunityHostSchema, CommunityRulesSchema } from './communities';
import { pageQuery } from './paging';
import { directoryEntryPlaceShape } from './resources';
import { recordId } from './route-parts';

/**
 * Communities hosted by patient organisations (issue 35 point 1, decision 0040), and the
 * representatives of directory entries: an association's (who host its communities) and a
 * research project's (issue 35 point 5 reuses the invitations). Messages are translation keys.
 */

/** The directory entries that name representatives, by the path segment of their screen and API. */
export const REPRESENTED_ENTRY_KINDS = ['asociaciones', 'proyectos'] as const;
export type RepresentedEntryKind = (typeof REPRESENTED_ENTRY_KINDS)[number];

export const REPRESENTATIVE_STATES = ['invited', 'accepted', 'confirmed', 'removed', 'stepped_down'] as const;
export type RepresentativeState = (typeof REPRESENTATIVE_STATES)[number];
/** The states in which a representative still holds (or waits for) the role. */
export const LIVE_REPRESENTATIVE_STATES = ['invited', 'accepted', 'confirmed'] as const;

/** Days an invitation link can be accepted. */
export const REPRESENTATIVE_INVITATION_DAYS = 14;
/** Longest text of a community's rules. */
export const COMMUNITY_RULES_MAX_LENGTH = 5000;
/** Invitations one inviter may send an hour (each is an e-mail to an address they typed). */
export const REPRESENTATIVE_INVITATIONS_PER_HOUR = 10;

// ─── Input ──────────────────────────────────────────────────────────────────────────────────────

export const DirectoryEntryParams = z.object({ kind: z.enum(REPRESENTED_ENTRY_KINDS), id: recordId });
export const InvitationParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'hosts.errors.invitation_not_found'),
});

export const RepresentativeInviteSchema = z.object({
  email: z
    .string({ error: 'hosts.errors.email_invalid' })
    .trim()
    .toLowerCase()
    .max(254, 'hosts.errors.email_invalid')
    .pipe(z.email('hosts.errors.email_invalid')),
});
export type RepresentativeInvite = z.output<typeof RepresentativeInviteSchema>;

/** PUT /api/admin/comunidades/{id}/anfitrion/: the association that hosts the community. */
export const CommunityHostBody = z.object({
  association_id: z
    .number({ error: 'hosts.errors.association_required' })
    .int()
    .positive('hosts.errors.association_required'),
});

/** The administrators' host picker: an association's id, or empty for none. */
export const CommunityHostFormSchema = z.object({
  association_id: z.string().regex(/^\d*$/, 'hosts.errors.association_required'),
});

/** PUT /api/comunidades/{id}/normas/: the new rules; an empty text withdraws them. */
export const CommunityRulesInputSchema = z.object({
  text: z
    .string({ error: 'hosts.errors.rules_too_long' })
    .trim()
    .max(COMMUNITY_RULES_MAX_LENGTH, 'hosts.errors.rules_too_long'),
});
export type CommunityRulesInput = z.output<typeof CommunityRulesInputSchema>;

/** The version of the rules the member read and accepts (the join and the "I have read them" calls). */
const rulesVersion = z
  .number({ error: 'hosts.errors.rules_not_accepted' })
  .int('hosts.errors.rules_not_accepted')
  .positive('hosts.errors.rules_not_accepted');

/**
 * POST /api/comunidades/{id}/unirse/: a community with rules needs their current version. The
 * body may be absent (the server reads it as null): a community without rules is joined as before.
 */
export const CommunityJoinBody = z.object({ rules_version: rulesVersion.optional() }).nullish();
export type CommunityJoin = z.input<typeof CommunityJoinBody>;

/** The form of the join dialog: the box must be ticked before the version is sent. */
export const CommunityRulesAcceptFormSchema = z.object({
  accept: z.literal(true, { error: 'hosts.errors.rules_accept_required' }),
});

export const RulesAcceptBody = z.object({ rules_version: rulesVersion });

export const AdminRepresentativesQuery = pageQuery({ defaultLimit: 50, maxLimit: 200 }).extend({
  state: z.enum(REPRESENTATIVE_STATES).optional(),
});

// ─── Answers ────────────────────────────────────────────────────────────────────────────────────

/** A community an association hosts, as its directory entry lists it (in the reader's language). */
export const HostedCommunitySchema = z.object({
  id: z.number(),
  kind: z.enum(COMMUNITY_KINDS),
  name: z.string(),
});

/** A confirmed representative the reader may see (the safeguarding rule applies to them too). */
export const RepresentativeSummarySchema = z.object({
  member_id: z.number(),
  nombre: z.string(),
});

export const MyRepresentativeRoleSchema = z.object({
  id: z.number(),
  state: z.enum(LIVE_REPRESENTATIVE_STATES),
});

/** GET /api/recursos/{kind}/{id}/: one association or research project, with what it hosts. */
export const DirectoryEntryDetailSchema = z.object({
  kind: z.enum(REPRESENTED_ENTRY_KINDS),
  id: z.number(),
  nombre: z.string(),
  ...directoryEntryPlaceShape,
  /** Associations only (empty for projects): the communities it hosts. */
  communities: z.array(HostedCommunitySchema),
  representatives: z.array(RepresentativeSummarySchema),
  /** An administrator or a confirmed representative of this entry. */
  can_invite: z.boolean(),
  my_role: MyRepresentativeRoleSchema.nullable(),
});
export type DirectoryEntryDetail = z.output<typeof DirectoryEntryDetailSchema>;

/** GET /api/representantes/invitacion/{token}/: what the invitation is for. */
export const InvitationSchema = z.object({
  id: z.number(),
  entry_kind: z.enum(REPRESENTED_ENTRY_KINDS),
  entry_id: z.number(),
  entry_name: z.string(),
  state: z.enum(REPRESENTATIVE_STATES),
  /** Whether the signed-in account has the address the invitation was sent to. */
  for_you: z.boolean(),
});
export type Invitation = z.output<typeof InvitationSchema>;

export const RepresentativeStateAnswerSchema = z.object({
  id: z.number(),
  state: z.enum(REPRESENTATIVE_STATES),
});
export type RepresentativeStateAnswer = z.output<typeof RepresentativeStateAnswerSchema>;

/** One representative (or invitation) as administrators see it. */
export const AdminRepresentativeSchema = z.object({
  id: z.number(),
  entry_kind: z.enum(REPRESENTED_ENTRY_KINDS),
  entry_id: z.number(),
  entry_name: z.string(),
  invited_email: z.string(),
  member: z.object({ id: z.number(), nombre: z.string(), email: z.string() }).nullable(),
  state: z.enum(REPRESENTATIVE_STATES),
  invited_at: z.string(),
  accepted_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  ended_at: z.string().nullable(),
});
export type AdminRepresentative = z.output<typeof AdminRepresentativeSchema>;

export const CommunityHostAnswerSchema = z.object({ host: CommunityHostSchema.nullable() });
export type CommunityHostAnswer = z.output<typeof CommunityHostAnswerSchema>;

export const CommunityRulesAnswerSchema = z.object({ rules: CommunityRulesSchema.nullable() });
export type CommunityRulesAnswer = z.output<typeof CommunityRulesAnswerSchema>;
