// The browser tier in shards (issue 33): each shard is a vitest run of its own with its own server,
// database, mail receiver and browser (e2e/support/global-setup.ts), so journeys in different shards
// cannot see each other's members, reports or queues, and a shard's result does not depend on what
// another shard did first. Files are dealt to shards by their time in the last run on this machine
// (node_modules/.cache), or by a fixed estimate on a fresh clone, longest first.
//
// The ten-language reflow walk (reflow.e2e.ts) takes as long as every other journey together, so
// `npm test` walks it in German at 320 px and `npm run test:reflow`, a step `.ci/run` always runs,
// walks the other nine, split between the shards, and German again in six layouts on a slow
// network (about two minutes of the two cores, which kept `npm test` over its 12: decision 0043).
//
//   node scripts/test-e2e-shards.mjs [files...]      E2E_SHARDS=n sets the number (default: 2)
//   node scripts/test-e2e-shards.mjs --other-languages
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printLines } from './print-lines.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testsDir = path.join(root, 'e2e/tests');
const cacheFile = path.join(root, 'node_modules/.cache/juntos/e2e-durations.json');

/**
 * Seconds per file recorded on the 2-core development machine (e2e/file-seconds.json), for a clone
 * with no times of its own yet: with four guesses and 30 s for the rest, one shard of a fresh
 * clone's run ended three minutes after the other.
 */
const ESTIMATE = JSON.parse(readFileSync(path.join(root, 'e2e/file-seconds.json'), 'utf8')).seconds;
const DEFAULT_ESTIMATE = 30;

/**
 * German, for the longest words. The other nine (Greek for another script among them) and the
 * German walk in six layouts on a slow network are walked by `npm run test:reflow`, which CI
 * always runs.
 */
const REFLOW_LANGUAGES_OF_NPM_TEST = ['de'];
const allLanguages = readdirSync(path.join(root, 'packages/locales'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && /^[a-z]{2}$/.test(entry.name))
  .map((entry) => entry.name);

const otherLanguages = process.argv.includes('--other-languages');
const requested = process.argv
  .slice(2)
  .filter((argument) => !argument.startsWith('--'))
  .map((file) => path.basename(file));
const files = (requested.length > 0 ? requested : readdirSync(testsDir))
  .filter((file) => file.endsWith('.e2e.ts'))
  .sort();

const known = existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, 'utf8')) : {};
const weight = (file) => known[file] ?? ESTIMATE[file] ?? DEFAULT_ESTIMATE;

const wanted = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
let shards;
if (otherLanguages) {
  // Every shard walks reflow.e2e.ts in its share of the nine languages, and the last, which has
  // one language fewer when they do not divide evenly, also German in six layouts.
  const languages = allLanguages.filter((language) => !REFLOW_LANGUAGES_OF_NPM_TEST.includes(language));
  const count = Math.min(wanted, languages.length);
  shards = Array.from({ length: count }, (_, index) => ({
    files: ['reflow.e2e.ts'],
    env: { REFLOW_LANGUAGES: '', REFLOW_LAYOUTS: index === count - 1 ? '1' : '0' },
  }));
  languages.forEach((language, index) => {
    const { env } = shards[index % shards.length];
    env.REFLOW_LANGUAGES = env.REFLOW_LANGUAGES ? `${env.REFLOW_LANGUAGES},${language}` : language;
  });
} else {
  shards = Array.from({ length: Math.min(wanted, files.length) }, () => ({
    files: [],
    load: 0,
    env: {
      REFLOW_LANGUAGES: process.env.REFLOW_LANGUAGES ?? REFLOW_LANGUAGES_OF_NPM_TEST.join(','),
      REFLOW_LAYOUTS: process.env.REFLOW_LAYOUTS ?? '0',
    },
  }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a))) {
    const lightest = shards.reduce((best, shard) => (shard.load < best.load ? shard : best));
    lightest.files.push(file);
    lightest.load += weight(file);
  }
}
const shardCount = shards.length;

const reports = mkdtempSync(path.join(os.tmpdir(), 'juntos-e2e-report-'));
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** Runs one shard, printing its output line by line with the shard's name in front. */
function run(shard, index) {
  const label = `[browser ${index + 1}/${shardCount}]`;
  const report = path.join(reports, `shard-${index}.json`);
  return new Promise((resolve) => {
    const child = spawn(
      npx,
      [
        'vitest',
        'run',
        '--project',
        'e2e',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...shard.files.map((file) => `e2e/tests/${file}`),
      ],
      {
        cwd: root,
        env: { ...process.env, ...shard.env },
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: process.platform === 'win32',
      },
    );
    printLines([child.stdout, child.stderr], (line) => console.log(`${label} ${line}`));
    child.on('close', (code) => resolve({ code, report }));
  });
}

for (const [index, shard] of shards.entries())
  console.log(
    `browser shard ${index + 1}: ${shard.files.join(', ')}` +
      (shard.files.includes('reflow.e2e.ts') ? ` (reflow in ${shard.env.REFLOW_LANGUAGES})` : ''),
  );
const results = await Promise.all(shards.map(run));

// Each file's time in this run, for dealing the next run's shards (not the other languages' walk).
const durations = { ...known };
for (const { report } of otherLanguages ? [] : results) {
  if (!existsSync(report)) continue;
  const { testResults = [] } = JSON.parse(readFileSync(report, 'utf8'));
  for (const result of testResults)
    if (result.startTime && result.endTime)
      durations[path.basename(result.name)] = Math.round((result.endTime - result.startTime) / 1000);
}
mkdirSync(path.dirname(cacheFile), { recursive: true });
writeFileSync(cacheFile, `${JSON.stringify(durations, null, 2)}\n`);
rmSync(reports, { recursive: true, force: true });

const failed = results.filter(({ code }) => code !== 0).length;
if (failed > 0) {
  console.error(`\n${failed} of ${shardCount} browser shards failed (see the lines marked above).`);
  process.exit(1);
}
