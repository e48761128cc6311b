import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from './image-limits';
import { PickedImageSchema } from './picked-image';

describe('PickedImageSchema', () => {
  it('takes an image up to the byte limit and refuses a larger one with the limit message', () => {
    expect(PickedImageSchema.safeParse(new Blob([new Uint8Array(MAX_IMAGE_BYTES)])).success).toBe(true);
    const tooLarge = PickedImageSchema.safeParse(new Blob([new Uint8Array(MAX_IMAGE_BYTES + 1)]));
    expect(tooLarge.error?.issues[0]?.message).toBe('image_picker.too_large');
  });
});
