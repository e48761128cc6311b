import { rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Every file of a member is stored under `users/<id>/`, so deleting an
 * account removes all of them at once. Local disk by default (DATA_DIR/media).
 */
export type MediaStore = {
  /** Removes every file of a member; succeeds when there is nothing to remove. */
  deleteOwnerFiles(userId: number): Promise<void>;
  ownerPrefix(userId: number): string;
};

export function createLocalMediaStore(root: string): MediaStore {
  return {
    ownerPrefix: (userId) => `users/${userId}/`,
    async deleteOwnerFiles(userId) {
      await rm(path.join(root, 'users', String(userId)), { recursive: true, force: true });
    },
  };
}
