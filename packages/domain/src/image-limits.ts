/**
 * The largest image file one upload may carry (posts, gallery, profile photo). The server refuses
 * larger ones before decoding; the browser checks the picked file against the same number, so a
 * member is told at once instead of after sending megabytes over a phone connection.
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The limit in whole megabytes, as the error messages name it. */
export const MAX_IMAGE_MEGABYTES = MAX_IMAGE_BYTES / 1024 / 1024;
