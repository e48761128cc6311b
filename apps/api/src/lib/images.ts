import type Sharp from 'sharp';
import type { Metadata } from 'sharp';
import { MAX_IMAGE_BYTES } from '@juntos/domain';
import { AppError } from './app-error';
import { loadOnce } from './load-once';
import type { RateLimits } from './rate-limiter';

/** Uploads above this are refused before decoding (photos from phones are 2–8 MB); the browser checks it too. */
export { MAX_IMAGE_BYTES };
/** The longest side of a stored image; enough for a full-screen viewer, small enough for phones. */
export const MAX_IMAGE_DIMENSION = 2048;
/**
 * 24 megapixels (6000 × 4000, a good camera's full size). Checked from the header before anything
 * is decoded: decoding cost grows with pixels, not bytes, and a 400 KB file can hold 49 million.
 */
export const MAX_IMAGE_PIXELS = 24_000_000;
/** Images (posts, gallery, profile photo) one member may upload per hour, before RATE_LIMIT_SCALE. */
export const IMAGE_UPLOADS_PER_HOUR = 40;
/**
 * Images one member may have in an instance's pipeline at once, waiting or being decoded: the
 * queue is shared by everyone, so without this one member's burst of uploads fills it and every
 * other member's upload is refused with 503 (issue 32, docs/decisions/0033). A member's third
 * upload while two are in hand is refused with 429 at once, before it waits or is decoded.
 */
export const IMAGES_IN_FLIGHT_PER_MEMBER = 2;
/** What a member past IMAGES_IN_FLIGHT_PER_MEMBER is told to wait: about one decoding. */
const IN_FLIGHT_RETRY_AFTER_SECONDS = 5;
/**
 * Images decoded at once by one instance. Decoding holds libuv worker threads (4 by default),
 * which password hashing also needs: with two at most, a burst of uploads waits its turn
 * instead of starving sign-ins.
 */
const CONCURRENT_DECODES = 2;
/** What a refused upload is told to wait: about the time a full queue takes to drain. */
const BUSY_RETRY_AFTER_SECONDS = 10;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export type ProcessedImage = { data: Buffer; width: number; height: number; contentType: 'image/webp' };

/** Runs one decoding job when its turn comes. */
export type DecodeQueue = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * A bounded queue in front of the decoder: `concurrency` jobs run, at most `maxWaiting` wait,
 * and a job beyond those is refused at once with 503 `server_busy`.
 */
export function createDecodeQueue(options: { concurrency: number; maxWaiting: number }): DecodeQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= options.concurrency) {
      if (waiting.length >= options.maxWaiting)
        throw new AppError(503, 'server_busy', 'errors.server_busy', {
          headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
        });
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else running += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next job, so a newcomer cannot overtake the queue.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/**
 * sharp (libvips) is loaded with the first image rather than at start-up: an instance that never
 * receives an upload (a worker, a health probe's first answer) does not pay for it (issue 36).
 */
const sharpLibrary = loadOnce<typeof Sharp>(() => import('sharp').then((module) => module.default));

/** Work straight away, for callers that queue elsewhere (and the pipeline's unit tests). */
const immediately: DecodeQueue = (work) => work();

/**
 * The one image pipeline of the platform (profile photos, posts, gallery): the bytes are checked
 * by decoding them — never by the file name or the declared type —, turned upright, reduced to
 * at most 2048 px, and re-encoded as WebP. Re-encoding drops every piece of metadata (EXIF, GPS
 * position, camera serials, XMP), which members would otherwise publish without knowing.
 */
export async function processUploadedImage(
  input: Buffer,
  field = 'image',
  decodeInTurn: DecodeQueue = immediately,
): Promise<ProcessedImage> {
  if (input.length > MAX_IMAGE_BYTES) {
    throw new AppError(413, 'image_too_large', 'errors.image_too_large', {
      values: { max: MAX_IMAGE_BYTES / 1024 / 1024 },
      fields: { [field]: 'errors.image_too_large' },
    });
  }
  const invalid = () =>
    new AppError(400, 'invalid_image', 'errors.invalid_image', {
      fields: { [field]: 'errors.invalid_image' },
    });

  // The header alone (cheap, outside the queue): format, size and sample depth.
  const sharp = await sharpLibrary();
  let header: Metadata;
  try {
    header = await sharp(input).metadata();
  } catch {
    throw invalid();
  }
  if (!header.format || !ACCEPTED_FORMATS.has(header.format) || !header.width || !header.height)
    throw invalid();
  // Animated images keep only their first frame (animated: false), whose size is pageHeight.
  if (header.width * (header.pageHeight ?? header.height) > MAX_IMAGE_PIXELS)
    throw new AppError(400, 'image_too_many_pixels', 'errors.image_too_many_pixels', {
      fields: { [field]: 'errors.image_too_many_pixels' },
    });
  // 16-bit images (some PNG, TIFF, AVIF) would be resized in 16 bits at about three times the
  // cost; taking them to 8-bit sRGB first makes them cost what an ordinary photo does.
  const wide = header.depth !== undefined && header.depth !== 'uchar' && header.depth !== 'char';

  return decodeInTurn(async () => {
    try {
      let pipeline = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false });
      if (wide) pipeline = pipeline.pipelineColourspace('srgb').toColourspace('srgb');
      const { data, info } = await pipeline
        .rotate()
        .resize({
          width: MAX_IMAGE_DIMENSION,
          height: MAX_IMAGE_DIMENSION,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height, contentType: 'image/webp' as const };
    } catch {
      // Truncated or corrupt files can pass the header check and fail while decoding.
      throw invalid();
    }
  });
}

export type ImagePipeline = {
  /** Counts one upload for `ownerId` (429 past the hourly limit), then processes the image. */
  process(ownerId: number, input: Buffer, field?: string): Promise<ProcessedImage>;
};

/** The refusal of an upload while the member already has IMAGES_IN_FLIGHT_PER_MEMBER in hand. */
const inProgress = (field: string) =>
  new AppError(429, 'images_in_progress', 'errors.images_in_progress', {
    values: { max: IMAGES_IN_FLIGHT_PER_MEMBER },
    fields: { [field]: 'errors.images_in_progress' },
    headers: { 'retry-after': String(IN_FLIGHT_RETRY_AFTER_SECONDS) },
  });

/**
 * One queue per application, hence per instance: it guards this machine's CPU, worker threads
 * and memory.
 */
export function createImagePipeline(
  limits: RateLimits,
  /**
   * Uploads that may wait for the decoder (IMAGE_QUEUE_LIMIT). Each waiting upload holds its
   * bytes (up to 10 MB) in memory: past this many the upload is refused with 503 and
   * Retry-After rather than memory growing without bound.
   */
  options: { queueLimit: number },
): ImagePipeline {
  const decodeInTurn = createDecodeQueue({ concurrency: CONCURRENT_DECODES, maxWaiting: options.queueLimit });
  const uploads = limits.fixedWindow('image-uploads', {
    points: IMAGE_UPLOADS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
    messageKey: 'errors.too_many_uploads',
  });
  /** Uploads in hand per member (IMAGES_IN_FLIGHT_PER_MEMBER); a member with none has no entry. */
  const inFlight = new Map<number, number>();
  return {
    async process(ownerId, input, field = 'image') {
      const own = inFlight.get(ownerId) ?? 0;
      if (own >= IMAGES_IN_FLIGHT_PER_MEMBER) throw inProgress(field);
      inFlight.set(ownerId, own + 1);
      try {
        await uploads.hit(String(ownerId));
        return await processUploadedImage(input, field, decodeInTurn);
      } finally {
        const left = (inFlight.get(ownerId) ?? 1) - 1;
        if (left > 0) inFlight.set(ownerId, left);
        else inFlight.delete(ownerId);
      }
    },
  };
}
