/** Lower case without accents, so "jose" finds "José" and "ELENI" finds "Eleni". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase();

/**
 * The chat's friend search (spec §5: an empty trimmed query is ignored, so every friend shows).
 * A friend matches when each word of the query starts a word of their name.
 */
export function filterFriends<Friend extends { nombre: string; apellidos: string }>(
  friends: readonly Friend[],
  query: string,
): readonly Friend[] {
  const words = folded(query)
    .split(/[\s-]+/)
    .filter(Boolean);
  if (words.length === 0) return friends;
  return friends.filter((friend) => {
    const nameWords = folded(`${friend.nombre} ${friend.apellidos}`).split(/[\s-]+/);
    return words.every((word) => nameWords.some((nameWord) => nameWord.startsWith(word)));
  });
}
