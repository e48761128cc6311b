/**
 * The address of the next page of a list (`{results, next}` of spec §7), or null on the last one.
 * Parameters without a value are left out.
 */
export function nextPageUrl(
  path: string,
  params: Record<string, string | number | null | undefined>,
  more: boolean,
): string | null {
  if (!more) return null;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  return `${path}?${query.toString()}`;
}

/** An ILIKE pattern for "contains", where `%`, `_` and `\` typed by a member match themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
