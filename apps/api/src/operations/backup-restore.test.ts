import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Post } from '@juntos/domain';
import {
  completeProfile,
  createMemberWithProfile,
  imageFile,
  putProfile,
  sendForm,
} from '../test-support/profiles';
import { createTestApp } from '../test-support/test-app';

const scripts = fileURLToPath(new URL('../../../../scripts/', import.meta.url));
const serverUrl = process.env.DATABASE_URL;
const hasTools = (() => {
  try {
    execFileSync('pg_dump', ['--version']);
    execFileSync('psql', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

/** Runs SQL on the server's maintenance database (creating and dropping the test's own). */
function onServer(sql: string) {
  const maintenance = new URL(serverUrl ?? '');
  maintenance.pathname = '/postgres';
  execFileSync('psql', [maintenance.toString(), '-qc', sql]);
}

/**
 * The procedure of docs/operations.md "Backups", run for real: back up, wipe the database and the
 * media, restore, and the data is back. Needs PostgreSQL (CI's second integration run sets
 * DATABASE_URL) and its client tools; PGlite is backed up by copying DATA_DIR.
 */
describe.skipIf(!serverUrl || !hasTools)('backup and restore with PostgreSQL', () => {
  it('backs up, wipes, restores: members, posts and photos are back', async () => {
    const database = `juntos_backup_${Date.now()}_${process.pid}`;
    const databaseUrl = new URL(serverUrl ?? '');
    databaseUrl.pathname = `/${database}`;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-backup-data-'));
    const backupRoot = mkdtempSync(path.join(os.tmpdir(), 'juntos-backups-'));
    const env = { ...process.env, DATABASE_URL: databaseUrl.toString(), DATA_DIR: dataDir };
    onServer(`create database ${database}`);
    try {
      const first = await createTestApp({
        DATABASE_URL: databaseUrl.toString(),
        DATA_DIR: dataDir,
        JOBS_SCHEMA: 'jobs',
      });
      const member = await createMemberWithProfile(first.app, { nombre: 'Berta' });
      const saved = await putProfile(
        first.app,
        member.access,
        completeProfile({ nombre: 'Berta' }),
        await imageFile('photo'),
      );
      const photo = saved.json<{ photo: string }>().photo;
      expect(photo).toMatch(/^\/media\//);
      const post = (
        await sendForm(first.app, member.access, 'POST', '/api/posts/', { text: 'Kept through a restore' })
      ).json<Post>();
      await first.cleanup();

      const folder = execFileSync('bash', [path.join(scripts, 'backup.sh'), backupRoot], { env })
        .toString()
        .trim();

      // The disaster: the database and the media are gone.
      onServer(`drop database ${database} with (force)`);
      onServer(`create database ${database}`);
      rmSync(path.join(dataDir, 'media'), { recursive: true, force: true });

      execFileSync('bash', [path.join(scripts, 'restore.sh'), folder], { env });

      const restored = await createTestApp({
        DATABASE_URL: databaseUrl.toString(),
        DATA_DIR: dataDir,
        JOBS_SCHEMA: 'jobs',
      });
      try {
        const login = await restored.app.inject({
          method: 'POST',
          url: '/api/login/',
          payload: { email: member.email, password: member.password },
        });
        expect(login.statusCode).toBe(200);
        const access = login.json<{ access: string }>().access;
        const feed = await restored.app.inject({
          method: 'GET',
          url: '/api/posts/',
          headers: { authorization: `Bearer ${access}` },
        });
        expect(feed.json<{ results: Post[] }>().results.map((item) => item.text)).toContain(post.text);
        const image = await restored.app.inject({ method: 'GET', url: photo });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/webp');
      } finally {
        await restored.cleanup();
      }

      // Rolling back an upgrade: a table a newer version added (referencing users) is in the way
      // of a plain --clean restore; the restore replaces the whole schema instead.
      const newer = new URL(databaseUrl.toString());
      execFileSync('psql', [
        newer.toString(),
        '-qc',
        'create table from_a_newer_version (user_id bigint references users(id)); insert into from_a_newer_version select id from users',
      ]);
      execFileSync('bash', [path.join(scripts, 'restore.sh'), folder], { env });
      const tables = execFileSync('psql', [
        newer.toString(),
        '-tAc',
        "select count(*) from information_schema.tables where table_name = 'from_a_newer_version'",
      ]);
      expect(tables.toString().trim()).toBe('0');
      const members = execFileSync('psql', [newer.toString(), '-tAc', 'select count(*) from users']);
      expect(Number(members.toString().trim())).toBe(1);
    } finally {
      onServer(`drop database if exists ${database} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(backupRoot, { recursive: true, force: true });
    }
  });
});
