import { z } from 'zod';
import { recordId } from './route-parts';

/**
 * What members can report: a member, something a member published, a chat message they received
 * (`target_id` is the message's id) or a whole conversation (`target_id` is the other member's id).
 */
export const REPORT_TARGET_TYPES = [
  'member',
  'post',
  'comment',
  'image',
  'gallery_comment',
  'chat_message',
  'chat_conversation',
] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/** What moderators can hide; chat messages are not hidden but kept as evidence (suspend instead). */
export type HideableTargetType = Exclude<ReportTargetType, 'member' | 'chat_message' | 'chat_conversation'>;

/**
 * Chat messages are kept this long after they are sent, also when both members deleted them
 * ("delete my messages" and signing out hide a member's own copy only), so that moderators can
 * read what was written; then the purge deletes them. A conversation with an open report is kept
 * until the report is handled. Stated in the privacy policy: change both together.
 */
export const CHAT_MESSAGE_RETENTION_DAYS = 180;
/** Messages shown to moderators on each side of a reported one. */
export const CHAT_REPORT_CONTEXT = 10;

export const REPORT_REASONS = [
  'harassment',
  'hate',
  'spam',
  'inappropriate',
  'privacy',
  'danger',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What the moderators did about a report; told to the member who sent it. */
export const REPORT_OUTCOMES = ['dismissed', 'hidden', 'suspended'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** What moderators can hide and restore (the `:type` of the restore route). */
export const HIDEABLE_TARGET_TYPES = ['post', 'comment', 'image', 'gallery_comment'] as const;

/** A message from the platform to one member, shown in the app until read (GET /api/avisos/). */
export type MemberNotice = {
  id: number;
  created_at: string;
  read: boolean;
} & (
  | { kind: 'report_outcome'; data: { outcome: ReportOutcome; target_type: ReportTargetType } }
  | { kind: 'export_ready'; data: Record<string, never> }
  /** Someone else commented on the member's post in a community (issue 18). */
  | {
      kind: 'community_reply';
      data: { post_id: number; community_id: number; excerpt: string };
    }
  | {
      kind: 'content_hidden' | 'content_restored';
      data: { target_type: HideableTargetType; excerpt: string };
    }
);

/**
 * A notice as the API answers it (GET /api/avisos/). The wire schema keeps `data` open, so a
 * notice stored in an older shape is still delivered; `MemberNotice` is the reading the app uses.
 */
export const MemberNoticeSchema = z.object({
  id: z.number(),
  kind: z.enum(['report_outcome', 'content_hidden', 'content_restored', 'export_ready', 'community_reply']),
  data: z.record(z.string(), z.union([z.string(), z.number()])),
  read: z.boolean(),
  created_at: z.string(),
});

/** One chat message of a report's snapshot; `sender_id` null and `sender_label` set once the sender was erased. */
export const ReportSnapshotMessageSchema = z.object({
  id: z.number(),
  sender_id: z.number().nullable(),
  sender_label: z.string().nullable(),
  message: z.string(),
  timestamp: z.string(),
  reported: z.boolean(),
});

/**
 * What a report was about, as it was when the report was filed (decision 0032): the moderators
 * read it when the author deleted the item or erased their account. Pseudonymised at the
 * author's erasure: `author_id` and `author_name` null, `author_label` the "former member #…"
 * label, `image_key` null and `image_removed` true (the file went with the account).
 */
export const ReportSnapshotSchema = z.object({
  taken_at: z.string(),
  target_type: z.enum(REPORT_TARGET_TYPES),
  author_id: z.number().nullable(),
  author_name: z.string().nullable(),
  author_label: z.string().nullable(),
  title: z.string().nullable(),
  text: z.string(),
  /** When the item was written (a member report: null). */
  created_at: z.string().nullable(),
  image_key: z.string().nullable(),
  image_alt: z.string(),
  image_removed: z.boolean(),
  parent: z.string().nullable(),
  /** Chat reports: the reported message and those around it, or the conversation's last ones. */
  context: z.array(ReportSnapshotMessageSchema).nullable(),
});
export type ReportSnapshot = z.output<typeof ReportSnapshotSchema>;

/**
 * A report in the moderators' queue, with the reported item as it is now. `details`, `reporter`
 * and `content.author_suspended` are for administrators only: a community moderator (issue 18)
 * is a member, perhaps a minor, and is not told who reported, in the reporter's words, nor about
 * sanctions.
 */
export const AdminReportSchema = z.object({
  id: z.number(),
  target_type: z.enum(REPORT_TARGET_TYPES),
  /** Null once the reported member (of a member or conversation report) erased their account. */
  target_id: z.number().nullable(),
  /**
   * Set once the reported member erased their account (decision 0032): the random label the
   * report names them by ("former member #…"); their name, e-mail and id are gone.
   */
  former_member: z.string().nullable(),
  reason: z.string(),
  details: z.string().optional(),
  status: z.enum(REPORT_STATUSES),
  outcome: z.enum(REPORT_OUTCOMES).nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  reporter: z.object({ id: z.number(), name: z.string() }).optional(),
  /** Null when the reported item, or its author's account, no longer exists: see `snapshot`. */
  content: z
    .object({
      author_id: z.number(),
      author_name: z.string(),
      title: z.string().nullable(),
      text: z.string(),
      image_url: z.string().nullable(),
      image_alt: z.string(),
      /** Where a comment was written: the post's or image's title or opening words. */
      parent: z.string().nullable(),
      hidden: z.boolean(),
      author_suspended: z.boolean().optional(),
    })
    .nullable(),
  /**
   * What was reported as it was when the report was filed (null for reports filed before
   * snapshots existed), pseudonymised once its author was erased. `image_url` is null when the
   * file is gone (`image_removed`).
   */
  snapshot: ReportSnapshotSchema.omit({ image_key: true })
    .extend({ image_url: z.string().nullable() })
    .nullable(),
  /**
   * Chat reports only (else null): the messages around the reported one, or the conversation's
   * last ones before the report, oldest first, including those the members deleted for themselves;
   * from the snapshot when the messages are gone. A former member's have `sender_id` null.
   */
  context: z.array(ReportSnapshotMessageSchema).nullable(),
});
export type AdminReport = z.output<typeof AdminReportSchema>;

export const SuspendedMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  suspended_at: z.string().nullable(),
});
export type SuspendedMember = z.output<typeof SuspendedMemberSchema>;

/** A report settled by a moderator; a suspension names the member suspended. */
export const ReportResolutionSchema = z.object({
  status: z.literal('resolved'),
  outcome: z.enum(REPORT_OUTCOMES),
  member_id: z.number().optional(),
});
export const RestoredContentSchema = z.object({ hidden: z.literal(false) });

/** Pinning by a community's moderators (issue 18): pinned posts lead the community's feed. */
export const COMMUNITY_PIN_ROUTES = {
  pin: '/api/comunidades/:id/publicaciones/:postId/fijar/',
  unpin: '/api/comunidades/:id/publicaciones/:postId/desfijar/',
} as const;
export const communityPinPaths = {
  pin: (communityId: number, postId: number) =>
    `/api/comunidades/${communityId}/publicaciones/${postId}/fijar/`,
  unpin: (communityId: number, postId: number) =>
    `/api/comunidades/${communityId}/publicaciones/${postId}/desfijar/`,
} as const;
export const CommunityPostParams = z.object({ id: recordId, postId: recordId });
export const PostPinSchema = z.object({ pinned: z.boolean() });
export type PostPin = z.output<typeof PostPinSchema>;
export const MemberSuspensionSchema = z.object({ suspended: z.boolean() });
