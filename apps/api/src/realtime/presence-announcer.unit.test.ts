import { describe, expect, it } from 'vitest';
import { createPresenceAnnouncer, type PresenceChange } from './presence';

/** A `tell` whose calls (one per batch) stay open until the test finishes them, oldest first. */
function heldTells() {
  const open: { batch: PresenceChange[]; finish: (error?: Error) => void }[] = [];
  const told: string[] = [];
  const tell = (batch: PresenceChange[]) =>
    new Promise<void>((resolve, reject) => {
      open.push({
        batch,
        finish: (error) => {
          if (error) return reject(error);
          told.push(...batch.map(({ userId, online }) => `${userId}:${online ? 'on' : 'off'}`));
          resolve();
        },
      });
    });
  const finishOne = async (error?: Error) => {
    open.shift()?.finish(error);
    await new Promise((resolve) => setImmediate(resolve));
  };
  const openBatches = () => open.map(({ batch }) => batch.map(({ userId }) => userId));
  return { open, told, tell, finishOne, openBatches };
}

const announcerWith = (
  calls: ReturnType<typeof heldTells>,
  membersPerLookup: number,
  onError: (error: unknown, userIds: number[]) => void = () => undefined,
) => createPresenceAnnouncer({ tell: calls.tell, membersPerLookup, gatherMs: 0, onError });

describe('presence announcer', () => {
  it('tells a storm of changes one batch at a time, in the order they happened', async () => {
    const calls = heldTells();
    const announcer = announcerWith(calls, 3);
    for (let userId = 1; userId <= 8; userId += 1) announcer.announce(userId, true);
    // The first change is told at once, alone; the others wait for the lookup and go in batches.
    expect(calls.openBatches()).toEqual([[1]]);
    let settled = false;
    void announcer.settled().then(() => (settled = true));
    await calls.finishOne();
    expect(calls.openBatches()).toEqual([[2, 3, 4]]);
    while (calls.open.length > 0) {
      expect(calls.open).toHaveLength(1);
      expect(settled).toBe(false);
      await calls.finishOne();
    }
    expect(calls.told).toEqual(Array.from({ length: 8 }, (_, i) => `${i + 1}:on`));
    expect(settled).toBe(true);
  });

  it('gathers the changes of a storm right after a lookup, and tells a quiet change at once', async () => {
    const calls = heldTells();
    const announcer = createPresenceAnnouncer({
      tell: calls.tell,
      membersPerLookup: 100,
      gatherMs: 50,
      onError: () => undefined,
    });
    announcer.announce(1, true);
    expect(calls.openBatches(), 'a quiet instance tells at once').toEqual([[1]]);
    announcer.announce(2, true);
    await calls.finishOne();
    expect(calls.openBatches(), 'one change during a lookup is still quiet: told at once').toEqual([[2]]);
    for (let userId = 3; userId <= 6; userId += 1) announcer.announce(userId, true);
    await calls.finishOne();
    expect(calls.openBatches(), 'after a lookup during which several came, the next waits for more').toEqual(
      [],
    );
    announcer.announce(7, true);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(calls.openBatches()).toEqual([[3, 4, 5, 6, 7]]);
    await calls.finishOne();
    await announcer.settled();
  });

  it('tells a member whose changes waited once, as they are then', async () => {
    const calls = heldTells();
    const announcer = announcerWith(calls, 10);
    announcer.announce(1, true); // told at once
    announcer.announce(2, true); // waits
    announcer.announce(2, false); // replaces it: friends who saw member 2 online meanwhile learn otherwise
    announcer.announce(3, true);
    announcer.announce(3, true);
    while (calls.open.length > 0) await calls.finishOne();
    expect(calls.told).toEqual(['1:on', '2:off', '3:on']);
  });

  it('tells a member’s change made while their earlier one is being told after it', async () => {
    const calls = heldTells();
    const announcer = announcerWith(calls, 10);
    announcer.announce(1, true);
    announcer.announce(1, false); // member 1 is being told: this one waits for it
    announcer.announce(2, true);
    expect(calls.openBatches()).toEqual([[1]]);
    while (calls.open.length > 0) await calls.finishOne();
    expect(calls.told).toEqual(['1:on', '1:off', '2:on']);
  });

  it('reports the changes it could not tell and goes on with the others', async () => {
    const calls = heldTells();
    const failed: number[][] = [];
    const announcer = announcerWith(calls, 10, (_error, userIds) => failed.push(userIds));
    announcer.announce(1, true);
    announcer.announce(2, true);
    announcer.announce(3, true);
    await calls.finishOne(new Error('database away'));
    await calls.finishOne();
    expect(failed).toEqual([[1]]);
    expect(calls.told).toEqual(['2:on', '3:on']);
    await announcer.settled();
  });
});
