import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import { CHAT_REPORT_CONTEXT, type ReportSnapshot, type ReportTargetType } from '@juntos/domain';
import type { Database } from '../../db/database';
import { chatMessages } from '../../db/schema';
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
  if (!content && !context)
    return ref.targetType === 'chat_message' ? formerMemberMessage(db, ref.targetId, now) : null;
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
 * A message from a former member, reported by its receiver after the sender's erasure: what it
 * said, under the sender's label, with the messages around it that the receiver still has from
 * the same former member (their own went with the sender's account).
 */
async function formerMemberMessage(
  db: Database,
  messageId: number,
  now: Date,
): Promise<ReportSnapshot | null> {
  const [reported] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId)).limit(1);
  if (!reported?.formerSender) return null;
  const columns = {
    id: chatMessages.id,
    senderId: chatMessages.senderId,
    formerSender: chatMessages.formerSender,
    message: chatMessages.message,
    createdAt: chatMessages.createdAt,
  };
  const same = and(
    eq(chatMessages.receiverId, reported.receiverId),
    eq(chatMessages.formerSender, reported.formerSender),
  );
  const [before, after] = await Promise.all([
    db
      .select(columns)
      .from(chatMessages)
      .where(and(same, lte(chatMessages.id, messageId)))
      .orderBy(desc(chatMessages.id))
      .limit(CHAT_REPORT_CONTEXT + 1),
    db
      .select(columns)
      .from(chatMessages)
      .where(and(same, gt(chatMessages.id, messageId)))
      .orderBy(asc(chatMessages.id))
      .limit(CHAT_REPORT_CONTEXT),
  ]);
  return {
    taken_at: now.toISOString(),
    target_type: 'chat_message',
    author_id: null,
    author_name: null,
    author_label: reported.formerSender,
    title: null,
    text: reported.message,
    created_at: reported.createdAt.toISOString(),
    image_key: null,
    image_alt: '',
    image_removed: false,
    parent: null,
    context: [...before.reverse(), ...after].map((message) => contextMessage(message, messageId)),
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
