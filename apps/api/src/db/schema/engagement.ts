import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { contentWarningColumns, contentWarningKindCheck } from './content-warning-columns';
import { helperIndex, helperReference, memberReference, timeOfInsert } from './member-columns';

/**
 * The kinds of content members like and comment on. A new kind is one more name here and one
 * row in `modules/engagement/content-kinds.ts` (plus the delete trigger of its table, see
 * migration 0017); the like and comment code stays as it is.
 */
export const CONTENT_KINDS = ['post', 'gallery_image'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/**
 * One like per member and piece of content, whatever its kind. There is no foreign key to the
 * content row (it lives in one of several tables): a trigger on each content table deletes its
 * likes and comments with it (`forget_engagement`, migration 0017).
 */
export const likes = pgTable(
  'likes',
  {
    contentKind: text('content_kind', { enum: CONTENT_KINDS }).notNull(),
    contentId: bigint('content_id', { mode: 'number' }).notNull(),
    userId: memberReference('user_id'),
    createdAt: timeOfInsert('created_at'),
  },
  (table) => [
    // Also serves the feed's per-row count and "liked by me" (its leading columns).
    primaryKey({ columns: [table.contentKind, table.contentId, table.userId] }),
    index('likes_user_idx').on(table.userId),
  ],
);

/**
 * A comment on any kind of content. Comments moved from the two former tables kept their ids,
 * which were only unique within one kind (reports name them by kind and id), hence the key over
 * both; new comments take ids above all of them.
 */
export const comments = pgTable(
  'comments',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    contentKind: text('content_kind', { enum: CONTENT_KINDS }).notNull(),
    contentId: bigint('content_id', { mode: 'number' }).notNull(),
    authorId: memberReference('author_id'),
    text: text('text').notNull(),
    /** Set when a moderator hid it: then only its author sees it (administrators, in the moderation queue). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    ...contentWarningColumns(),
    helperId: helperReference('helper_id'),
    createdAt: timeOfInsert('created_at'),
  },
  (table) => [
    primaryKey({ columns: [table.contentKind, table.id] }),
    helperIndex('comments', table.helperId),
    contentWarningKindCheck('comments', table.contentWarningKind),
    index('comments_content_idx').on(table.contentKind, table.contentId, table.createdAt),
    index('comments_author_idx').on(table.authorId),
  ],
);
