/** What members can report: a member, or something a member published. */
export const REPORT_TARGET_TYPES = ['member', 'post', 'comment', 'image', 'gallery_comment'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

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
      data: { target_type: Exclude<ReportTargetType, 'member'>; excerpt: string };
    }
);
