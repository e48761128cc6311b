// `npm test`: every tier, then the time each took, so a slow tier is seen on every run and not only
// when somebody times it (issue 33; the tiers are described in docs/testing.md).
//
// The tiers run in two groups, each group's tiers side by side, each line of their output marked
// with its tier. The quick group (type-check, lint, unit, and the build the browser tier needs)
// comes first and the run stops after it when one failed: a type error should not wait for a
// browser. Each is one thread of work, so in turn they left a core idle (66 + 74 + 13 s on a
// fresh clone, before the build). The integration and
// browser tiers then run side by side: each alone also left a core idle much of the time (a
// journey waits for its page, a socket test for its timers), and both are built to share a
// machine, since every integration file and every browser shard has its own database, server and
// ports. Every tier of a group runs to its end, so one run shows every failure.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { printLines } from './print-lines.mjs';

// Each tier is a command line; `npm run` where a script says it already. The browser tier's build
// (the web app and the compiled server) and its browser check run in the quick group, where the
// two cores had room (lint ran alone for its last half-minute), instead of at the browser tier's
// start: `npm run test:e2e` is the same three steps in turn.
const QUICK = [
  ['type-check', ['npm', 'run', 'typecheck']],
  ['lint', ['npm', 'run', 'lint']],
  ['unit', ['npm', 'run', 'test:unit']],
  ['build', ['node', 'scripts/ensure-browser.mjs'], ['npm', 'run', 'build']],
];
const HEAVY = [
  ['integration', ['npm', 'run', 'test:integration']],
  ['browser', ['node', 'scripts/test-e2e-shards.mjs']],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const shell = process.platform === 'win32';
const runStarted = performance.now();
const timings = [];
// What each tier's vitest said of its failures, printed again under the timings: a CI log is often
// read from its end, where the failing test's name and message would otherwise be hundreds of
// lines up, between the other tier's passing lines.
const failureReports = new Map();
// Of each failure: its first lines (the test's name, the message, the start of the diff) and the
// place in the source with the lines vitest shows around it, however long the diff between them.
const FAILURE_HEAD_LINES = 25;
const SOURCE_FRAME_LINES = 8;
const FAILURE_REPORT_LINES = 600;
// A tier that is no vitest run (type-check, lint, build) shows its last lines instead.
const tails = new Map();
const TAIL_LINES = 40;

/**
 * Keeps a tier's last lines, and vitest's failure summary, from "Failed Tests" to its "Test Files"
 * count, shortened per failure to what names and places it. The browser tier's shards write side
 * by side, so each line's label (`[browser 1/2]`) has its own.
 */
function recordLines(name) {
  const summaries = new Map();
  const tail = [];
  const report = [];
  tails.set(name, tail);
  const keep = (text) => {
    if (report.length < FAILURE_REPORT_LINES) report.push(text);
    failureReports.set(name, report);
  };
  return (line) => {
    const text = stripVTControlCharacters(line);
    tail.push(text);
    if (tail.length > TAIL_LINES) tail.shift();
    const label = /^\[[^\]]+\]/.exec(text)?.[0] ?? name;
    if (/⎯ (Failed Tests|Failed Suites|Unhandled Errors?) /.test(text))
      summaries.set(label, { lines: 0, frameLeft: 0, left: 0 });
    const summary = summaries.get(label);
    if (!summary) return;
    if (/^\[[^\]]+\]\s*Test Files /.test(text)) summaries.delete(label);
    // Vitest starts each failure with a FAIL line and ends it with a `⎯⎯[1/3]⎯` rule.
    if (/\sFAIL\s|⎯\[\d+\/\d+\]⎯/.test(text)) summary.lines = 0;
    if (/\s❯ \S+:\d+:\d+/.test(text)) summary.frameLeft = SOURCE_FRAME_LINES + 1;
    const kept = summary.lines < FAILURE_HEAD_LINES || summary.frameLeft > 0 || !summaries.has(label);
    summary.lines += 1;
    if (summary.frameLeft > 0) summary.frameLeft -= 1;
    if (!kept) {
      summary.left += 1;
      return;
    }
    if (summary.left > 0) keep(`${label} … ${summary.left} lines left out here`);
    summary.left = 0;
    keep(text);
  };
}

/** Runs one command with the tier's name in front of each line it prints; resolves to its exit code. */
function runCommand(name, [command, ...args]) {
  return new Promise((resolve) => {
    const executable = command === 'npm' ? npm : command === 'node' ? process.execPath : command;
    const child = spawn(executable, args, { stdio: ['ignore', 'pipe', 'pipe'], shell });
    const record = recordLines(name);
    printLines([child.stdout, child.stderr], (line) => {
      const marked = line.startsWith(`[${name}`) ? line : `[${name}] ${line}`;
      console.log(marked);
      record(marked);
    });
    child.on('close', (code) => resolve(code));
  });
}

/** Runs one tier's commands in turn, stopping at the first that fails; resolves to its timing. */
async function runBeside(name, ...commands) {
  const started = performance.now();
  let passed = true;
  for (const command of commands) {
    passed = (await runCommand(name, command)) === 0;
    if (!passed) break;
  }
  return [name, (performance.now() - started) / 1000, passed];
}

const firstFailure = () => timings.find(([, , passed]) => !passed)?.[0];
const runGroup = async (tiers) =>
  timings.push(...(await Promise.all(tiers.map(([name, ...commands]) => runBeside(name, ...commands)))));

await runGroup(QUICK);
if (firstFailure()) finish(firstFailure());
await runGroup(HEAVY);
finish(firstFailure());

function finish(failed) {
  // Rounded to the second first, so 59.6 s reads "1 min 00 s" and not "0 min 60 s".
  const minutes = (seconds) => {
    const whole = Math.round(seconds);
    return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
  };
  for (const [name, , passed] of timings) {
    if (passed) continue;
    const lines = failureReports.get(name) ?? tails.get(name) ?? [];
    console.log(`\nWhat failed in ${name} (said above too, where it happened):`);
    for (const line of lines) console.log(line);
  }
  console.log('\nnpm test, time per tier:');
  for (const [name, seconds, passed] of timings)
    console.log(`  ${name.padEnd(12)} ${minutes(seconds).padStart(13)}${passed ? '' : '  FAILED'}`);
  console.log(`  ${'total'.padEnd(12)} ${minutes((performance.now() - runStarted) / 1000).padStart(13)}`);
  process.exit(failed ? 1 : 0);
}
