import { sql, type AnyColumn } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { galleryImages, posts, type ContentKind } from '../../db/schema';

export { CONTENT_KINDS, type ContentKind } from '../../db/schema';

/**
 * Where each kind of content lives, for the readers that need the content row itself
 * (moderation's queue and hiding, the data export): its table and the columns that mean the same
 * thing in each. Likes and comments need none of it: they are named by kind and id alone.
 */
export const CONTENT_SOURCES = {
  post: {
    table: posts,
    id: posts.id,
    owner: posts.authorId,
    hiddenAt: posts.hiddenAt,
    title: posts.title,
    text: posts.text,
    imageKey: posts.imageKey,
    imageAlt: posts.imageAlt,
    createdAt: posts.createdAt,
    updatedAt: posts.updatedAt,
    /** How a comment's parent is named to moderators: its title, or its opening words. */
    label: sql<string>`coalesce(${posts.title}, left(${posts.text}, 120))`,
  },
  gallery_image: {
    table: galleryImages,
    id: galleryImages.id,
    owner: galleryImages.ownerId,
    hiddenAt: galleryImages.hiddenAt,
    title: galleryImages.title,
    // An image's description is both its text and its text alternative.
    text: galleryImages.description,
    imageKey: galleryImages.imageKey,
    imageAlt: galleryImages.description,
    createdAt: galleryImages.createdAt,
    updatedAt: galleryImages.updatedAt,
    label: sql<string>`${galleryImages.title}`,
  },
} as const satisfies Record<
  ContentKind,
  {
    table: PgTable;
    id: AnyPgColumn;
    owner: AnyPgColumn;
    hiddenAt: AnyPgColumn;
    title: AnyPgColumn;
    text: AnyPgColumn;
    imageKey: AnyPgColumn;
    imageAlt: AnyPgColumn;
    createdAt: AnyPgColumn;
    updatedAt: AnyPgColumn;
    label: ReturnType<typeof sql>;
  }
>;

/**
 * A column of a content source read as it is stored (bigint ids as numbers, timestamps as dates),
 * typed for the shape every kind shares.
 */
export const sourceColumn = <T>(source: AnyColumn) =>
  sql<T>`${source}`.mapWith((value: unknown) => source.mapFromDriverValue(value) as T);
