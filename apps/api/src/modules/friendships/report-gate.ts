import { and, eq, isNull } from 'drizzle-orm';
import type { ReportTargetType } from '@juntos/domain';
import type { Database } from '../../db/database';
import { comments, galleryImages, posts, users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { RateLimits } from '../../lib/rate-limiter';

/** Reports one member may file per hour, before RATE_LIMIT_SCALE (docs/decisions/0033). */
export const REPORTS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

/** Targets whose author this gate looks up; chat targets are checked by the chat (ChatReportsPort). */
type PublishedTarget = Exclude<ReportTargetType, 'chat_message' | 'chat_conversation'>;

/**
 * What a report must pass before it is stored (issue 32, docs/decisions/0033): a reporter files at
 * most REPORTS_PER_HOUR, and only about something that exists and that they could see. "Could
 * see" is the safeguarding rule for acting on the target's author (`Safeguarding.mayActOn`: in
 * reach, or linked already, a block either way included): a member who blocked someone no longer
 * reaches them, yet must still be able to report what they did. A
 * target the reporter could not see is answered like an unknown id (404), so reports cannot tell
 * a stranger whether a minor's post or account exists. Hidden content is shown to nobody but its
 * author, so it is not reportable either.
 */
export function createReportGate(deps: {
  db: Database;
  rateLimits: RateLimits;
  /** The safeguarding rule for acting on a member (`Safeguarding.mayActOn`, decision 0029). */
  mayActOn: (viewerId: number, memberId: number) => Promise<boolean>;
}) {
  const { db } = deps;
  const perReporter = deps.rateLimits.fixedWindow('report', {
    points: REPORTS_PER_HOUR,
    windowMs: HOUR_MS,
    messageKey: 'report.errors.too_many',
  });

  /** The member behind a target that exists and is not hidden; undefined for anything else. */
  async function authorOf(targetType: PublishedTarget, targetId: number): Promise<number | undefined> {
    const first = async (query: Promise<Array<{ author: number }>>) => (await query)[0]?.author;
    switch (targetType) {
      case 'member':
        return first(db.select({ author: users.id }).from(users).where(eq(users.id, targetId)).limit(1));
      case 'post':
        return first(
          db
            .select({ author: posts.authorId })
            .from(posts)
            .where(and(eq(posts.id, targetId), isNull(posts.hiddenAt)))
            .limit(1),
        );
      case 'image':
        return first(
          db
            .select({ author: galleryImages.ownerId })
            .from(galleryImages)
            .where(and(eq(galleryImages.id, targetId), isNull(galleryImages.hiddenAt)))
            .limit(1),
        );
      case 'comment':
      case 'gallery_comment':
        return first(
          db
            .select({ author: comments.authorId })
            .from(comments)
            .where(
              and(
                eq(comments.id, targetId),
                eq(comments.contentKind, targetType === 'comment' ? 'post' : 'gallery_image'),
                isNull(comments.hiddenAt),
              ),
            )
            .limit(1),
        );
    }
  }

  return {
    /**
     * Counts the attempt (429 with Retry-After past the limit, before any lookup, so the limit
     * also bounds probing) and throws 404 unless the target exists and the reporter could see it.
     */
    async admit(reporterId: number, targetType: ReportTargetType, targetId: number) {
      await perReporter.hit(String(reporterId));
      if (targetType === 'chat_message' || targetType === 'chat_conversation') return;
      const author = await authorOf(targetType, targetId);
      if (author === undefined || author === reporterId || !(await deps.mayActOn(reporterId, author)))
        throw notFound('report.errors.target_not_found');
    },
  };
}

export type ReportGate = ReturnType<typeof createReportGate>;
