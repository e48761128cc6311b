import { and, desc, eq, notLike } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { galleryImages } from '../../db/schema';
import { visibleTo } from '../../db/visibility';
import { createEngagementRepository } from '../engagement';

export type GalleryRow = Awaited<ReturnType<ReturnType<typeof createGalleryRepository>['imagesOf']>>[number];

/**
 * Data access of galleries: a list is one statement (counts and the viewer's like inside it).
 * Likes and comments are the engagement module's, shared with every kind of content.
 */
export function createGalleryRepository(db: Database) {
  const engagement = createEngagementRepository(db);

  const listed = (viewerId: number) => ({
    id: galleryImages.id,
    ownerId: galleryImages.ownerId,
    title: galleryImages.title,
    description: galleryImages.description,
    imageKey: galleryImages.imageKey,
    hiddenAt: galleryImages.hiddenAt,
    contentWarningKind: galleryImages.contentWarningKind,
    contentWarningText: galleryImages.contentWarningText,
    helperId: galleryImages.helperId,
    createdAt: galleryImages.createdAt,
    ...engagement.counts('gallery_image', viewerId, galleryImages.id),
  });

  return {
    imagesOf: (viewerId: number, ownerId: number, limit: number, offset: number) =>
      db
        .select(listed(viewerId))
        .from(galleryImages)
        .where(
          and(
            eq(galleryImages.ownerId, ownerId),
            visibleTo(viewerId, galleryImages.ownerId, galleryImages.hiddenAt),
          ),
        )
        .orderBy(desc(galleryImages.createdAt), desc(galleryImages.id))
        .limit(limit)
        .offset(offset),

    async one(viewerId: number, imageId: number) {
      const [row] = await db
        .select(listed(viewerId))
        .from(galleryImages)
        .where(eq(galleryImages.id, imageId))
        .limit(1);
      return row;
    },

    /** An image by id whatever its visibility (the service applies the rules). */
    async find(imageId: number) {
      const [row] = await db.select().from(galleryImages).where(eq(galleryImages.id, imageId)).limit(1);
      return row;
    },

    async create(values: typeof galleryImages.$inferInsert) {
      const [row] = await db.insert(galleryImages).values(values).returning({ id: galleryImages.id });
      if (!row) throw new Error('insert returned nothing');
      return row.id;
    },

    update: (imageId: number, values: Partial<typeof galleryImages.$inferInsert>) =>
      db
        .update(galleryImages)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(galleryImages.id, imageId)),

    remove: (imageId: number) => db.delete(galleryImages).where(eq(galleryImages.id, imageId)),

    /** Images whose file still lies outside the private folder (stored before it existed). */
    legacyImageKeys: () =>
      db
        .select({ id: galleryImages.id, imageKey: galleryImages.imageKey })
        .from(galleryImages)
        .where(notLike(galleryImages.imageKey, 'users/%/private/%')),

    /** Points an image at a new file, only if it still names the old one; true when it did. */
    async replaceImageKey(imageId: number, oldKey: string, newKey: string) {
      const changed = await db
        .update(galleryImages)
        .set({ imageKey: newKey })
        .where(and(eq(galleryImages.id, imageId), eq(galleryImages.imageKey, oldKey)))
        .returning({ id: galleryImages.id });
      return changed.length > 0;
    },

    async usesImageKey(imageKey: string) {
      const [row] = await db
        .select({ id: galleryImages.id })
        .from(galleryImages)
        .where(eq(galleryImages.imageKey, imageKey))
        .limit(1);
      return row !== undefined;
    },

    engagement,
  };
}

export type GalleryRepository = ReturnType<typeof createGalleryRepository>;
