// Renders the installed app's icons from their SVG source (scripts/icons/app-icon.svg), drawn in
// the style of the landing illustrations. Run it after changing the drawing (`npm run icons -w
// @juntos/web`); the PNGs are committed under static/icons/, which the build copies as they are.
//
// - icon-maskable-512.png: the drawing as it is, full bleed; what matters lies inside the central
//   circle of 40 % radius, the part every launcher shape keeps.
// - icon-192.png, icon-512.png ("any"): the drawing enlarged by a fifth, on a rounded square with
//   transparent corners, for places that show the icon as it is (browser menus, some launchers).
// - apple-touch-icon.png (180 px): the enlarged drawing without transparency; iOS rounds it itself
//   and would fill transparent corners with black.
import { mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const scriptDir = dirname(fileURLToPath(import.meta.url));
const source = join(scriptDir, 'icons', 'app-icon.svg');
const outputDir = join(scriptDir, '..', 'static', 'icons');
const ZOOM = 1.2;

const svg = await readFile(source);

/** The drawing at `size` px, enlarged by `zoom` around its centre. */
async function drawing(size, zoom) {
  const drawn = Math.round(size * zoom);
  const margin = Math.round((drawn - size) / 2);
  const full = await sharp(svg, { density: (72 * drawn) / 512 })
    .resize(drawn, drawn)
    .png()
    .toBuffer();
  return zoom === 1
    ? full
    : sharp(full).extract({ left: margin, top: margin, width: size, height: size }).png().toBuffer();
}

function roundedMask(size) {
  const radius = Math.round(size * 0.22);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius}" fill="#fff"/></svg>`,
  );
}

async function write(name, image) {
  const target = join(outputDir, name);
  await sharp(image).png({ compressionLevel: 9, effort: 10, palette: true, quality: 95 }).toFile(target);
  const { size } = await stat(target);
  console.log(`${name}  ${(size / 1024).toFixed(1)} KB`);
}

await mkdir(outputDir, { recursive: true });
await write('icon-maskable-512.png', await drawing(512, 1));
for (const size of [192, 512]) {
  const rounded = await sharp(await drawing(size, ZOOM))
    .composite([{ input: roundedMask(size), blend: 'dest-in' }])
    .png()
    .toBuffer();
  await write(`icon-${size}.png`, rounded);
}
await write('apple-touch-icon.png', await drawing(180, ZOOM));
