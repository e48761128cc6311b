import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { communities } from './communities';
import { contentWarningColumns, contentWarningKindCheck } from './content-warning-columns';
import { helperIndex, helperReference, memberReference, timeOfInsert } from './member-columns';

/**
 * A post in the feed. `country` is the author's profile country, copied here (and kept in step
 * when the profile's country changes) so the feed's country filter is one index range scan in
 * creation order instead of a join over every post.
 */
export const posts = pgTable(
  'posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    authorId: memberReference('author_id'),
    title: text('title'),
    text: text('text').notNull(),
    /** The symbols it was written with (issue 21), shown above the text; null when typed. */
    symbols: text('symbols').array(),
    imageKey: text('image_key'),
    /** The author's description of the image, used as its text alternative. */
    imageAlt: text('image_alt').notNull().default(''),
    country: text('country'),
    /** The community it was posted in (issue 18); null for the main feed. */
    communityId: bigint('community_id', { mode: 'number' }).references(() => communities.id, {
      onDelete: 'cascade',
    }),
    /** Set when a community moderator pinned it: pinned posts lead the community's feed. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    /** Set when a moderator hid it: then only its author sees it (administrators, in the moderation queue). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /**
     * How many members like it, kept by statement triggers on `likes` (migration 0020), so the
     * feed reads a column instead of counting a popular post's likes on every page.
     */
    likesCount: integer('likes_count').notNull().default(0),
    ...contentWarningColumns(),
    helperId: helperReference('helper_id'),
    createdAt: timeOfInsert('created_at'),
    updatedAt: timeOfInsert('updated_at'),
  },
  (table) => [
    // Ascending on purpose: read backwards they give `created_at desc, id desc` with the default
    // NULLS FIRST; drizzle's .desc() would add NULLS LAST, which that ORDER BY cannot use.
    index('posts_feed_idx').on(table.createdAt, table.id),
    index('posts_country_feed_idx').on(table.country, table.createdAt, table.id),
    index('posts_author_idx').on(table.authorId),
    // A community's feed is one range of this index in creation order, whatever the number of posts.
    index('posts_community_feed_idx')
      .on(table.communityId, table.createdAt, table.id)
      .where(sql`${table.communityId} is not null`),
    index('posts_community_pinned_idx')
      .on(table.communityId, table.pinnedAt)
      .where(sql`${table.pinnedAt} is not null`),
    contentWarningKindCheck('posts', table.contentWarningKind),
    helperIndex('posts', table.helperId),
  ],
);

/**
 * A member's gallery image: seen, liked and commented on by the owner and accepted friends only.
 * Its likes and comments are in `engagement.ts`, as the posts' are.
 */
export const galleryImages = pgTable(
  'gallery_images',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: memberReference('owner_id'),
    title: text('title').notNull(),
    /** Also the image's text alternative. */
    description: text('description').notNull().default(''),
    imageKey: text('image_key').notNull(),
    /** Set when a moderator hid it: then only its author sees it (administrators, in the moderation queue). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    ...contentWarningColumns(),
    helperId: helperReference('helper_id'),
    createdAt: timeOfInsert('created_at'),
    updatedAt: timeOfInsert('updated_at'),
  },
  (table) => [
    helperIndex('gallery_images', table.helperId),
    index('gallery_images_owner_idx').on(table.ownerId, table.createdAt, table.id),
    contentWarningKindCheck('gallery_images', table.contentWarningKind),
  ],
);
