import { createCanvas } from '@napi-rs/canvas';
import cloud from 'd3-cloud';

export const WORD_CLOUD_SIZE = { width: 900, height: 520 } as const;
const FONT_FAMILY = 'DejaVu Sans, Liberation Sans, sans-serif';
const MIN_FONT_PX = 16;
const MAX_FONT_PX = 60;
/** Dark colours with at least 7:1 contrast on white, so every word is readable (WCAG AAA). */
const PALETTE = ['#1d3b72', '#5b1f66', '#0b4f3c', '#7a2e0e', '#2f3640'];

export type CloudWord = { text: string; weight: number };

type PlacedWord = { text: string; size: number; x: number; y: number; color: string };

/** A repeatable pseudo-random sequence, so the same words give the same picture. */
function seededRandom(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

function layout(words: CloudWord[]): Promise<PlacedWord[]> {
  const weights = words.map((word) => word.weight);
  const [low, high] = [Math.min(...weights), Math.max(...weights)];
  // Square root: a disease declared four times as often is twice as large, not four times.
  const sizeOf = (weight: number) =>
    high === low
      ? (MIN_FONT_PX + MAX_FONT_PX) / 2
      : MIN_FONT_PX +
        ((Math.sqrt(weight) - Math.sqrt(low)) / (Math.sqrt(high) - Math.sqrt(low))) *
          (MAX_FONT_PX - MIN_FONT_PX);
  return new Promise((resolve) => {
    cloud<cloud.Word & { color: string }>()
      .size([WORD_CLOUD_SIZE.width, WORD_CLOUD_SIZE.height])
      // d3-cloud measures words on a canvas; in Node that is a Skia canvas.
      .canvas(() => createCanvas(1, 1) as never)
      .words(
        words.map((word, index) => ({
          text: word.text,
          size: sizeOf(word.weight),
          color: PALETTE[index % PALETTE.length] ?? '#000',
        })),
      )
      .padding(5)
      // Horizontal words only: easier to read for everyone, and for people with dyslexia.
      .rotate(0)
      .font(FONT_FAMILY)
      .fontSize((word) => word.size ?? MIN_FONT_PX)
      .random(seededRandom(words.length * 7919 + (words[0]?.weight ?? 0)))
      // Yields between chunks of work, so the server keeps answering while a cloud is laid out.
      .timeInterval(15)
      .on('end', (placed) =>
        resolve(
          placed.map((word) => ({
            text: word.text ?? '',
            size: word.size ?? MIN_FONT_PX,
            x: word.x ?? 0,
            y: word.y ?? 0,
            color: word.color,
          })),
        ),
      )
      .start();
  });
}

/** Lays the words out and draws them as a PNG; words that do not fit are left out. */
export async function renderWordCloud(words: CloudWord[]): Promise<{ png: Buffer; placed: string[] }> {
  const placed = words.length > 0 ? await layout(words) : [];
  const canvas = createCanvas(WORD_CLOUD_SIZE.width, WORD_CLOUD_SIZE.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, WORD_CLOUD_SIZE.width, WORD_CLOUD_SIZE.height);
  context.textAlign = 'center';
  context.textBaseline = 'alphabetic';
  // The spiral layout can leave the group off-centre; centre it vertically in the picture.
  const top = Math.min(...placed.map((word) => word.y - word.size * 0.8));
  const bottom = Math.max(...placed.map((word) => word.y + word.size * 0.25));
  const shift = placed.length > 0 ? -(top + bottom) / 2 : 0;
  context.translate(WORD_CLOUD_SIZE.width / 2, WORD_CLOUD_SIZE.height / 2 + shift);
  for (const word of placed) {
    context.font = `${Math.round(word.size)}px ${FONT_FAMILY}`;
    context.fillStyle = word.color;
    context.fillText(word.text, word.x, word.y);
  }
  return { png: await canvas.encode('png'), placed: placed.map((word) => word.text) };
}
