// The CPU time the hypervisor "stole" from this virtual machine (gave to another one on the
// same host), read from /proc/stat on Linux. On a shared host it reached a quarter to a half of
// the machine's time under load (issue 36), which slows what is measured unevenly: the
// benchmarks (apps/api/bench/report.ts) and `npm run audit:lighthouse` print it, so a run taken
// on a busy host is not quoted as a measurement.
import { readFileSync } from 'node:fs';

/** Above this share of stolen CPU time, a run's figures are not to be trusted. */
export const STOLEN_CPU_LIMIT_PERCENT = 5;

function cpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1);
    const ticks = fields.map(Number);
    return { steal: ticks[7] ?? 0, total: ticks.reduce((sum, value) => sum + value, 0) };
  } catch {
    return undefined;
  }
}

/** Starts watching; the returned function gives the share stolen since then, in %, or undefined. */
export function watchStolenCpu() {
  const start = cpuTicks();
  return () => {
    const now = cpuTicks();
    if (!now || !start || now.total <= start.total) return undefined;
    return (100 * (now.steal - start.steal)) / (now.total - start.total);
  };
}

/** One line for a run's report: the share stolen, and a warning above the limit. */
export function stolenCpuLine(percent) {
  if (percent === undefined) return undefined;
  return (
    `CPU time stolen by the host during the run: ${percent.toFixed(1)} %` +
    (percent > STOLEN_CPU_LIMIT_PERCENT
      ? ` (over ${STOLEN_CPU_LIMIT_PERCENT} %: the host was busy, run again before quoting these figures)`
      : '')
  );
}
