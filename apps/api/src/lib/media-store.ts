import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';

export type StoredMedia = { body: Readable; contentType: string; length: number | undefined };

/**
 * Where uploaded files live. Every file of a member is stored under `users/<id>/` with a random
 * name, so deleting an account removes all of them at once and a URL reveals nothing. Local disk
 * (DATA_DIR/media, served at /media/) by default.
 */
export type MediaStore = {
  /** Stores a file for a member; returns its key (`users/<id>/<uuid>.<ext>`). */
  save(userId: number, data: Buffer, extension: string): Promise<string>;
  /** Removes one file; succeeds when it is already gone. */
  remove(key: string): Promise<void>;
  /** Removes every file of a member; succeeds when there is nothing to remove. */
  deleteOwnerFiles(userId: number): Promise<void>;
  /**
   * Stores a file the platform itself produces (the word cloud) under a fixed name, replacing
   * the previous one; returns its key (`app/<name>`).
   */
  saveAppFile(name: string, data: Buffer): Promise<string>;
  /** Reads a stored file, for serving it; undefined when there is none. */
  open(key: string): Promise<StoredMedia | undefined>;
  /** The address the browser loads the file from. */
  publicUrl(key: string): string;
};

const KEY_PATTERN = /^(users\/\d+\/[0-9a-f-]{36}|app\/[a-z0-9-]+)\.[a-z0-9]{2,5}$/;
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png' };

/** Keys this platform makes: a member's file or one of its own; never a path of someone's choosing. */
export const isMediaKey = (key: string) => KEY_PATTERN.test(key);

export function createLocalMediaStore(root: string): MediaStore {
  // Keys come from this store, but a corrupted row must never make rm() leave the media folder.
  const resolve = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`not a media key: ${key}`);
    return path.join(root, key);
  };
  return {
    async save(userId, data, extension) {
      const key = `users/${userId}/${randomUUID()}.${extension}`;
      await mkdir(path.dirname(resolve(key)), { recursive: true });
      await writeFile(resolve(key), data);
      return key;
    },
    async saveAppFile(name, data) {
      const key = `app/${name}`;
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed: a browser loading the file never gets half of it.
      await writeFile(`${file}.tmp`, data);
      await rename(`${file}.tmp`, file);
      return key;
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async deleteOwnerFiles(userId) {
      await rm(path.join(root, 'users', String(userId)), { recursive: true, force: true });
    },
    async open(key) {
      if (!isMediaKey(key)) return undefined;
      try {
        const { size } = await stat(resolve(key));
        const extension = key.split('.').pop() ?? '';
        return {
          body: createReadStream(resolve(key)),
          contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
          length: size,
        };
      } catch {
        return undefined;
      }
    },
    publicUrl: (key) => `/media/${key}`,
  };
}
