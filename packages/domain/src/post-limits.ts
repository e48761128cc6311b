/** Lengths of post, comment and gallery texts. Kept apart from the zod schemas, so screens that
 * only need a number (the top-bar search box on every page) do not load zod. */
export const POST_LIMITS = {
  title: 150,
  text: 5000,
  imageAlt: 500,
  comment: 2000,
  galleryTitle: 150,
  galleryDescription: 1000,
  search: 100,
} as const;
