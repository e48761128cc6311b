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
export type ReportOutcome = 'dismissed' | 'hidden' | 'suspended';

/** A message from the platform to one member, shown in the app until read (GET /api/avisos/). */
export type MemberNotice = {
  id: number;
  created_at: string;
  read: boolean;
} & (
  | { kind: 'report_outcome'; data: { outcome: ReportOutcome; target_type: ReportTargetType } }
  | { kind: 'export_ready'; data: Record<string, never> }
  | {
      kind: 'content_hidden' | 'content_restored';
      data: { target_type: HideableTargetType; excerpt: string };
    }
);
