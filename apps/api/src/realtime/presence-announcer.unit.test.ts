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
  lookupsAtOnce: number,
  membersPerLookup: number,
  onError: (error: unknown, userIds: number[]) => void = () => undefined,
) => createPresenceAnnouncer({ tell: calls.tell, lookupsAtOnce, membersPerLookup, gatherMs: 0, onError });

describe('presence announcer', () => {
  it('tells a storm of changes in a few batches at a time, in the order they happened', async () => {
    const calls = heldTells();
    const announcer = announcerWith(calls, 2, 3);
    for (let userId = 1; userId <= 10; userId += 1) announcer.announce(userId, true);
    // The first changes are told at once, alone; the others wait for a lookup and go in batches.
    expect(calls.openBatches()).toEqual([[1], [2]]);
    expect(announcer.backlog()).toBe(10);
    await calls.finishOne();
    expect(calls.openBatches()).toEqual([[2], [3, 4, 5]]);
    let settled = false;
    void announcer.settled().then(() => (settled = true));
    while (calls.open.length > 0) {
      expect(calls.open.length).toBeLessThanOrEqual(2);
      await calls.finishOne();
    }
    expect(calls.told).toEqual(Array.from({ length: 10 }, (_, i) => `${i + 1}:on`));
    expect(announcer.backlog()).toBe(0);
    expect(settled).toBe(true);
  });

  it('gathers the changes of a storm right after a lookup, and tells a quiet change at once', async () => {
    const calls = heldTells();
    const announcer = createPresenceAnnouncer({
      tell: calls.tell,
      lookupsAtOnce: 1,
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
    const announcer = announcerWith(calls, 1, 10);
    announcer.announce(1, true); // told at once
    announcer.announce(2, true); // waits
    announcer.announce(2, false); // replaces it: friends who saw member 2 online meanwhile learn otherwise
    announcer.announce(3, true);
    announcer.announce(3, true);
    while (calls.open.length > 0) await calls.finishOne();
    expect(calls.told).toEqual(['1:on', '2:off', '3:on']);
  });

  it('never tells two changes of one member at once, and keeps their order', async () => {
    const calls = heldTells();
    const announcer = announcerWith(calls, 4, 10);
    announcer.announce(1, true);
    announcer.announce(1, false); // member 1 is being told: this one waits for it
    announcer.announce(2, true);
    expect(calls.openBatches()).toEqual([[1], [2]]);
    while (calls.open.length > 0) await calls.finishOne();
    expect(calls.told).toEqual(['1:on', '2:on', '1:off']);
  });

  it('reports the changes it could not tell and goes on with the others', async () => {
    const calls = heldTells();
    const failed: number[][] = [];
    const announcer = announcerWith(calls, 1, 10, (_error, userIds) => failed.push(userIds));
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
