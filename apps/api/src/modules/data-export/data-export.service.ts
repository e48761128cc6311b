import { buffer as streamToBuffer } from 'node:stream/consumers';
import { zip, type AsyncZippable } from 'fflate';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@juntos/domain';
import { translate } from '../../i18n/messages';
import { notFound } from '../../lib/app-error';
import type { RateLimits } from '../../lib/rate-limiter';
import type { MediaStore } from '../../lib/media-store';
import type { DataExportRepository, MemberData } from './data-export.repository';

/** How long a prepared copy stays available. */
export const EXPORT_KEPT_DAYS = 7;
/** A copy still "preparing" after this long was left by an instance that stopped. */
export const EXPORT_STALE_MS = 15 * 60 * 1000;
/** Copies a member may ask for per day (each one reads all their pictures). */
export const EXPORTS_PER_DAY = 5;
/** Copies prepared at once by one instance; others wait their turn. */
const CONCURRENT_BUILDS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/**
 * A member's copy of their data (GDPR Art. 20): a ZIP with one JSON file per kind of record and
 * their pictures. It is always prepared in the background (quick for most accounts, minutes for
 * large ones): the member is told by a notice when it is ready, and downloads it from their
 * profile.
 */
export function createDataExportService(deps: {
  repository: DataExportRepository;
  mediaStore: MediaStore;
  notify: (userId: number) => Promise<void>;
  log: FastifyBaseLogger;
  rateLimits: RateLimits;
}) {
  const { repository, mediaStore } = deps;
  const running = new Set<Promise<void>>();
  const perMember = deps.rateLimits.fixedWindow('data-export', { points: EXPORTS_PER_DAY, windowMs: DAY_MS });
  // A small queue: building a copy holds a member's pictures in memory, so few run together.
  let building = 0;
  const waiting: (() => void)[] = [];
  async function turn<T>(work: () => Promise<T>): Promise<T> {
    if (building >= CONCURRENT_BUILDS) await new Promise<void>((resolve) => waiting.push(resolve));
    building += 1;
    try {
      return await work();
    } finally {
      building -= 1;
      waiting.shift()?.();
    }
  }

  /** Pictures are already compressed (WebP), so they are stored as they are. */
  async function addPicture(files: AsyncZippable, name: string, key: string | null | undefined) {
    if (!key) return undefined;
    const stored = await mediaStore.open(key);
    if (!stored) return undefined;
    files[name] = [new Uint8Array(await streamToBuffer(stored.body)), { level: 0 }];
    return name;
  }

  async function archiveOf(data: MemberData, language: Language) {
    const files: AsyncZippable = {};
    files['README.txt'] = new TextEncoder().encode(
      `${translate(language, 'export.readme', { date: new Date().toISOString().slice(0, 10) })}\n`,
    );
    const { photoKey, ...profile } = data.profile ?? { photoKey: null };
    const photo = await addPicture(files, 'pictures/profile-photo.webp', photoKey);
    files['account.json'] = json({ account: data.account, consents: data.consents });
    files['profile.json'] = json({
      profile: data.profile ? { ...profile, photo } : null,
      functional_profile: data.functionalProfile,
    });
    const postsWithPictures = [];
    for (const { image_key, ...post } of data.posts)
      postsWithPictures.push({
        ...post,
        image: await addPicture(files, `pictures/posts/${post.id}.webp`, image_key),
      });
    files['posts.json'] = json({
      posts: postsWithPictures,
      comments: data.postComments,
      likes: data.postLikes,
    });
    const galleryWithPictures = [];
    for (const { image_key, ...image } of data.gallery)
      galleryWithPictures.push({
        ...image,
        image: await addPicture(files, `pictures/gallery/${image.id}.webp`, image_key),
      });
    files['gallery.json'] = json({
      images: galleryWithPictures,
      comments: data.galleryComments,
      likes: data.galleryLikes,
    });
    files['messages.json'] = json({ messages: data.messages, settings: data.chatSettings });
    files['friends.json'] = json({ friends: data.friends, blocked: data.blocked });
    files['reports-and-notices.json'] = json({ reports_sent: data.reportsSent, notices: data.notices });
    files['monetization.json'] = json(data.monetization);
    return new Promise<Buffer>((resolve, reject) =>
      zip(files, { level: 6 }, (error, result) => (error ? reject(error) : resolve(Buffer.from(result)))),
    );
  }

  async function build(exportId: number, userId: number, language: Language) {
    try {
      const archive = await turn(async () => archiveOf(await repository.collect(userId), language));
      if (await repository.finish(exportId, archive)) await deps.notify(userId);
    } catch (error) {
      deps.log.error({ err: error, exportId }, 'A data export could not be prepared');
      await repository.fail(exportId).catch(() => undefined);
    }
  }

  const keptSince = () => new Date(Date.now() - EXPORT_KEPT_DAYS * DAY_MS);
  const present = (row: NonNullable<Awaited<ReturnType<DataExportRepository['latest']>>>) => ({
    id: row.id,
    // Left "preparing" by an instance that stopped: shown as failed until the next request tidies it.
    status:
      row.status === 'preparing' && row.createdAt.getTime() < Date.now() - EXPORT_STALE_MS
        ? ('failed' as const)
        : row.status,
    size_bytes: row.sizeBytes ?? null,
    created_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: new Date(row.createdAt.getTime() + EXPORT_KEPT_DAYS * DAY_MS).toISOString(),
    download: row.status === 'ready' ? `/api/mis-datos/exportacion/${row.id}/archivo/` : null,
  });

  /** Deletes expired copies and fails abandoned ones; run when a copy is asked for, not on reads. */
  async function tidy() {
    await repository.removeOlderThan(keptSince());
    await repository.failStale(new Date(Date.now() - EXPORT_STALE_MS));
  }

  return {
    /** Read every two seconds while a copy is prepared: one indexed read, nothing written. */
    async latest(userId: number) {
      const row = await repository.latest(userId, keptSince());
      return row ? present(row) : null;
    },

    /** One copy at a time: asking while one is being prepared answers that one. */
    async request(userId: number, language: Language) {
      await tidy();
      const current = await repository.latest(userId, keptSince());
      if (current?.status === 'preparing') return present(current);
      await perMember.hit(String(userId));
      const row = await repository.start(userId);
      if (!row) {
        const started = await repository.latest(userId, keptSince());
        if (started) return present(started);
        throw new Error('no data export after a conflicting start');
      }
      const job = build(row.id, userId, language);
      running.add(job);
      void job.finally(() => running.delete(job));
      return present({ ...row, sizeBytes: null, readyAt: null });
    },

    async archive(userId: number, id: number) {
      const found = await repository.archive(userId, id, keptSince());
      if (!found) throw notFound('export.not_ready');
      return found;
    },

    /** At shutdown: lets exports being prepared finish. */
    async settle() {
      await Promise.allSettled([...running]);
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
