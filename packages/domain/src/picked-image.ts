import { z } from 'zod';
import { MAX_IMAGE_BYTES } from './image-limits';

/**
 * An image file picked in the browser, checked against the server's byte limit before it is sent
 * (the server still checks the bytes and the content). Blob rather than File: both runtimes have it.
 * The message is a translation key that names the limit as `{{max}}` (MAX_IMAGE_MEGABYTES).
 */
// Typed by hand so that the declaration apps see (tsc -b reads this package's .d.ts) names the
// global Blob, the DOM's in the web app and Node's in the API, rather than the Blob of Node's
// `buffer` module that the inferred type would spell out.
export const PickedImageSchema: z.ZodType<Blob, Blob> = z
  .instanceof(Blob, { message: 'gallery.errors.image_required' })
  .refine((file) => file.size <= MAX_IMAGE_BYTES, { message: 'image_picker.too_large' });
