import type { ImagePipeline } from './images';
import type { MediaAccess, MediaStore } from './media-store';

/**
 * "Store the picture, write the row that names it, and remove the picture again if the write
 * fails", so a failed write never leaves a file that nothing refers to. Replacing a picture is
 * the caller's last step: the old file is removed only once the new row is written.
 */
export function createStoredImages(
  deps: { mediaStore: MediaStore; images: ImagePipeline },
  /** One access for every file, or the owner's (minors' pictures are private: issue 32). */
  access: MediaAccess | ((userId: number) => Promise<MediaAccess>),
) {
  return {
    /**
     * Processes and stores `file` when there is one, then runs `write` with the stored file's
     * key (undefined without a file) and answers what it answers.
     */
    async storeThen<T>(
      userId: number,
      file: Buffer | undefined,
      write: (imageKey: string | undefined) => Promise<T>,
    ): Promise<T> {
      const image = file ? await deps.images.process(userId, file, 'image') : undefined;
      const imageKey = image
        ? await deps.mediaStore.save(
            userId,
            image.data,
            'webp',
            typeof access === 'function' ? await access(userId) : access,
          )
        : undefined;
      try {
        return await write(imageKey);
      } catch (error) {
        if (imageKey) await deps.mediaStore.remove(imageKey);
        throw error;
      }
    },
  };
}

export type StoredImages = ReturnType<typeof createStoredImages>;
