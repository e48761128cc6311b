import sharp from 'sharp';
import { AppError } from './app-error';

/** Uploads above this are refused before decoding (photos from phones are 2–8 MB). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The longest side of a stored image; enough for a full-screen viewer, small enough for phones. */
export const MAX_IMAGE_DIMENSION = 2048;
/** Refuses "decompression bombs": small files that decode to gigantic pixel counts. */
const MAX_INPUT_PIXELS = 50_000_000;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export type ProcessedImage = { data: Buffer; width: number; height: number; contentType: 'image/webp' };

/**
 * The one image pipeline of the platform (profile photos, posts, gallery): the bytes are checked
 * by decoding them — never by the file name or the declared type —, turned upright, reduced to
 * at most 2048 px, and re-encoded as WebP. Re-encoding drops every piece of metadata (EXIF, GPS
 * position, camera serials, XMP), which members would otherwise publish without knowing.
 */
export async function processUploadedImage(input: Buffer, field = 'image'): Promise<ProcessedImage> {
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

  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw invalid();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw invalid();

  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({
        width: MAX_IMAGE_DIMENSION,
        height: MAX_IMAGE_DIMENSION,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, contentType: 'image/webp' };
  } catch {
    // Truncated or corrupt files can pass the header check and fail while decoding.
    throw invalid();
  }
}
