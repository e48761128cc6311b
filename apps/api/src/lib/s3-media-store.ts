import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { isMediaKey, memberFileKey, privateKeyOf, type MediaStore, type StoredMedia } from './media-store';

export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  json: 'application/json',
};
const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';

/**
 * The media store on any S3-compatible object store (AWS S3, MinIO, Ceph, Scaleway…), so several
 * API instances share the same files. The objects stay private: the API streams them at the same
 * `/media/…` addresses as the local store, so nothing else changes when an operator switches, and
 * the friends-only files (`users/<id>/private/`) get the same signed-address check as on disk.
 * The bucket must therefore never be readable by the public (no public-read ACL or policy).
 */
export function createS3MediaStore(settings: S3Settings): MediaStore & { close(): void } {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    // Path-style addressing (endpoint/bucket/key) works with every S3-compatible server.
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const put = async (key: string, data: Buffer) => {
    await client.send(
      new PutObjectCommand({
        Bucket: settings.bucket,
        Key: key,
        Body: data,
        ContentType: contentTypeOf(key),
      }),
    );
    return key;
  };
  const checked = (key: string) => {
    if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
    return key;
  };

  return {
    save: (userId, data, extension, access = 'public') =>
      put(memberFileKey(userId, `${randomUUID()}.${extension}`, access), data),
    async copyToPrivate(key) {
      const target = privateKeyOf(key);
      await client.send(
        new CopyObjectCommand({
          Bucket: settings.bucket,
          Key: target,
          // CopySource is "bucket/key", URL-encoded; keys here are [a-z0-9/.-] only.
          CopySource: `${settings.bucket}/${checked(key)}`,
        }),
      );
      return target;
    },
    saveAppFile: (name, data) => put(checked(`app/${name}`), data),
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: checked(key) }));
    },
    async deleteOwnerFiles(userId) {
      const prefix = `users/${userId}/`;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: prefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0)
          await client.send(
            new DeleteObjectsCommand({ Bucket: settings.bucket, Delete: { Objects: keys, Quiet: true } }),
          );
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async open(key): Promise<StoredMedia | undefined> {
      if (!isMediaKey(key)) return undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        if (!object.Body) return undefined;
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? contentTypeOf(key),
          length: object.ContentLength,
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NotFound') return undefined;
        throw error;
      }
    },
    publicUrl: (key) => `/media/${key}`,
    close: () => client.destroy(),
  };
}
