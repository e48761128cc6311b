import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalMediaStore, isPrivateMediaKey } from './media-store';

describe('local media store', () => {
  it('saves under the member folder with a random name, removes one file or all of a member', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'juntos-media-'));
    const store = createLocalMediaStore(root);
    const first = await store.save(7, Buffer.from('one'), 'webp');
    const second = await store.save(7, Buffer.from('two'), 'webp');
    const other = await store.save(8, Buffer.from('three'), 'webp');
    expect(first).toMatch(/^users\/7\/[0-9a-f-]{36}\.webp$/);
    expect(first).not.toBe(second);
    expect(readFileSync(path.join(root, first), 'utf8')).toBe('one');
    expect(store.publicUrl(first)).toBe(`/media/${first}`);

    await store.remove(first);
    expect(existsSync(path.join(root, first))).toBe(false);
    await store.remove(first);

    // Friends-only files: a private key, or a public one copied under the same name.
    const hidden = await store.save(7, Buffer.from('private'), 'webp', 'private');
    expect(hidden).toMatch(/^users\/7\/private\/[0-9a-f-]{36}\.webp$/);
    expect(isPrivateMediaKey(hidden)).toBe(true);
    expect(isPrivateMediaKey(second)).toBe(false);
    const copied = await store.copyToPrivate(second);
    expect(copied).toBe(second.replace('users/7/', 'users/7/private/'));
    expect(readFileSync(path.join(root, copied), 'utf8')).toBe('two');
    await expect(store.copyToPrivate(hidden)).rejects.toThrow('not a public member file');

    await store.deleteOwnerFiles(7);
    expect(existsSync(path.join(root, 'users', '7'))).toBe(false);
    expect(existsSync(path.join(root, other))).toBe(true);
  });

  it('refuses keys that could reach outside the media folder', async () => {
    const store = createLocalMediaStore(mkdtempSync(path.join(os.tmpdir(), 'juntos-media-')));
    await expect(store.remove('../../etc/passwd')).rejects.toThrow('not a media key');
  });
});
