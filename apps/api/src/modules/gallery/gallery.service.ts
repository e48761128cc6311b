import {
  GalleryFormSchema,
  GalleryPatchSchema,
  type CommentForm,
  type GalleryComment,
  type GalleryImage,
} from '@juntos/domain';
import { AppError, notFound } from '../../lib/app-error';
import { writtenBy, writtenWithHelpFor } from '../../db/acting-viewer';
import { storedWarning, warningColumns } from '../../lib/content-warning';
import type { ImagePipeline } from '../../lib/images';
import type { MediaStore } from '../../lib/media-store';
import type { PrivateMedia } from '../../lib/private-media';
import type { MultipartForm } from '../../lib/multipart-form';
import { createStoredImages } from '../../lib/stored-image';
import { createEngagementService, type CommentRow } from '../engagement';
import type { Notify } from '../notifications';
import type { FriendshipsRepository } from '../friendships';
import type { GalleryRepository, GalleryRow } from './gallery.repository';

/** The comments an image's details carry (the newest beyond these are still counted). */
const FIRST_COMMENTS = { perContent: 200, keep: 'oldest' } as const;

const presentComment = (row: CommentRow, viewerId: number): GalleryComment => ({
  id: row.id,
  author_id: row.authorId,
  profile_nombre: row.nombre ?? '',
  profile_apellidos: row.apellidos ?? '',
  content: row.text,
  created_at: row.createdAt.toISOString(),
  hidden: row.hiddenAt !== null,
  content_warning: storedWarning(row),
  filter_warning: row.filterWarning,
  written_with_help: writtenWithHelpFor(viewerId, row),
});

const imageRequired = () =>
  new AppError(400, 'validation_failed', 'gallery.errors.image_required', {
    fields: { image: 'gallery.errors.image_required' },
  });

/**
 * Galleries (spec §6): a member's images are seen, liked and commented on by the member and
 * accepted friends only. Anyone else gets 404, as for an image that does not exist, so a
 * gallery's existence is not revealed. Only the owner changes or deletes an image.
 * The picture files are private media: each answer carries addresses signed for its viewer that
 * expire (`lib/private-media.ts`), handed out only after the access check above.
 */
export function createGalleryService(deps: {
  repository: GalleryRepository;
  friendships: FriendshipsRepository;
  mediaStore: MediaStore;
  images: ImagePipeline;
  privateMedia: PrivateMedia;
  notify: Notify;
}) {
  const { repository, friendships, mediaStore, privateMedia } = deps;
  const hidden = () => notFound('errors.image_not_found');
  const storedImages = createStoredImages(deps, 'private');

  const canSee = async (viewerId: number, ownerId: number) =>
    viewerId === ownerId || (await friendships.areFriends(viewerId, ownerId));

  // Only call after the viewer's access check: the signed address is the permission itself.
  const present = (viewerId: number, row: GalleryRow): GalleryImage => ({
    id: row.id,
    owner_id: row.ownerId,
    title: row.title,
    description: row.description,
    image_url: privateMedia.urlFor(row.imageKey, viewerId),
    created_at: row.createdAt.toISOString(),
    likes: row.likes,
    liked_by_user: row.liked,
    comments_count: row.comments,
    hidden: row.hiddenAt !== null,
    content_warning: storedWarning(row),
    written_with_help: writtenWithHelpFor(viewerId, { authorId: row.ownerId, helperId: row.helperId }),
  });

  async function visible(viewerId: number, imageId: number) {
    const image = await repository.find(imageId);
    if (!image || !(await canSee(viewerId, image.ownerId))) throw hidden();
    // Moderation: a hidden image is its owner's alone. (A suspended owner is no one's friend any
    // more: `canSee` goes through the safeguarding rule.)
    if (image.ownerId !== viewerId && image.hiddenAt) throw hidden();
    return image;
  }

  const engagement = createEngagementService(
    repository.engagement,
    'gallery_image',
    visible,
    async (action, actorId, image, words) =>
      deps.notify({
        userId: image.ownerId,
        kind: action,
        actorId,
        words,
        groupKey: `${action}:gallery_image:${image.id}`,
        subject: { type: 'gallery_image', id: image.id },
      }),
  );

  async function owned(viewerId: number, imageId: number) {
    const image = await visible(viewerId, imageId);
    if (image.ownerId !== viewerId) throw new AppError(403, 'not_owner', 'errors.not_owner');
    return image;
  }

  async function details(viewerId: number, imageId: number) {
    const row = await repository.one(viewerId, imageId);
    if (!row) throw hidden();
    const comments = await engagement.commentsOf(viewerId, [imageId], FIRST_COMMENTS);
    return {
      ...present(viewerId, row),
      comments: comments.map((comment) => presentComment(comment, viewerId)),
    };
  }

  return {
    async list(viewerId: number, ownerId: number, limit: number, offset: number) {
      if (!(await canSee(viewerId, ownerId))) throw hidden();
      const rows = await repository.imagesOf(viewerId, ownerId, limit + 1, offset);
      return {
        images: rows.slice(0, limit).map((row) => present(viewerId, row)),
        more: rows.length > limit,
      };
    },

    async details(viewerId: number, imageId: number) {
      await visible(viewerId, imageId);
      return details(viewerId, imageId);
    },

    async create(userId: number, form: MultipartForm) {
      const input = GalleryFormSchema.parse(form.fields);
      if (!form.file) throw imageRequired();
      return storedImages.storeThen(userId, form.file, async (imageKey) => {
        if (!imageKey) throw imageRequired();
        const id = await repository.create({
          ownerId: userId,
          title: input.title,
          description: input.description,
          imageKey,
          ...warningColumns(input),
          ...writtenBy(userId),
        });
        return details(userId, id);
      });
    },

    async update(userId: number, imageId: number, form: MultipartForm) {
      const current = await owned(userId, imageId);
      const input = GalleryPatchSchema.parse(form.fields);
      const newKey = await storedImages.storeThen(userId, form.file, async (imageKey) => {
        await repository.update(imageId, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          // Sent with the form's other fields: an empty kind removes the warning.
          ...('content_warning' in form.fields ? warningColumns(input) : {}),
          ...(imageKey ? { imageKey } : {}),
          ...writtenBy(userId),
        });
        return imageKey;
      });
      if (newKey) await mediaStore.remove(current.imageKey);
      return details(userId, imageId);
    },

    async remove(userId: number, imageId: number) {
      const image = await owned(userId, imageId);
      await repository.remove(imageId);
      await mediaStore.remove(image.imageKey);
    },

    toggleLike: engagement.toggleLike,

    async comment(userId: number, imageId: number, form: CommentForm): Promise<GalleryComment> {
      return presentComment(await engagement.comment(userId, imageId, form), userId);
    },

    async comments(userId: number, imageId: number) {
      return (await engagement.comments(userId, imageId, FIRST_COMMENTS)).map((comment) =>
        presentComment(comment, userId),
      );
    },

    /**
     * Moves pictures stored before gallery files became private (`users/<id>/<uuid>.webp`) to the
     * private folder: copy, point the row at the copy, then remove the public file, so the picture
     * is never missing. The row only changes while it still names the old file, so instances
     * starting together, or an owner replacing the picture meanwhile, cannot lose a file.
     * `signal` stops it between two pictures (shutdown); the rest are moved at the next start.
     */
    async moveLegacyImagesToPrivate(
      log: { warn: (details: object, message: string) => void },
      signal?: AbortSignal,
    ) {
      let moved = 0;
      for (const { id, imageKey } of await repository.legacyImageKeys()) {
        if (signal?.aborted) break;
        try {
          const privateKey = await mediaStore.copyToPrivate(imageKey);
          if (await repository.replaceImageKey(id, imageKey, privateKey)) {
            await mediaStore.remove(imageKey);
            moved += 1;
          } else if (!(await repository.usesImageKey(privateKey))) {
            await mediaStore.remove(privateKey);
          }
        } catch (error) {
          // A file already moved by another instance, or lost: the next start looks again.
          log.warn({ err: error, imageId: id }, 'A gallery picture could not be moved to private storage');
        }
      }
      return moved;
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
