import { describe, expect, it } from 'vitest';
import { filterFriends } from './friend-search';

const friends = [
  { nombre: 'José', apellidos: 'Martín Ruiz' },
  { nombre: 'Ελένη', apellidos: 'Παπαδοπούλου' },
  { nombre: 'Anne-Marie', apellidos: 'Dubois' },
];

describe('the chat friend search', () => {
  it('ignores an empty or blank query: every friend shows', () => {
    expect(filterFriends(friends, '')).toBe(friends);
    expect(filterFriends(friends, '   \t ')).toBe(friends);
  });

  it('matches the start of any name word, whatever the case and accents', () => {
    expect(filterFriends(friends, 'jose')).toEqual([friends[0]]);
    expect(filterFriends(friends, '  RUIZ ')).toEqual([friends[0]]);
    expect(filterFriends(friends, 'ελενη')).toEqual([friends[1]]);
    expect(filterFriends(friends, 'marie')).toEqual([friends[2]]);
    expect(filterFriends(friends, 'anne-marie')).toEqual([friends[2]]);
    expect(filterFriends(friends, 'jo ma')).toEqual([friends[0]]);
  });

  it('finds nobody when a word matches no name', () => {
    expect(filterFriends(friends, 'jose dubois')).toEqual([]);
    expect(filterFriends(friends, 'uiz')).toEqual([]);
  });
});
