import type { Locator } from 'playwright-core';

/**
 * The natural width of an image once it has finished loading (0 when it failed). Reading it as
 * soon as the element appears races the download, which a busy machine loses.
 */
export const loadedWidth = (image: Locator) =>
  image.evaluate(
    (element) =>
      new Promise<number>((resolve) => {
        const img = element as HTMLImageElement;
        if (img.complete) resolve(img.naturalWidth);
        else {
          img.addEventListener('load', () => resolve(img.naturalWidth), { once: true });
          img.addEventListener('error', () => resolve(0), { once: true });
        }
      }),
  );
