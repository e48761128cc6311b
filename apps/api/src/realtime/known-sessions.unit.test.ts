import { describe, expect, it } from 'vitest';
import type { AccessClaims } from '../lib/access-tokens';
import { createKnownSessions, type SessionChanges } from './known-sessions';

const OWN = '0f8fad5b-d9cb-469f-a165-70867728950e';
const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const claims = (overrides: Partial<AccessClaims> = {}): AccessClaims => ({
  userId: 7,
  sessionId: OWN,
  issuedAt: 0,
  expiresAt: Number.MAX_SAFE_INTEGER,
  ...overrides,
});

/** A database whose answers the test writes, and the `since` of each read. */
function fakeDatabase() {
  let time = 1_000_000;
  const reads: ({ issues: number; ends: number } | undefined)[] = [];
  let next: Omit<SessionChanges, 'at'> = { issued: [], ended: [] };
  let failing = false;
  return {
    reads,
    answer: (changes: Partial<Omit<SessionChanges, 'at'>>) => (next = { issued: [], ended: [], ...changes }),
    fail: (value: boolean) => (failing = value),
    advance: (ms: number) => (time += ms),
    now: () => time,
    read: async (since: { issues: number; ends: number } | undefined) => {
      reads.push(since);
      if (failing) throw new Error('database away');
      const answer = { at: time, ...next };
      next = { issued: [], ended: [] };
      return answer;
    },
  };
}

describe('known sessions', () => {
  it('let a member’s own token of a session issued lately and not ended suffice, and nothing else', async () => {
    const database = fakeDatabase();
    const known = createKnownSessions({ read: database.read, onError: () => undefined, now: database.now });
    expect(known.tokenSuffices(claims()), 'before the first read').toBe(false);
    database.answer({ issued: [{ sessionId: OWN, userId: 7, at: database.now() }] });
    await known.refresh();
    expect(database.reads, 'nothing is read before the first socket starts the reading').toEqual([]);
    // The first socket starts the reading, and the sockets of its storm wait for that one read.
    const firstRead = known.start();
    expect(known.start(), 'a second socket waits for the same read').toBe(firstRead);
    await firstRead;
    expect(known.start(), 'once it has answered, no socket waits').toBeUndefined();
    expect(database.reads).toHaveLength(1);
    expect(known.tokenSuffices(claims())).toBe(true);
    expect(known.tokenSuffices(claims({ userId: 8 })), 'the session of another member').toBe(false);
    expect(known.tokenSuffices(claims({ sessionId: OTHER })), 'a session not issued lately').toBe(false);
    expect(known.tokenSuffices(claims({ supporterId: 9 })), 'an acting token').toBe(false);

    database.advance(1000);
    database.answer({ ended: [OWN] });
    const learnt: string[] = [];
    known.onEnded((sessionIds) => learnt.push(...sessionIds));
    await known.refresh();
    expect(known.tokenSuffices(claims()), 'an ended session').toBe(false);
    expect(learnt).toEqual([OWN]);
    await known.close();
  });

  it('stop sufficing when the reads fail or lag, and say so once per outage', async () => {
    const database = fakeDatabase();
    const errors: unknown[] = [];
    let recoveries = 0;
    const known = createKnownSessions({
      read: database.read,
      onError: (error) => errors.push(error),
      onRecovery: () => (recoveries += 1),
      now: database.now,
    });
    database.answer({ issued: [{ sessionId: OWN, userId: 7, at: database.now() }] });
    await known.start();
    database.fail(true);
    await known.refresh();
    await known.refresh();
    expect(errors).toHaveLength(1);
    expect(known.tokenSuffices(claims()), 'fresh enough still').toBe(true);
    database.advance(5000);
    expect(known.tokenSuffices(claims()), 'stale').toBe(false);
    database.fail(false);
    await known.refresh();
    expect(recoveries).toBe(1);
    expect(known.tokenSuffices(claims())).toBe(true);
    await known.close();
  });

  it('read back far enough for ends committed late, forget sessions whose tokens have all expired', async () => {
    const database = fakeDatabase();
    const known = createKnownSessions({ read: database.read, onError: () => undefined, now: database.now });
    database.answer({ issued: [{ sessionId: OWN, userId: 7, at: database.now() }] });
    await known.start();
    const firstAt = database.now();
    database.advance(1000);
    await known.refresh();
    expect(database.reads[0]).toBeUndefined();
    expect(database.reads[1]).toEqual({ issues: firstAt - 5_000, ends: firstAt - 120_000 });
    database.advance(21 * 60_000);
    await known.refresh();
    expect(known.tokenSuffices(claims()), 'no token of it can be valid any more').toBe(false);
    await known.close();
  });

  it('let the sockets waiting for a first read that fails go on to their own lookups', async () => {
    const database = fakeDatabase();
    const errors: unknown[] = [];
    const known = createKnownSessions({
      read: database.read,
      onError: (error) => errors.push(error),
      now: database.now,
    });
    database.fail(true);
    await expect(known.start()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(known.start(), 'no socket waits after it').toBeUndefined();
    expect(known.tokenSuffices(claims())).toBe(false);
    await known.close();
  });
});
