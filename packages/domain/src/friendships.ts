import { z } from 'zod';
import { REPORT_REASONS, REPORT_TARGET_TYPES } from './moderation';
import { FRIENDSHIP_STATUSES } from './profile';

/** Answers of the friends, blocks and reports routes (spec §7 "Friends and chat"). */

/** A friend request received and not yet answered; `edad` is null when the sender hides it. */
export const FriendRequestSchema = z.object({
  id: z.number(),
  sender_id: z.number(),
  nombre: z.string(),
  apellidos: z.string(),
  photo: z.string().nullable(),
  ciudad: z.string(),
  country: z.string(),
  edad: z.number().nullable(),
});
export type FriendRequest = z.output<typeof FriendRequestSchema>;

/** A friend, with whether they have a live connection now (the chat's presence). */
export const FriendSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  apellidos: z.string(),
  photo: z.string().nullable(),
  ciudad: z.string(),
  country: z.string(),
  online: z.boolean(),
});
export type Friend = z.output<typeof FriendSchema>;

export const BlockedMemberSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  apellidos: z.string(),
  photo: z.string().nullable(),
});
export type BlockedMember = z.output<typeof BlockedMemberSchema>;

/** A request sent, cancelled or a friendship ended: the relation as it now stands. */
export const FriendshipChangeSchema = z.object({
  friendship_status: z.enum(FRIENDSHIP_STATUSES),
  detail: z.string(),
});
export type FriendshipChange = z.output<typeof FriendshipChangeSchema>;

/** The navigation badge: friend requests waiting for an answer. */
export const PendingRequestsSchema = z.object({ pendientes: z.number() });
export type PendingRequests = z.output<typeof PendingRequestsSchema>;

/** A member's report (POST /api/reportes/); `details` is optional free text. */
export const ReportSchema = z.object({
  target_type: z.enum(REPORT_TARGET_TYPES, { error: 'report.errors.target' }),
  target_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reason: z.enum(REPORT_REASONS, { error: 'report.errors.reason' }),
  details: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(2000, 'post.errors.too_long')),
});
export type ReportInput = z.input<typeof ReportSchema>;

export const ReportReceivedSchema = z.object({ id: z.number(), detail: z.string() });
