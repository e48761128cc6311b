// `npm run typecheck`: every TypeScript project, strict, checking again only what changed since the
// last run. tsc -b builds packages/domain and packages/locales (their declarations, under
// node_modules/.cache/tsc) before the apps that reference them, and skips a project whose files and
// references are as it last checked them; e2e goes through `tsc -p` because it imports the apps'
// sources, which tsc -b's quick check does not look at (e2e/tsconfig.json).
//
// Neither looks for changes inside node_modules, so the cache is dropped when package-lock.json or
// the TypeScript version differs from the last run's. `npm ci` removes it anyway, with node_modules:
// a fresh checkout always checks everything.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const cache = 'node_modules/.cache/tsc';
const stampFile = join(cache, 'installed-packages');
const typescript = createRequire(import.meta.url)('typescript/package.json').version;
const stamp = `typescript ${typescript}, package-lock.json ${createHash('sha256')
  .update(readFileSync('package-lock.json'))
  .digest('hex')}\n`;
if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp) {
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  writeFileSync(stampFile, stamp);
}

const tsc = (args) =>
  spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', ...args], { stdio: 'inherit' }).status ===
  0;
// Both run even when the first fails, so one run lists every error.
const built = tsc(['-b', 'apps/api', 'apps/web', 'apps/web/src/service-worker', 'tsconfig.json']);
const e2e = tsc(['-p', 'e2e']);
process.exit(built && e2e ? 0 : 1);
