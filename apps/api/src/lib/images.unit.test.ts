import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { MAX_IMAGE_BYTES, createDecodeQueue, processUploadedImage } from './images';

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } } });

// A 12-megapixel photo takes about a third of a second here on a quiet machine and several seconds
// with two suites on two cores (one failed at vitest's 5 s default): the time is not what these
// tests check, so they get a minute.
describe('processUploadedImage: the shared image pipeline', { timeout: 60_000 }, () => {
  it('re-encodes to WebP and removes EXIF, including the GPS position', async () => {
    const withGps = await photo(800, 600)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Secret Model', Copyright: 'Someone' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '40/1 25/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '3/1 42/1 0/1',
        },
      })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();

    const result = await processUploadedImage(withGps);
    const metadata = await sharp(result.data).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(result.data.includes(Buffer.from('Secret Model'))).toBe(false);
    expect(result).toMatchObject({ width: 800, height: 600, contentType: 'image/webp' });
  });

  it('reduces large images to 2048 px on the longest side, keeping the proportions', async () => {
    const result = await processUploadedImage(await photo(4000, 3000).png().toBuffer());
    expect(result.width).toBe(2048);
    expect(result.height).toBe(1536);
  });

  it('decides by content: text named like an image is refused with 400 invalid_image', async () => {
    const fake = Buffer.from('<?php echo "not an image"; ?> pretending to be photo.jpg');
    await expect(processUploadedImage(fake, 'photo')).rejects.toMatchObject({
      statusCode: 400,
      code: 'invalid_image',
      options: { fields: { photo: 'errors.invalid_image' } },
    });
  });

  it('refuses a truncated image', async () => {
    const jpeg = await photo(400, 300).jpeg().toBuffer();
    await expect(processUploadedImage(jpeg.subarray(0, 200))).rejects.toBeInstanceOf(AppError);
  });

  it('refuses files over 10 MB with 413 before decoding', async () => {
    await expect(processUploadedImage(Buffer.alloc(MAX_IMAGE_BYTES + 1))).rejects.toMatchObject({
      statusCode: 413,
      code: 'image_too_large',
    });
  });
});

describe('createDecodeQueue: a bounded queue in front of the decoder', () => {
  it('runs `concurrency` jobs, lets `maxWaiting` wait, refuses the next with 503 server_busy', async () => {
    const run = createDecodeQueue({ concurrency: 1, maxWaiting: 1 });
    const order: string[] = [];
    let release = () => {};
    const first = run(
      () =>
        new Promise<void>((resolve) => {
          order.push('first');
          release = resolve;
        }),
    );
    const second = run(async () => {
      order.push('second');
    });
    await expect(run(async () => order.push('third'))).rejects.toMatchObject({
      statusCode: 503,
      code: 'server_busy',
      options: { headers: { 'retry-after': expect.stringMatching(/^\d+$/) } },
    });
    expect(order).toEqual(['first']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    // Drained: the queue accepts work again, and a failed job gives its slot back.
    await expect(run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(run(async () => 'again')).resolves.toBe('again');
  });
});
