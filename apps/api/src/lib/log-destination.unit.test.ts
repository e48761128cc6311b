import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const moduleUrl = pathToFileURL(path.join(import.meta.dirname, 'log-destination.ts')).href;
const folder = mkdtempSync(path.join(os.tmpdir(), 'juntos-log-destination-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs `body` in a process of its own with `log` the destination, and returns what it printed. */
async function standardOutputOf(name: string, body: string) {
  const script = path.join(folder, `${name}.ts`);
  writeFileSync(
    script,
    `import { batchedStandardOutput } from ${JSON.stringify(moduleUrl)};\nconst log = batchedStandardOutput();\n${body}\n`,
  );
  const outcome = await promisify(execFile)(process.execPath, ['--import', 'tsx', script]).catch(
    (error: { stdout: string }) => error,
  );
  return outcome.stdout;
}

const lines = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => `line ${from + index}\n`).join('');

describe('the log destination', () => {
  it('writes every line in order, those of the turn that calls process.exit included', async () => {
    const printed = await standardOutputOf(
      'exit',
      `for (let i = 0; i < 500; i++) log.write('line ' + i + '\\n');
       setImmediate(() => {
         for (let i = 500; i < 1000; i++) log.write('line ' + i + '\\n');
         process.exit(0);
       });`,
    );
    expect(printed).toBe(lines(0, 1000));
  });

  it('writes the lines held when the process crashes', async () => {
    const printed = await standardOutputOf(
      'crash',
      `log.write('before the crash\\n');
       setImmediate(() => {
         log.write('the fatal line\\n');
         throw new Error('crash');
       });`,
    );
    expect(printed).toBe('before the crash\nthe fatal line\n');
  });

  it('writes a turn’s lines without waiting for more', async () => {
    const printed = await standardOutputOf(
      'quiet',
      `log.write('alone\\n');
       // The process stays alive: only the writer can have printed the line.
       const keepAlive = setInterval(() => undefined, 1000);
       setTimeout(() => { clearInterval(keepAlive); log.close(); }, 300);`,
    );
    expect(printed).toBe('alone\n');
  });
});
