import type { ReportSnapshot } from '@juntos/domain';
import { AppError, notFound } from '../../lib/app-error';
import { noticeExcerpt } from '../../lib/text';
import type {
  ContentType,
  ModerationRepository,
  ModerationScope,
  ModerationStore,
  NoticeRow,
  ReportOutcome,
  ReportTargetType,
} from './moderation.repository';

export const NOTICES_SHOWN = 50;

/**
 * Moderation (issue "Operating the platform"): reports are dismissed, or the reported item is
 * hidden, or its author suspended. Every reporter of the item is told the outcome and the
 * author is told what was hidden, through in-app notices.
 */
export function createModerationService(deps: {
  repository: ModerationRepository;
  mediaUrl: (key: string) => string;
  /** Revokes the member's sessions and closes their sockets on every instance. */
  endSessions: (userId: number) => Promise<void>;
  /** Told once the notices are stored (after the transaction commits): notifications, issue 20. */
  noticesAdded: (rows: readonly NoticeRow[]) => Promise<void>;
}) {
  const { repository } = deps;

  /**
   * The repository's transaction, whose stored notices are announced once it has committed (a
   * rolled-back decision announces nothing).
   */
  async function transaction<T>(work: (store: ModerationStore) => Promise<T>): Promise<T> {
    const added: NoticeRow[] = [];
    const result = await repository.transaction((store) =>
      work({
        ...store,
        async addNotices(rows) {
          await store.addNotices(rows);
          added.push(...rows);
        },
      }),
    );
    await deps.noticesAdded(added);
    return result;
  }
  async function addNotices(rows: NoticeRow[]) {
    await repository.addNotices(rows);
    await deps.noticesAdded(rows);
  }

  /** The stored snapshot as the queue shows it: an address for the image while its file exists. */
  const presentSnapshot = ({ image_key: imageKey, ...snapshot }: ReportSnapshot) => ({
    ...snapshot,
    image_url: imageKey && !snapshot.image_removed ? deps.mediaUrl(imageKey) : null,
  });

  /**
   * The report's target, or the "content gone" 404 once it has none (its member was erased):
   * there is nothing left to hide or suspend, only the report to settle (dismiss).
   */
  const targetOf = (report: { targetId: number | null }) => {
    if (report.targetId === null) throw notFound('moderation.errors.content_gone');
    return report.targetId;
  };

  const reportClosed = () => new AppError(409, 'report_closed', 'moderation.errors.report_closed');
  const notYourCommunity = () =>
    new AppError(403, 'not_your_community', 'moderation.errors.not_your_community');

  /** An open report the moderator may settle (403 for a community moderator when it is not theirs). */
  async function openReport(scope: ModerationScope, id: number) {
    const report = await repository.findReport(id);
    if (!report) throw notFound();
    if (!scope.everything && !(await repository.moderatorMaySettle(scope, id))) throw notYourCommunity();
    if (report.status !== 'open') throw reportClosed();
    return report;
  }

  /**
   * Refuses a community moderator an item outside the communities they moderate, of the other
   * age group's space, or their own (issue 18); administrators may act on everything.
   */
  async function mayActOn(scope: ModerationScope, type: ContentType, id: number) {
    if (!scope.everything && !(await repository.moderatorMayActOn(scope, type, id))) throw notYourCommunity();
  }

  /**
   * A community moderator shows again only what a community moderator hid: an administrator's
   * hide (perhaps on a report the moderator never saw) stays until an administrator lifts it.
   */
  async function mayRestore(scope: ModerationScope, type: ContentType, id: number) {
    if (!scope.everything && !(await repository.lastHiddenByCommunityModerator(type, id)))
      throw new AppError(403, 'hidden_by_administrator', 'moderation.errors.hidden_by_administrator');
  }

  async function contentOrNotFound(type: ReportTargetType, id: number) {
    const content = (await repository.contentOf([{ targetType: type, targetId: id }])).get(`${type}:${id}`);
    if (!content) throw notFound('moderation.errors.content_gone');
    return content;
  }

  /**
   * Closes the item's open reports and tells each reporter once; the ids closed. Closing comes
   * first in every action: its row locks make a second administrator acting on the same item
   * wait, then find nothing left to close.
   */
  async function closeReportsOn(
    store: ModerationStore,
    type: ReportTargetType,
    id: number,
    outcome: ReportOutcome,
  ) {
    const closed = await store.resolveReportsOn(type, id, outcome);
    const reporters = [...new Set(closed.map((row) => row.reporterId))];
    await store.addNotices(
      reporters.map((userId) => ({ userId, kind: 'report_outcome', data: { outcome, target_type: type } })),
    );
    return closed.map((row) => row.id);
  }

  /** Suspends a member; false when they already were (nothing else to do then). */
  async function suspendMember(memberId: number) {
    const member = await repository.memberExists(memberId);
    if (!member) throw notFound('moderation.errors.member_not_found');
    if (member.role === 'admin')
      throw new AppError(409, 'cannot_suspend_admin', 'moderation.errors.cannot_suspend_admin');
    const changed = await transaction(async (store) => {
      if (!(await store.setSuspended(memberId, true))) return false;
      // Reports about the member themself are settled by the suspension; each reporter is told.
      await closeReportsOn(store, 'member', memberId, 'suspended');
      return true;
    });
    if (changed) await deps.endSessions(memberId);
    return changed;
  }

  async function suspend(memberId: number) {
    if (!(await suspendMember(memberId)))
      throw new AppError(409, 'already_suspended', 'moderation.errors.already_suspended');
  }

  return {
    /**
     * The queue as the moderator may see it: everything for administrators, their communities'
     * for the others. A community moderator is a member, possibly a 14-year-old of the minors'
     * space: they get the reason and the reported item, but not who reported it, the reporter's
     * own words (which may name people) nor whether the author is suspended (sanctions stay with
     * administrators).
     */
    async queue(scope: ModerationScope, status: 'open' | 'resolved', limit: number, offset: number) {
      const rows = await repository.queue(scope, status, limit + 1, offset);
      const page = rows.slice(0, limit);
      const [contents, contexts] = await Promise.all([
        repository.contentOf(page),
        repository.chatContextOf(page),
      ]);
      const { everything } = scope;
      return {
        results: page.map((row) => {
          const content = contents.get(`${row.targetType}:${row.targetId}`);
          return {
            id: row.id,
            target_type: row.targetType,
            target_id: row.targetId,
            former_member: row.subjectLabel,
            reason: row.reason,
            status: row.status,
            outcome: row.outcome,
            created_at: row.createdAt.toISOString(),
            resolved_at: row.resolvedAt?.toISOString() ?? null,
            ...(everything && {
              details: row.details,
              reporter: { id: row.reporterId, name: row.reporterName },
            }),
            content: content
              ? {
                  author_id: content.authorId,
                  author_name: content.authorName,
                  title: content.title,
                  text: content.text,
                  image_url: content.imageKey ? deps.mediaUrl(content.imageKey) : null,
                  image_alt: content.imageAlt,
                  parent: content.parent,
                  hidden: content.hidden,
                  ...(everything && { author_suspended: content.authorSuspended }),
                }
              : null,
            snapshot: row.snapshot && presentSnapshot(row.snapshot),
            // Chat reports only: the messages around the reported one (or the conversation's
            // last ones), including those either member deleted for themselves; what was filed
            // when they are gone (purged, or their sender erased).
            context:
              contexts.get(row.id)?.map((message) => ({
                id: message.id,
                sender_id: message.senderId,
                sender_label: message.formerSender,
                message: message.message,
                timestamp: message.createdAt.toISOString(),
                reported: row.targetType === 'chat_message' && message.id === row.targetId,
              })) ??
              row.snapshot?.context ??
              null,
          };
        }),
        more: rows.length > limit,
      };
    },

    async dismiss(scope: ModerationScope, reportId: number) {
      const report = await openReport(scope, reportId);
      if (!(await repository.resolveReport(reportId, 'dismissed'))) throw reportClosed();
      await addNotices([
        {
          userId: report.reporterId,
          kind: 'report_outcome',
          data: { outcome: 'dismissed', target_type: report.targetType },
        },
      ]);
      return report;
    },

    /** Hides the reported item; a report of a member or of a chat has nothing to hide (suspend instead). */
    async hide(scope: ModerationScope, reportId: number) {
      const report = await openReport(scope, reportId);
      if (report.targetType === 'member')
        throw new AppError(409, 'member_report', 'moderation.errors.member_not_content');
      // Chat messages stay as they are: evidence for the moderators (suspend or dismiss instead).
      if (report.targetType === 'chat_message' || report.targetType === 'chat_conversation')
        throw new AppError(409, 'chat_report', 'moderation.errors.chat_not_content');
      const type: ContentType = report.targetType;
      const targetId = targetOf(report);
      const content = await contentOrNotFound(type, targetId);
      return transaction(async (store) => {
        const closed = await closeReportsOn(store, type, targetId, 'hidden');
        if (!closed.includes(reportId)) throw reportClosed();
        await store.setHidden(type, targetId, true);
        await store.addNotices([
          {
            userId: content.authorId,
            kind: 'content_hidden',
            data: { target_type: type, excerpt: noticeExcerpt(content) },
          },
        ]);
        return { report: { ...report, targetId }, authorId: content.authorId, closed: closed.length };
      });
    },

    /** Suspends the reported member, or the author of the reported item (administrators only). */
    async suspendFromReport(reportId: number) {
      const report = await openReport({ everything: true }, reportId);
      const targetId = targetOf(report);
      const content = await contentOrNotFound(report.targetType, targetId);
      // Already suspended (through another report): this report is settled the same way.
      await suspendMember(content.authorId);
      // For a report about a member, the suspension has already closed it with the others.
      const closed = await closeReportsOn(repository, report.targetType, targetId, 'suspended');
      return { report, memberId: content.authorId, closed: closed.length };
    },

    suspend,

    async reactivate(memberId: number) {
      if (!(await repository.memberExists(memberId))) throw notFound('moderation.errors.member_not_found');
      if (!(await repository.setSuspended(memberId, false)))
        throw new AppError(409, 'not_suspended', 'moderation.errors.not_suspended');
    },

    /** Shows a hidden item again (a moderator's mistake) and tells its author. */
    async restore(scope: ModerationScope, type: ContentType, id: number) {
      const content = await contentOrNotFound(type, id);
      await mayActOn(scope, type, id);
      if (!content.hidden) throw new AppError(409, 'not_hidden', 'moderation.errors.not_hidden');
      await mayRestore(scope, type, id);
      await repository.setHidden(type, id, false);
      await addNotices([
        {
          userId: content.authorId,
          kind: 'content_restored',
          data: { target_type: type, excerpt: noticeExcerpt(content) },
        },
      ]);
      return { authorId: content.authorId };
    },

    async suspendedMembers(limit: number, offset: number) {
      const rows = await repository.suspendedMembers(limit + 1, offset);
      return {
        results: rows.slice(0, limit).map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          suspended_at: row.suspendedAt?.toISOString() ?? null,
        })),
        more: rows.length > limit,
      };
    },

    async notices(userId: number) {
      return (await repository.notices(userId, NOTICES_SHOWN)).map((row) => ({
        id: row.id,
        kind: row.kind,
        data: row.data,
        read: row.readAt !== null,
        created_at: row.createdAt.toISOString(),
      }));
    },

    async markNoticeRead(userId: number, id: number) {
      if (!(await repository.markNoticeRead(userId, id))) throw notFound();
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
