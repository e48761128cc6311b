import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findBrowser } from './find-browser.mjs';

/** Which browser the e2e tests drive, shared with scripts/ensure-browser.mjs. */
describe('findBrowser', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'juntos-browser-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const program = (relative: string, mode = 0o755) => {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '#!/bin/sh\nexit 0\n');
    chmodSync(file, mode);
    return file;
  };
  const missingDefault = { defaultPath: path.join(root, 'usr/bin/chromium'), applications: [] };

  it('takes CHROMIUM_PATH as it is, then the default Chromium', () => {
    const installed = program('default/chromium');
    expect(
      findBrowser({ CHROMIUM_PATH: '/opt/chrome/chrome' }, { defaultPath: installed, applications: [] }),
    ).toBe('/opt/chrome/chrome');
    expect(findBrowser({ PATH: '' }, { defaultPath: installed, applications: [] })).toBe(installed);
  });

  it('without the default Chromium, uses a Chromium or Chrome found on PATH', () => {
    const chrome = program('one/google-chrome');
    const chromium = program('two/chromium-browser');
    program('three/chromium', 0o644);
    const PATH = [path.join(root, 'three'), path.join(root, 'one'), path.join(root, 'two')].join(
      path.delimiter,
    );
    // Not executable files are passed over; Chromium is preferred to Chrome.
    expect(findBrowser({ PATH }, missingDefault)).toBe(chromium);
    expect(findBrowser({ PATH: path.join(root, 'one') }, missingDefault)).toBe(chrome);
  });

  it('finds nothing when there is no browser anywhere', () => {
    expect(findBrowser({ PATH: path.join(root, 'empty') }, missingDefault)).toBeUndefined();
  });
});
