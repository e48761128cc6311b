import path from 'node:path';
import { buffer as streamToBuffer } from 'node:stream/consumers';
import { zip, type AsyncZippable } from 'fflate';
import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS, type Language, RETENTION_DAYS } from '@juntos/domain';
import { translate } from '../../i18n/messages';
import { notFound } from '../../lib/app-error';
import type { RateLimits } from '../../lib/rate-limiter';
import type { MediaStore } from '../../lib/media-store';
import type { DataExportRepository, ExportedRow, ExportedTable } from './data-export.repository';
import { fileColumnsOf, rowName, tableDocument, withheldDocument, withoutSecrets } from './archive-layout';
import { summaryHtml } from './summary-html';

/** How long a prepared copy stays available; the retention job deletes it after that. */
export const EXPORT_KEPT_DAYS = RETENTION_DAYS.exportArchive;
/** A copy still "preparing" after this long was left by an instance that stopped. */
export const EXPORT_STALE_MS = 15 * 60 * 1000;
/** Copies a member may ask for per day (each one reads all their pictures). */
export const EXPORTS_PER_DAY = 5;
/** Copies prepared at once by one instance; others wait their turn. */
const CONCURRENT_BUILDS = 2;

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/**
 * A member's copy of their data (GDPR Art. 15, 20): a ZIP with one JSON file per table of the
 * personal-data catalogue, their pictures and a summary page (layout: docs/data-export.md). It is always prepared in the background (quick for most accounts, minutes for
 * large ones): the member is told by a notice when it is ready, and downloads it from their
 * profile.
 */
export function createDataExportService(deps: {
  repository: DataExportRepository;
  mediaStore: MediaStore;
  notify: (userId: number) => Promise<void>;
  log: FastifyBaseLogger;
  rateLimits: RateLimits;
  /** The platform's name (OPERATOR_NAME), as the copy's README and summary call it. */
  productName: string;
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

  /**
   * The row with each media key replaced by the file's place in the archive
   * (`files/<table>/<row>.<ext>`), the file added; pictures are already compressed (WebP), so
   * they are stored as they are. A key whose file is gone becomes null.
   */
  async function withFiles(
    files: AsyncZippable,
    exported: ExportedTable,
    row: ExportedRow,
    position: number,
  ) {
    const columns = fileColumnsOf(exported.table);
    if (columns.length === 0) return row;
    const placed = { ...row };
    for (const column of columns) {
      const key = placed[column];
      if (typeof key !== 'string') continue;
      const stored = await mediaStore.open(key);
      const suffix = columns.length > 1 ? `-${column}` : '';
      const name = `files/${exported.table}/${rowName(exported, row, position)}${suffix}${path.extname(key) || '.webp'}`;
      if (stored) files[name] = [new Uint8Array(await streamToBuffer(stored.body)), { level: 0 }];
      placed[column] = stored ? name : null;
    }
    return placed;
  }

  async function archiveOf(collected: ExportedTable[], language: Language) {
    const files: AsyncZippable = {};
    const preparedAt = new Date();
    // Redacted once, before anything reads the rows: the JSON and the summary alike, so a field
    // the summary shows one day can never bring a secret with it.
    const tables = collected.map((exported) => ({
      ...exported,
      rows: exported.rows.map((row) => withoutSecrets(exported.table, row)),
    }));
    for (const exported of tables) {
      const rows: ExportedRow[] = [];
      for (const [position, row] of exported.rows.entries())
        rows.push(await withFiles(files, exported, row, position));
      files[`data/${exported.table}.json`] = json(tableDocument(exported, rows));
    }
    files['data/withheld.json'] = json(withheldDocument(tables));
    files['summary.html'] = new TextEncoder().encode(
      summaryHtml({ tables, language, preparedAt, productName: deps.productName }),
    );
    files['README.txt'] = new TextEncoder().encode(
      `${translate(language, 'export.readme', { date: preparedAt.toISOString().slice(0, 10), product: deps.productName })}\n`,
    );
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
    // Left "preparing" by an instance that stopped: shown as failed until the retention job marks it so.
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

  return {
    /** Read every two seconds while a copy is prepared: one indexed read, nothing written. */
    async latest(userId: number) {
      const row = await repository.latest(userId, keptSince());
      return row ? present(row) : null;
    },

    /** One copy at a time: asking while one is being prepared answers that one. */
    async request(userId: number, language: Language) {
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
