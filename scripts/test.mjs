// `npm test`: every tier in order, stopping at the first that fails, then the time each took, so a
// slow tier is seen on every run and not only when somebody times it (issue 33; the tiers are described in docs/testing.md).
import { spawnSync } from 'node:child_process';

const TIERS = [
  ['type-check', 'typecheck'],
  ['lint', 'lint'],
  ['unit', 'test:unit'],
  ['integration', 'test:integration'],
  ['browser', 'test:e2e'],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const timings = [];
let failed;
for (const [name, script] of TIERS) {
  const started = performance.now();
  const { status } = spawnSync(npm, ['run', script], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  timings.push([name, (performance.now() - started) / 1000, status === 0]);
  if (status !== 0) {
    failed = name;
    break;
  }
}

const minutes = (seconds) =>
  `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
const total = timings.reduce((sum, [, seconds]) => sum + seconds, 0);
console.log('\nnpm test, time per tier:');
for (const [name, seconds, passed] of timings)
  console.log(`  ${name.padEnd(12)} ${minutes(seconds).padStart(13)}${passed ? '' : '  FAILED'}`);
console.log(`  ${'total'.padEnd(12)} ${minutes(total).padStart(13)}`);
if (failed) process.exit(1);
