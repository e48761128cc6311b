// `npm start`: builds the web app and the API server when their builds are missing or older than
// their sources, then runs the compiled server (no TypeScript loader) on http://localhost:8000
// (PORT) with the embedded defaults.
//
// `--no-web-build` leaves apps/web/dist as it is (built on another machine, or not needed: the
// test that checks this process list serves no page).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BUNDLE, buildApiIfStale } from './build-api.mjs';
import { SERVER_NODE_OPTIONS } from './server-node-options.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/static',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/domain/src',
].map((entry) => path.join(root, entry));

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    0,
  );
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (!process.argv.includes('--no-web-build') && builtAt < Math.max(...webSources.map(newestChange))) {
  console.log(builtAt ? 'The web app changed since its last build: building it…' : 'Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@juntos/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

try {
  await buildApiIfStale();
} catch (error) {
  // esbuild has already printed the source location of each error.
  console.error(`The API server did not build: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, API_BUNDLE], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// The server handles SIGTERM/SIGINT itself (graceful shutdown); pass them on and mirror its exit.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
