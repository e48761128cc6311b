#!/usr/bin/env node
// `node scripts/with-node.mjs <major> [command ...]`: runs a command with the newest Node.js of one
// release line first on PATH, so that CI can test every supported line (decision 0037) on a machine
// that has only one of them. Without a command it prints the directory holding that `node`.
//
// When the running Node is already of that line, nothing is fetched. Otherwise the binary comes
// from the npm registry, through npm itself (so the registry, proxy and certificate settings of the
// machine apply): the package `node-<platform>-<arch>` carries the official build in `bin/node`.
// The tarball is checked against the sha512 integrity the registry publishes for that version and
// unpacked into a cache under the system's temporary folder (JUNTOS_NODE_CACHE overrides it), so a
// second run needs nothing from the network but the version lookup; when the registry cannot be
// reached, the newest cached build of the line is used, with a warning.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const USAGE = 'usage: node scripts/with-node.mjs <major version, e.g. 22> [command [argument ...]]';
const MARKER = '.juntos-verified';
// Builds of a line not used for this long are removed when a newer build of the line is unpacked
// (one build is 180 MB unpacked); a run that started on the old one a moment ago keeps it.
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;

class Refusal extends Error {}
// Thrown, not exiting on the spot, so that the `finally` of a download removes its scratch folder.
function fail(message) {
  throw new Refusal(message);
}
process.on('uncaughtException', (error) => {
  console.error(`with-node: ${error instanceof Refusal ? error.message : error.stack}`);
  process.exit(1);
});

const [major, ...command] = process.argv.slice(2);
if (!major || !/^\d+$/.test(major)) fail(USAGE);

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const nodeFile = process.platform === 'win32' ? 'node.exe' : 'node';
const osName = { win32: 'win', darwin: 'darwin', linux: 'linux' }[process.platform];
if (!osName) fail(`no Node.js package on the npm registry for the platform ${process.platform}`);
const pkg = `node-${osName}-${process.arch}`;
const cacheRoot = process.env.JUNTOS_NODE_CACHE || join(tmpdir(), 'juntos-node');

function npmRun(args) {
  const result = spawnSync(npm, args, {
    encoding: 'utf8',
    shell: process.platform === 'win32',
    timeout: 5 * 60 * 1000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const ok = result.status === 0;
  return { ok, stdout: result.stdout ?? '', error: (result.stderr || result.error?.message || '').trim() };
}

const byVersion = (a, b) => {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  return pa[0] - pb[0] || pa[1] - pb[1] || pa[2] - pb[2];
};

/** The cached builds of this line, verified and complete, oldest first. */
function cachedBuilds() {
  if (!existsSync(cacheRoot)) return [];
  return readdirSync(cacheRoot)
    .filter((name) => name.startsWith(`${pkg}-${major}.`))
    .map((name) => ({ version: name.slice(pkg.length + 1), dir: join(cacheRoot, name) }))
    .filter(({ version, dir }) => /^\d+\.\d+\.\d+$/.test(version) && existsSync(join(dir, MARKER)))
    .sort((a, b) => byVersion(a.version, b.version));
}

function binDir(dir) {
  // The Windows package has node.exe at its root; the others have bin/node.
  return existsSync(join(dir, 'bin', nodeFile)) ? join(dir, 'bin') : dir;
}

/** The newest version of the line on the registry and its integrity, or the reason there is none. */
function lookUp() {
  // One request: every version of the line with its integrity (an object when only one matches).
  const view = npmRun(['view', `${pkg}@${major}`, 'version', 'dist.integrity', '--json']);
  if (!view.ok) return /\bE404\b/.test(view.error) ? { missing: true } : { error: view.error };
  if (!view.stdout.trim()) return { missing: true };
  let list;
  try {
    list = [].concat(JSON.parse(view.stdout));
  } catch {
    return { error: `npm view ${pkg}@${major} answered something that is not JSON` };
  }
  const newest = list
    .filter((entry) => new RegExp(`^${major}\\.\\d+\\.\\d+$`).test(entry?.version ?? ''))
    .sort((a, b) => byVersion(a.version, b.version))
    .at(-1);
  if (!newest) return { missing: true };
  const integrity = newest['dist.integrity'] ?? '';
  if (!integrity.startsWith('sha512-'))
    return { error: `no sha512 integrity published for ${pkg}@${newest.version}` };
  return { version: newest.version, integrity };
}

function download(version, integrity) {
  mkdirSync(cacheRoot, { recursive: true });
  const work = mkdtempSync(join(cacheRoot, '.download-'));
  try {
    console.error(`with-node: fetching Node.js ${version} (${pkg}) from the npm registry…`);
    const packed = npmRun(['pack', `${pkg}@${version}`, '--pack-destination', work, '--json', '--silent']);
    if (!packed.ok) fail(`npm pack ${pkg}@${version} failed:\n${packed.error}`);
    const tarball = join(work, `${pkg}-${version}.tgz`);
    if (!existsSync(tarball)) fail(`npm pack did not leave ${tarball}`);
    // npm checks the tarball too; checking it here again against what the registry publishes
    // means a corrupted cache or a tampering proxy stops the run instead of running its binary.
    const actual = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (actual !== integrity)
      fail(`${pkg}@${version}: the tarball's sha512 is ${actual}, the registry publishes ${integrity}`);
    const unpacked = join(work, 'unpacked');
    mkdirSync(unpacked);
    const tar = spawnSync('tar', ['-xzf', tarball, '-C', unpacked], { encoding: 'utf8' });
    if (tar.status !== 0) fail(`could not unpack ${tarball}: ${tar.stderr || tar.error?.message}`);
    const dir = join(unpacked, 'package');
    const node = join(binDir(dir), nodeFile);
    const reported = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();
    if (reported !== `v${version}`)
      fail(
        `${node} reports ${reported ?? 'nothing'} instead of v${version}: not a usable build for this machine`,
      );
    writeFileSync(join(dir, MARKER), `${pkg}@${version} ${integrity}\n`);
    rmSync(tarball);
    const target = join(cacheRoot, `${pkg}-${version}`);
    try {
      renameSync(dir, target);
    } catch (error) {
      // Another run unpacked the same build at the same time: keep theirs.
      if (!existsSync(join(target, MARKER))) throw error;
    }
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function prune(keep) {
  for (const { dir } of cachedBuilds()) {
    if (dir === keep) continue;
    if (Date.now() - statSync(join(dir, MARKER)).mtimeMs > PRUNE_AFTER_MS)
      rmSync(dir, { recursive: true, force: true });
  }
}

function resolveNodeDir() {
  if (process.versions.node.split('.')[0] === major) return { dir: null, version: process.versions.node };
  const found = lookUp();
  const cached = cachedBuilds();
  if (found.missing) fail(`the npm registry has no ${pkg} of Node.js ${major}`);
  if (found.error) {
    const newest = cached.at(-1);
    if (!newest)
      fail(
        `could not ask the npm registry (${npmRun(['config', 'get', 'registry']).stdout.trim() || 'npm'}) for Node.js ${major}, and none is cached in ${cacheRoot}.\n` +
          `npm said: ${found.error}\n` +
          `Run again when the registry answers, or install Node.js ${major} and put it first on PATH.`,
      );
    console.error(`with-node: the npm registry did not answer; using the cached Node.js ${newest.version}`);
    return { dir: newest.dir, version: newest.version };
  }
  const hit = cached.find((build) => build.version === found.version);
  const verified = hit && readFileSync(join(hit.dir, MARKER), 'utf8').includes(found.integrity);
  const dir = verified ? hit.dir : download(found.version, found.integrity);
  prune(dir);
  return { dir, version: found.version };
}

const { dir, version } = resolveNodeDir();
if (dir) {
  const now = new Date();
  utimesSync(join(dir, MARKER), now, now);
}
const bin = dir ? binDir(dir) : null;

if (command.length === 0) {
  console.log(bin ?? join(process.execPath, '..'));
  process.exit(0);
}

const env = { ...process.env };
if (bin) {
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  env[pathKey] = `${bin}${delimiter}${env[pathKey] ?? ''}`;
  // npm hands these to the scripts it runs; left pointing at the outer Node they would win.
  for (const key of ['NODE', 'npm_node_execpath']) if (key in env) env[key] = join(bin, nodeFile);
}
console.error(
  `with-node: Node.js ${version}${bin ? ` from ${bin}` : " (this machine's own)"}: ${command.join(' ')}`,
);
const result = spawnSync(command[0], command.slice(1), {
  stdio: 'inherit',
  env,
  shell: process.platform === 'win32',
});
if (result.error) fail(`could not run ${command[0]}: ${result.error.message}`);
if (result.signal) process.kill(process.pid, result.signal);
process.exit(result.status ?? 1);
