// `npm test`: every tier, then the time each took, so a slow tier is seen on every run and not only
// when somebody times it (issue 33; the tiers are described in docs/testing.md).
//
// The quick tiers run first, in turn, and the run stops at the first that fails: a type error
// should not wait for a browser. The integration and browser tiers then run side by side. Each
// alone left half of the two cores idle (a journey waits for the page, a socket test for its
// timers: 15 min of CPU in 13 min 21 s on two cores), and both are built to share a machine: every
// integration file and every browser shard has its own database, server and ports. Both run to
// their end, so one run shows every failure.
import { spawn, spawnSync } from 'node:child_process';

const IN_TURN = [
  ['type-check', 'typecheck'],
  ['lint', 'lint'],
  ['unit', 'test:unit'],
];
const SIDE_BY_SIDE = [
  ['integration', 'test:integration'],
  ['browser', 'test:e2e'],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const shell = process.platform === 'win32';
const runStarted = performance.now();
const timings = [];

for (const [name, script] of IN_TURN) {
  const started = performance.now();
  const { status } = spawnSync(npm, ['run', script], { stdio: 'inherit', shell });
  timings.push([name, (performance.now() - started) / 1000, status === 0]);
  if (status !== 0) finish(name);
}

/** Runs one tier with its name in front of each line it prints (the browser shards name theirs). */
function runBeside(name, script) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], shell });
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      const print = (line) => console.log(line.startsWith(`[${name}`) ? line : `[${name}] ${line}`);
      stream.on('data', (chunk) => {
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        lines.forEach(print);
      });
      stream.on('end', () => pending && print(pending));
    }
    child.on('close', (code) => resolve([name, (performance.now() - started) / 1000, code === 0]));
  });
}

timings.push(...(await Promise.all(SIDE_BY_SIDE.map(([name, script]) => runBeside(name, script)))));
finish(timings.find(([, , passed]) => !passed)?.[0]);

function finish(failed) {
  const minutes = (seconds) =>
    `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
  const beside = new Set(SIDE_BY_SIDE.map(([name]) => name));
  console.log('\nnpm test, time per tier:');
  for (const [name, seconds, passed] of timings)
    console.log(
      `  ${name.padEnd(12)} ${minutes(seconds).padStart(13)}${beside.has(name) ? '  (side by side)' : ''}${passed ? '' : '  FAILED'}`,
    );
  console.log(`  ${'total'.padEnd(12)} ${minutes((performance.now() - runStarted) / 1000).padStart(13)}`);
  process.exit(failed ? 1 : 0);
}
