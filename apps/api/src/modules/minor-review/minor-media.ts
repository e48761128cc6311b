import { and, eq, notLike, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  adultsBornOnOrBefore,
  isMinor,
  mayBeMinor,
  member,
  membersWithProfiles,
} from '../../db/safeguarding';
import { posts, profiles } from '../../db/schema';
import type { MediaStore } from '../../lib/media-store';

type Picture = { table: 'profile' | 'post'; id: number; key: string };
type Log = { warn: (details: object, message: string) => void };

/** Where one public picture of a minor is named: a profile's photo or a post's picture. */
function createMinorMediaRepository(db: Database) {
  /** Minors (reviewed or not), or the one member asked for when they are a minor. */
  const minors = (userId?: number): SQL =>
    sql`(select ${member.id} from ${membersWithProfiles} where ${and(
      mayBeMinor,
      isMinor(adultsBornOnOrBefore()),
      userId === undefined ? undefined : eq(member.id, userId),
    )})`;

  return {
    async publicPictures(userId?: number, limit = 500): Promise<Picture[]> {
      const photos = await db
        .select({ id: profiles.userId, key: profiles.photoKey })
        .from(profiles)
        .where(
          and(
            sql`${profiles.userId} in ${minors(userId)}`,
            sql`${profiles.photoKey} is not null`,
            notLike(profiles.photoKey, 'users/%/private/%'),
          ),
        )
        .limit(limit);
      const pictures = await db
        .select({ id: posts.id, key: posts.imageKey })
        .from(posts)
        .where(
          and(
            sql`${posts.authorId} in ${minors(userId)}`,
            sql`${posts.imageKey} is not null`,
            notLike(posts.imageKey, 'users/%/private/%'),
          ),
        )
        .limit(limit);
      return [
        ...photos.map((row) => ({ table: 'profile' as const, id: row.id, key: row.key ?? '' })),
        ...pictures.map((row) => ({ table: 'post' as const, id: row.id, key: row.key ?? '' })),
      ];
    },

    /** Points the row at the new file, only while it still names the old one; true when it did. */
    async replace(picture: Picture, newKey: string) {
      const changed =
        picture.table === 'profile'
          ? await db
              .update(profiles)
              .set({ photoKey: newKey })
              .where(and(eq(profiles.userId, picture.id), eq(profiles.photoKey, picture.key)))
              .returning({ id: profiles.userId })
          : await db
              .update(posts)
              .set({ imageKey: newKey })
              .where(and(eq(posts.id, picture.id), eq(posts.imageKey, picture.key)))
              .returning({ id: posts.id });
      return changed.length > 0;
    },

    async uses(key: string) {
      const [photo] = await db
        .select({ id: profiles.userId })
        .from(profiles)
        .where(eq(profiles.photoKey, key))
        .limit(1);
      if (photo) return true;
      const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.imageKey, key)).limit(1);
      return post !== undefined;
    },
  };
}

/**
 * Minors' pictures are private files (issue 32): new ones are stored so (`mediaAccessFor`), and
 * this moves the ones stored public before, or before an administrator made the member a minor:
 * copy to the private folder, point the row at the copy, then remove the public file, so the
 * picture is never missing and a row changed meanwhile keeps its own file (as the gallery's move).
 * Runs at every start in the background, and for one member when they become a minor.
 */
export function createMinorMedia(deps: { db: Database; mediaStore: MediaStore }) {
  const repository = createMinorMediaRepository(deps.db);
  return {
    async makePrivate(log: Log, options: { userId?: number; signal?: AbortSignal } = {}) {
      let moved = 0;
      for (;;) {
        const batch = await repository.publicPictures(options.userId);
        let movedInBatch = 0;
        for (const picture of batch) {
          if (options.signal?.aborted) return moved;
          try {
            const privateKey = await deps.mediaStore.copyToPrivate(picture.key);
            if (await repository.replace(picture, privateKey)) {
              await deps.mediaStore.remove(picture.key);
              moved += 1;
              movedInBatch += 1;
            } else if (!(await repository.uses(privateKey))) {
              await deps.mediaStore.remove(privateKey);
            }
          } catch (error) {
            // Lost, or moved by another instance: the next start looks again.
            log.warn(
              { err: error, table: picture.table, id: picture.id },
              "A minor's picture could not be made private",
            );
          }
        }
        // A batch that moved nothing would come back the same: stop rather than loop.
        if (batch.length === 0 || movedInBatch === 0) return moved;
      }
    },
  };
}

export type MinorMedia = ReturnType<typeof createMinorMedia>;
