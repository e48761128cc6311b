import type { ReportSnapshot, ReportTargetType } from '@juntos/domain';
import type { Database } from '../../db/database';
import { createModerationRepository, type ContextMessage } from './moderation.repository';

/** What a snapshot is taken of: the report being filed (or, for an older report, kept). */
export type SnapshotRef = {
  /** The report's id when it exists already (an older report snapshotted at an erasure); else 0. */
  id: number;
  reporterId: number;
  targetType: ReportTargetType;
  targetId: number;
  createdAt: Date;
};

const contextMessage = (message: ContextMessage, reported: number | null) => ({
  id: message.id,
  sender_id: message.senderId,
  sender_label: message.formerSender,
  message: message.message,
  timestamp: message.createdAt.toISOString(),
  reported: message.id === reported,
});

/**
 * The reported item and its context as they are now (decision 0032), read with the queries the
 * moderators' queue uses, so what is filed is what a moderator would have seen at that moment:
 * the text, title and image of a post or comment with its author's name at filing time, a
 * member's name and presentation, and for a chat the reported message with the messages around
 * it (or the conversation's last ones). Null when the target does not exist. `db` may be a
 * transaction (the erasure snapshots older reports inside its own).
 */
export async function takeReportSnapshot(
  db: Database,
  ref: SnapshotRef,
  now: Date,
): Promise<ReportSnapshot | null> {
  const store = createModerationRepository(db);
  const [contents, contexts] = await Promise.all([
    store.contentOf([ref]),
    store.chatContextOf([{ ...ref, createdAt: ref.createdAt }]),
  ]);
  const content = contents.get(`${ref.targetType}:${ref.targetId}`);
  const context = contexts.get(ref.id) ?? null;
  if (!content && !context) return null;
  const reported = ref.targetType === 'chat_message' ? ref.targetId : null;
  return {
    taken_at: now.toISOString(),
    target_type: ref.targetType,
    author_id: content?.authorId ?? null,
    author_name: content?.authorName ?? null,
    author_label: null,
    title: content?.title ?? null,
    text: content?.text ?? '',
    created_at: content?.createdAt?.toISOString() ?? null,
    image_key: content?.imageKey ?? null,
    image_alt: content?.imageAlt ?? '',
    image_removed: false,
    parent: content?.parent ?? null,
    context: context?.map((message) => contextMessage(message, reported)) ?? null,
  };
}

/**
 * The snapshot once `memberId` was erased: no id, name or photo of theirs, the label instead
 * ("former member #label"). Their image file is deleted with the account, so its key (which
 * holds their id) goes and the snapshot says the image was removed. Others' words stay.
 */
export function pseudonymiseSnapshot(
  snapshot: ReportSnapshot,
  memberId: number,
  label: string,
): ReportSnapshot {
  const theirs = snapshot.author_id === memberId;
  return {
    ...snapshot,
    ...(theirs && {
      author_id: null,
      author_name: null,
      author_label: label,
      image_key: null,
      image_removed: snapshot.image_removed || snapshot.image_key !== null,
    }),
    context:
      snapshot.context?.map((message) =>
        message.sender_id === memberId ? { ...message, sender_id: null, sender_label: label } : message,
      ) ?? null,
  };
}
