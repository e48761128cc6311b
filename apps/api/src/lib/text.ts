/** At most `max` characters, with an ellipsis when shortened (previews, quoted excerpts). */
export const shortened = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** How much of an item a notice quotes, so its author knows which one it was. */
export const NOTICE_EXCERPT_LENGTH = 80;

/** A post's or comment's opening words on one line, as a notice quotes it to its author. */
export const noticeExcerpt = (item: { title?: string | null; text: string }) =>
  shortened((item.title || item.text).replace(/\s+/g, ' ').trim(), NOTICE_EXCERPT_LENGTH);
