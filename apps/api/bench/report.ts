/**
 * What every `npm run bench:*` shares: load through autocannon, the project and its bare baseline
 * measured in turns in the same run, a printed table with the ratio, and the same table as JSON in
 * `bench-results/<name>.json` (git-ignored; docs/performance.md quotes the latest). A figure alone
 * means nothing on a shared machine; the ratio to a baseline that ran beside it does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { stolenCpuLine, watchStolenCpu } from '../../../scripts/stolen-cpu.mjs';

export type LoadFigures = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and answers outside 2xx. */
  errors: number;
};

export type LoadOptions = {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Requests per second in total, for a latency figure at a fixed load instead of at saturation. */
  overallRate?: number;
  /** Answers with this status count as expected (the 401 route); others as errors. */
  expectStatus?: number;
};

/** Runs autocannon against one address and keeps the figures the tables compare. */
export async function measureLoad(url: string, options: LoadOptions): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    // The benchmarks compare the server's own work; compression is the proxy's or the client's choice.
    headers: { 'accept-encoding': 'identity', ...options.headers },
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  });
  const statusCounts = result.statusCodeStats as Record<string, { count: number } | undefined>;
  const expected = options.expectStatus ?? 0;
  const unexpectedStatus = expected
    ? Object.entries(statusCounts)
        .filter(([status]) => Number(status) !== expected)
        .reduce((sum, [, stats]) => sum + (stats?.count ?? 0), 0)
    : result.non2xx;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + unexpectedStatus,
  };
}

/** The middle value, the mean of the two middle ones for an even count; a figure a run lacks (NaN) is left out, and none gives NaN. */
export const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * Measures the project and the baseline in turns (A B A B …, `rounds` of each) so a drift in the
 * machine's speed touches both, and keeps each side's median figures.
 */
export async function measureInTurns(
  rounds: number,
  project: () => Promise<LoadFigures>,
  baseline: () => Promise<LoadFigures>,
): Promise<{ project: LoadFigures; baseline: LoadFigures }> {
  const projectRuns: LoadFigures[] = [];
  const baselineRuns: LoadFigures[] = [];
  for (let round = 0; round < rounds; round++) {
    projectRuns.push(await project());
    baselineRuns.push(await baseline());
  }
  const medianOf = (runs: LoadFigures[]): LoadFigures => ({
    requestsPerSecond: Math.round(median(runs.map((run) => run.requestsPerSecond))),
    p50Ms: median(runs.map((run) => run.p50Ms)),
    p99Ms: median(runs.map((run) => run.p99Ms)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  });
  return { project: medianOf(projectRuns), baseline: medianOf(baselineRuns) };
}

export type ComparisonRow = {
  scenario: string;
  project: LoadFigures;
  baseline: LoadFigures;
  /** What the row is held to, in words ("≥ 0.80× req/s"), and whether it holds. */
  target?: { text: string; met: boolean };
};

/** Project req/s over baseline req/s: the figure a target such as "≥ 0.80×" reads. */
export const throughputRatio = (row: Pick<ComparisonRow, 'project' | 'baseline'>) =>
  row.project.requestsPerSecond / Math.max(1, row.baseline.requestsPerSecond);

/** The host's stolen CPU time since the benchmark started (scripts/stolen-cpu.mjs). */
const stolenCpuPercent = watchStolenCpu();

/** The facts that make a table comparable with another run's. */
export function machineFacts() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
    stolenCpuPercent: Number((stolenCpuPercent() ?? 0).toFixed(1)),
  };
}

const pad = (value: string, width: number) => value.padStart(width);

/** Prints the comparison as a table: one row per scenario, project and baseline side by side. */
export function printComparison(title: string, rows: ComparisonRow[]) {
  console.log(`\n${title}`);
  console.log(
    `${'scenario'.padEnd(44)} ${pad('req/s', 8)} ${pad('p50', 6)} ${pad('p99', 6)} │ ${pad('base req/s', 10)} ${pad('p50', 6)} ${pad('p99', 6)} │ ${pad('ratio', 6)}  target`,
  );
  for (const row of rows) {
    const { project, baseline } = row;
    const target = row.target ? `${row.target.text} ${row.target.met ? 'met' : 'NOT MET'}` : '';
    const errors = project.errors || baseline.errors ? `  errors ${project.errors}/${baseline.errors}` : '';
    console.log(
      `${row.scenario.padEnd(44)} ${pad(String(project.requestsPerSecond), 8)} ${pad(String(project.p50Ms), 6)} ${pad(String(project.p99Ms), 6)} │ ${pad(String(baseline.requestsPerSecond), 10)} ${pad(String(baseline.p50Ms), 6)} ${pad(String(baseline.p99Ms), 6)} │ ${pad(throughputRatio(row).toFixed(2), 6)}  ${target}${errors}`,
    );
  }
}

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Writes a benchmark's figures as `bench-results/<name>.json` and says where. */
export function writeResults(name: string, figures: Record<string, unknown>) {
  const directory = path.join(repositoryRoot, 'bench-results');
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `${name}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ benchmark: name, ranAt: new Date().toISOString(), machine: machineFacts(), ...figures }, null, 2)}\n`,
  );
  console.log(`\nFigures written to ${path.relative(process.cwd(), file) || file}`);
  const stolen = stolenCpuLine(stolenCpuPercent());
  if (stolen) console.log(stolen);
}
