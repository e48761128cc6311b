// Builds the API server into apps/api/dist/ with esbuild: what `npm start` runs in production, so
// no TypeScript loader works at run time (issue 19). `npm run dev` and the tests keep running the
// sources through tsx. See docs/decisions/0015-compiled-server.md.
//
//   node scripts/build-api.mjs             build now
//   node scripts/build-api.mjs --if-stale  build only when a source of the bundle changed since
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiRoot = path.join(root, 'apps/api');
export const API_DIST = path.join(apiRoot, 'dist');
export const API_BUNDLE = path.join(API_DIST, 'server.js');
/** What the last build read: its inputs decide whether the bundle is stale. */
const BUILD_INFO = path.join(API_DIST, 'build-info.json');

/**
 * Every output lands directly in dist/ (no sub-folders, chunks included): the rewrite of
 * `import.meta.url` below relies on each bundled line running from that one folder.
 */
const ENTRIES = {
  server: 'src/server.ts',
  // Operators run the same compiled code for their routine tasks (docs/operations.md).
  migrate: 'src/cli/migrate.ts',
  retention: 'src/cli/retention.ts',
  'create-admin': 'src/cli/create-admin.ts',
};

/** Files that change the bundle without being one of its inputs. */
const BUILD_SETTINGS = [
  fileURLToPath(import.meta.url),
  path.join(apiRoot, 'package.json'),
  path.join(apiRoot, 'tsconfig.json'),
  path.join(root, 'tsconfig.base.json'),
];

/**
 * Third-party packages stay in node_modules, imported at run time as they are: native addons
 * (argon2, sharp, @napi-rs/canvas), PGlite's WebAssembly and data files, optional peers (pg-native)
 * must not be bundled, and leaving all of them out keeps the rule simple. Two exceptions: the
 * workspace packages (@juntos/*), which are TypeScript sources Node cannot run; and a package whose
 * entry is a JSON file (disposable-email-domains), which Node's ESM loader refuses to import without
 * an import attribute.
 */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving' || args.path.startsWith('@juntos/')) return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'resolving',
      });
      if (resolved.errors.length === 0 && resolved.path.endsWith('.json')) return resolved;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Sources find their files next to themselves (migrations, server locales, the directory seed,
 * packages/locales): `path.dirname(fileURLToPath(import.meta.url))`. In the bundle every module
 * would see dist/server.js instead, so each source's `import.meta.url` is rewritten to its own
 * file's URL, computed at run time relative to the bundle. The same code then reads the same files
 * under tsx and compiled, and the checkout may move without a rebuild.
 */
const sourceLocation = {
  name: 'source-location',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = path.relative(API_DIST, args.path).split(path.sep).join('/');
      const own = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', own), loader: 'ts' };
    });
  },
};

function modifiedAt(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY; // a vanished input: its importer changed too, rebuild
  }
}

/** Why the bundle must be (re)built, or undefined when it is up to date. */
export function staleReason() {
  if (!existsSync(BUILD_INFO) || !existsSync(API_BUNDLE)) return 'missing';
  let info;
  try {
    info = JSON.parse(readFileSync(BUILD_INFO, 'utf8'));
  } catch {
    return 'missing';
  }
  const entries = Object.keys(ENTRIES).map((name) => path.join(API_DIST, `${name}.js`));
  if (entries.some((file) => !existsSync(file))) return 'missing';
  const inputs = [...info.inputs.map((input) => path.join(root, input)), ...BUILD_SETTINGS];
  const changed = inputs.find((input) => modifiedAt(input) > info.startedAt);
  return changed ? `${path.relative(root, changed)} changed` : undefined;
}

export async function buildApi() {
  // esbuild is the API's dependency, resolved from there; loaded here so that a staleness check
  // alone costs no esbuild start.
  const esbuild = createRequire(path.join(apiRoot, 'package.json'))('esbuild');
  // Inputs are compared with the moment the build began: one saved during the build is newer.
  const startedAt = Date.now();
  // Built beside dist/ (same depth, so the same relative URLs) and swapped in whole: a server
  // starting meanwhile never loads half a build, and two builds at once (parallel tests) do not
  // mix their chunks. Removing the old folder also drops the previous build's hashed chunks.
  const staging = path.join(apiRoot, `.dist-${process.pid}-${startedAt}`);
  try {
    const result = await esbuild.build({
      absWorkingDir: apiRoot,
      entryPoints: ENTRIES,
      outdir: staging,
      entryNames: '[name]',
      chunkNames: 'chunk-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      // Stack traces name the .ts lines: npm start runs Node with --enable-source-maps.
      sourcemap: 'linked',
      sourcesContent: false,
      metafile: true,
      logLevel: 'warning',
      plugins: [externalPackages, sourceLocation],
    });
    const inputs = Object.keys(result.metafile.inputs)
      .map((input) => path.relative(root, path.resolve(apiRoot, input)))
      .filter((input) => !input.split(path.sep).includes('node_modules'));
    writeFileSync(
      path.join(staging, path.basename(BUILD_INFO)),
      `${JSON.stringify({ startedAt, inputs }, null, 1)}\n`,
    );
    rmSync(API_DIST, { recursive: true, force: true });
    try {
      renameSync(staging, API_DIST);
    } catch (error) {
      // Another build swapped its own in first: it read the same sources.
      if (!['ENOTEMPTY', 'EEXIST'].includes(error.code)) throw error;
    }
    return { milliseconds: Date.now() - startedAt, inputs: inputs.length };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Builds when the bundle is missing or older than one of its sources; says why on stdout. */
export async function buildApiIfStale() {
  const reason = staleReason();
  if (!reason) return false;
  console.log(reason === 'missing' ? 'Building the API server…' : `Building the API server (${reason})…`);
  await buildApi();
  return true;
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  if (process.argv.includes('--if-stale')) {
    await buildApiIfStale();
  } else {
    const { milliseconds, inputs } = await buildApi();
    console.log(
      `API server built in ${milliseconds} ms from ${inputs} sources: ${path.relative(root, API_BUNDLE)}`,
    );
  }
}
