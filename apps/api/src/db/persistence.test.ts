import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { appSettings } from './schema';

describe('data survives a restart', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-persist-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('reads after a stop and a new start what was written before', async () => {
    const key = `restart-check-${Date.now()}-${Math.random()}`;
    const first = await createTestApp({ DATA_DIR: dataDir });
    await first.app.database.db.insert(appSettings).values({ key, value: { written: 'before restart' } });
    await first.cleanup();

    const second = await createTestApp({ DATA_DIR: dataDir });
    const rows = await second.app.database.db.select().from(appSettings).where(eq(appSettings.key, key));
    expect(rows[0]?.value).toEqual({ written: 'before restart' });
    await second.app.database.db.delete(appSettings).where(eq(appSettings.key, key));
    await second.cleanup();
  });

  it('applies migrations idempotently on every start', async () => {
    const again = await createTestApp({ DATA_DIR: dataDir });
    await again.app.database.migrate();
    await again.cleanup();
  });
});
