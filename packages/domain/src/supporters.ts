import { z } from 'zod';
import { SUPPORTER_PERMISSIONS } from './supporter-scopes';

/*
 * Supporters (issue 37 point 1, decision 0047): an adult member lets someone they trust help with
 * their account, choosing what that person may do, without sharing the password. These are the
 * grants; acting for the member comes with them in a later step of the decision's order of work.
 * Messages are translation keys.
 */

/** invited (an e-mail was sent) → active (the invited account accepted) → ended (by either side). */
export const SUPPORTER_STATES = ['invited', 'active', 'ended'] as const;
export type SupporterState = (typeof SUPPORTER_STATES)[number];

/** Live grants (invited or active) one member may have: enough for a family and a support worker. */
export const SUPPORTERS_MAX = 5;
/** Days an invitation can be accepted. */
export const SUPPORTER_INVITATION_DAYS = 14;
/** Invitations one member may send an hour (each is an e-mail to an address they typed). */
export const SUPPORTER_INVITATIONS_PER_HOUR = 10;

const permissions = z
  .array(z.enum(SUPPORTER_PERMISSIONS, { error: 'supporters.errors.permissions' }), {
    error: 'supporters.errors.permissions',
  })
  .min(1, 'supporters.errors.permissions')
  .transform((chosen) => SUPPORTER_PERMISSIONS.filter((permission) => chosen.includes(permission)));

export const SupporterInviteSchema = z.object({
  email: z
    .string({ error: 'supporters.errors.email_invalid' })
    .trim()
    .toLowerCase()
    .max(254, 'supporters.errors.email_invalid')
    .pipe(z.email('supporters.errors.email_invalid')),
  permissions,
});
export type SupporterInvite = z.input<typeof SupporterInviteSchema>;

export const SupporterPermissionsSchema = z.object({ permissions });

const personShape = { id: z.number(), nombre: z.string() };

/** One of the caller's supporters, as the member sees them. */
export const SupporterSchema = z.object({
  id: z.number(),
  state: z.enum(SUPPORTER_STATES),
  invited_email: z.string(),
  /** The account that accepted; null while invited. */
  supporter: z.object(personShape).nullable(),
  permissions: z.array(z.enum(SUPPORTER_PERMISSIONS)),
  invited_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type Supporter = z.output<typeof SupporterSchema>;

export const SupportersSchema = z.object({ supporters: z.array(SupporterSchema) });

/** A member the caller helps, or has been invited to help. */
export const SupportedMemberSchema = z.object({
  id: z.number(),
  state: z.enum(SUPPORTER_STATES),
  member: z.object(personShape),
  permissions: z.array(z.enum(SUPPORTER_PERMISSIONS)),
  invited_at: z.string(),
});
export type SupportedMember = z.output<typeof SupportedMemberSchema>;

/** An acting session: a short access token whose subject is the member, and what it may do. */
export const ActingSessionSchema = z.object({
  access: z.string(),
  /** When the token ends (ms since the epoch): ask for a new one before then. */
  expires_at: z.number(),
  member: z.object(personShape),
  permissions: z.array(z.enum(SUPPORTER_PERMISSIONS)),
});
export type ActingSession = z.output<typeof ActingSessionSchema>;

/**
 * One thing a supporter did in the member's account (decision 0047): which route (method and
 * pattern, as `POST /api/posts/`; a chat message sent on the socket is `WS chat_message`), under
 * which permission, on which item, when. `supporter` is null once that account is gone.
 */
export const SupporterActionSchema = z.object({
  id: z.number(),
  supporter: z.object(personShape).nullable(),
  route: z.string(),
  scope: z.enum(SUPPORTER_PERMISSIONS),
  target_id: z.number().nullable(),
  created_at: z.string(),
});
export type SupporterAction = z.output<typeof SupporterActionSchema>;

/** Actions shown per page of the member's activity list. */
export const SUPPORTER_ACTIVITY_PAGE = 20;

export const SupporterActivityQuerySchema = z.object({
  /** Actions older than this one (its id): the next page. */
  before: z.coerce.number().int().positive().optional(),
});

export const SupporterActivitySchema = z.object({
  actions: z.array(SupporterActionSchema),
  /** The `before` of the next page; null on the last. */
  next_before: z.number().nullable(),
});
export type SupporterActivity = z.output<typeof SupporterActivitySchema>;

export const SupportingSchema = z.object({
  /** Members the caller helps now. */
  helping: z.array(SupportedMemberSchema),
  /** Invitations to the caller's address, waiting for an answer. */
  invitations: z.array(SupportedMemberSchema),
});
export type Supporting = z.output<typeof SupportingSchema>;
