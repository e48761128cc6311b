import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';

export type StoredMedia = { body: Readable; contentType: string; length: number | undefined };

/**
 * Who may load a stored file. `public` files (avatars, post pictures, the word cloud) are served
 * to anyone holding the address and cached for MEDIA_CACHE_SECONDS; `private` files (gallery
 * pictures, seen by friends only) live under `users/<id>/private/` and are served only with a
 * signed, short-lived address (`lib/private-media.ts`).
 */
export type MediaAccess = 'public' | 'private';

/**
 * Where uploaded files live. Every file of a member is stored under `users/<id>/` with a random
 * name, so deleting an account removes all of them at once and a URL reveals nothing. Local disk
 * (DATA_DIR/media, served at /media/) by default.
 */
export type MediaStore = {
  /**
   * Stores a file for a member; returns its key (`users/<id>/<uuid>.<ext>`, or
   * `users/<id>/private/<uuid>.<ext>` for a private file).
   */
  save(userId: number, data: Buffer, extension: string, access?: MediaAccess): Promise<string>;
  /**
   * Copies a public member file to the private folder (same name) and returns the new key; the
   * caller removes the old file once nothing refers to it. Repeating it is harmless.
   */
  copyToPrivate(key: string): Promise<string>;
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
  /** The address the browser loads a public file from (a private one needs `lib/private-media.ts`). */
  publicUrl(key: string): string;
};

const KEY_PATTERN = /^(users\/\d+\/(private\/)?[0-9a-f-]{36}|app\/[a-z0-9-]+)\.[a-z0-9]{2,5}$/;
const PRIVATE_KEY_PATTERN = /^users\/\d+\/private\//;
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png' };

/** Keys this platform makes: a member's file or one of its own; never a path of someone's choosing. */
export const isMediaKey = (key: string) => KEY_PATTERN.test(key);

/** Private files are never served at their bare address. */
export const isPrivateMediaKey = (key: string) => isMediaKey(key) && PRIVATE_KEY_PATTERN.test(key);

/** The key a member file is given by `save`, or by `copyToPrivate` for an existing public file. */
export function memberFileKey(userId: number, name: string, access: MediaAccess) {
  return `users/${userId}/${access === 'private' ? 'private/' : ''}${name}`;
}

/** The private key of a public member file; throws for anything else. */
export function privateKeyOf(key: string) {
  const match = /^users\/(\d+)\/([0-9a-f-]{36}\.[a-z0-9]{2,5})$/.exec(key);
  if (!match?.[1] || !match[2]) throw new Error(`not a public member file: ${key}`);
  return memberFileKey(Number(match[1]), match[2], 'private');
}

export function createLocalMediaStore(root: string): MediaStore {
  // Keys come from this store, but a corrupted row must never make rm() leave the media folder.
  const resolve = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`not a media key: ${key}`);
    return path.join(root, key);
  };
  return {
    async save(userId, data, extension, access = 'public') {
      const key = memberFileKey(userId, `${randomUUID()}.${extension}`, access);
      await mkdir(path.dirname(resolve(key)), { recursive: true });
      await writeFile(resolve(key), data);
      return key;
    },
    async copyToPrivate(key) {
      const target = privateKeyOf(key);
      await mkdir(path.dirname(resolve(target)), { recursive: true });
      await copyFile(resolve(key), resolve(target));
      return target;
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
