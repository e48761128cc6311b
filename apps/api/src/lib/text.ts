/** At most `max` characters, with an ellipsis when shortened (previews, quoted excerpts). */
export const shortened = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;
