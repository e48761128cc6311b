// Renders the landing-page illustrations from their SVG sources to PNG.
// The pictures are drawn by hand as SVG (scripts/illustrations/*.svg) so they
// stay small, text-free and easy to edit; run this script after changing one
// to regenerate the compressed PNGs served from public/img/.
import { mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const scriptDir = dirname(fileURLToPath(import.meta.url));
const sourceDir = join(scriptDir, 'illustrations');
const outputDir = join(scriptDir, '..', 'public', 'img');

const names = ['about', 'goal', 'philosophy', 'monetization', 'how', 'protection'];
const width = 640;
const height = 400;

await mkdir(outputDir, { recursive: true });

for (const name of names) {
  const svg = await readFile(join(sourceDir, `${name}.svg`));
  const target = join(outputDir, `${name}.png`);
  await sharp(svg, { density: 72 })
    .resize(width, height, { fit: 'contain', background: '#ffffff00' })
    .png({ palette: true, compressionLevel: 9, effort: 10, quality: 90 })
    .toFile(target);
  const { size } = await stat(target);
  console.log(`${name}.png  ${(size / 1024).toFixed(1)} KB`);
}
