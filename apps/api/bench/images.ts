/**
 * `npm run bench:images` (issue 36, the capacity model in docs/scaling.md): what one uploaded
 * picture costs the instance that receives it. Every profile photo, post picture and gallery image
 * goes through `processUploadedImage` (decoded, turned upright, reduced to at most 2048 px and
 * re-encoded as WebP without metadata), so its cost bounds the uploads per second an instance
 * holds.
 *
 * - **project**: `processUploadedImage` on a phone camera's picture (12 MP, 4032×3024 JPEG) and on
 *   a picture a phone app already reduced (2 MP, 1600×1200 JPEG);
 * - **baseline**, in the same run, in turns: decoding the same file and nothing else
 *   (`sharp(file).raw()`), the least any check by content must do.
 *
 * Each side runs one picture at a time and then two at once (the decode queue's width on two
 * cores). Prints pictures per second, milliseconds per picture and the ratio of project to
 * baseline time. BENCH_SECONDS (per measurement, default 5) and BENCH_ROUNDS (default 3).
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { processUploadedImage } from '../src/lib/images';
import { machineFacts, median, writeResults } from './report';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/**
 * A photograph-like picture: smooth gradients with fine noise, which compresses like a photo
 * (a flat colour would make every codec look free, pure noise would make it look ruinous).
 */
async function photo(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12_345;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return (seed / 2 ** 31) * 24 - 12;
  };
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = Math.max(0, Math.min(255, (255 * x) / width + noise()));
      pixels[at + 1] = Math.max(0, Math.min(255, (255 * y) / height + noise()));
      pixels[at + 2] = Math.max(0, Math.min(255, 128 + 100 * Math.sin((x + y) / 90) + noise()));
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

type Figures = { perSecond: number; msPerPicture: number };

/** Runs `work` for SECONDS with `parallel` pictures in hand at any time. */
async function measure(work: () => Promise<unknown>, parallel: number): Promise<Figures> {
  const until = performance.now() + SECONDS * 1000;
  let done = 0;
  const lane = async () => {
    while (performance.now() < until) {
      await work();
      done += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: parallel }, lane));
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: done / seconds, msPerPicture: (seconds * 1000 * parallel) / done };
}

async function inTurns(project: () => Promise<unknown>, baseline: () => Promise<unknown>, parallel: number) {
  const projectRuns: Figures[] = [];
  const baselineRuns: Figures[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    projectRuns.push(await measure(project, parallel));
    baselineRuns.push(await measure(baseline, parallel));
  }
  const of = (runs: Figures[]) => ({
    perSecond: Number(median(runs.map((run) => run.perSecond)).toFixed(1)),
    msPerPicture: Number(median(runs.map((run) => run.msPerPicture)).toFixed(1)),
  });
  return { project: of(projectRuns), baseline: of(baselineRuns) };
}

const pictures = [
  { name: 'phone camera, 12 MP JPEG', file: await photo(4032, 3024) },
  { name: 'reduced by the app, 2 MP JPEG', file: await photo(1600, 1200) },
];
// Warm-up: sharp's first call loads libvips and its codecs.
await processUploadedImage(pictures[1]!.file);

const rows = [];
console.log(
  `\n${'picture'.padEnd(32)} ${'at once'.padStart(7)} │ ${'pictures/s'.padStart(10)} ${'ms each'.padStart(8)} │ ${'decode/s'.padStart(8)} ${'ms each'.padStart(8)} │ ratio`,
);
for (const { name, file } of pictures)
  for (const parallel of [1, 2]) {
    const { project, baseline } = await inTurns(
      () => processUploadedImage(file),
      () => sharp(file).raw().toBuffer(),
      parallel,
    );
    const ratio = Number((project.msPerPicture / baseline.msPerPicture).toFixed(2));
    rows.push({ picture: name, bytes: file.length, parallel, project, baseline, ratio });
    console.log(
      `${name.padEnd(32)} ${String(parallel).padStart(7)} │ ${String(project.perSecond).padStart(10)} ${String(project.msPerPicture).padStart(8)} │ ${String(baseline.perSecond).padStart(8)} ${String(baseline.msPerPicture).padStart(8)} │ ${ratio}× the decode alone`,
    );
  }
writeResults('images', { seconds: SECONDS, rounds: ROUNDS, rows, machine: machineFacts() });
