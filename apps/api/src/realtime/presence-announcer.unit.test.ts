import { describe, expect, it } from 'vitest';
import { createPresenceAnnouncer } from './presence';

/** A `tell` whose calls stay open until the test finishes them, one by one. */
function heldTells() {
  const open: { userId: number; online: boolean; finish: (error?: Error) => void }[] = [];
  const told: string[] = [];
  const tell = (userId: number, online: boolean) =>
    new Promise<void>((resolve, reject) => {
      open.push({
        userId,
        online,
        finish: (error) => {
          if (error) reject(error);
          else {
            told.push(`${userId}:${online ? 'on' : 'off'}`);
            resolve();
          }
        },
      });
    });
  /** Finishes the oldest open call and lets the announcer start the next ones. */
  const finishOne = async (error?: Error) => {
    open.shift()?.finish(error);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { open, told, tell, finishOne };
}

describe('presence announcer', () => {
  it('tells a storm of changes a few at a time, in the order they happened', async () => {
    const calls = heldTells();
    const announcer = createPresenceAnnouncer({
      tell: calls.tell,
      lookupsAtOnce: 2,
      onError: () => undefined,
    });
    for (let userId = 1; userId <= 5; userId += 1) announcer.announce(userId, true);
    expect(calls.open.map((call) => call.userId)).toEqual([1, 2]);
    expect(announcer.backlog()).toBe(5);
    let settled = false;
    void announcer.settled().then(() => (settled = true));
    while (calls.open.length > 0) {
      expect(calls.open.length).toBeLessThanOrEqual(2);
      await calls.finishOne();
    }
    expect(calls.told).toEqual(['1:on', '2:on', '3:on', '4:on', '5:on']);
    expect(announcer.backlog()).toBe(0);
    expect(settled).toBe(true);
  });

  it('tells nothing of a change undone before its turn, and once of a change announced twice', async () => {
    const calls = heldTells();
    const announcer = createPresenceAnnouncer({
      tell: calls.tell,
      lookupsAtOnce: 1,
      onError: () => undefined,
    });
    announcer.announce(1, true); // told at once
    announcer.announce(2, true); // waits
    announcer.announce(2, false); // undoes it: member 2's friends saw nothing change
    announcer.announce(3, true);
    announcer.announce(3, true);
    while (calls.open.length > 0) await calls.finishOne();
    expect(calls.told).toEqual(['1:on', '3:on']);
  });

  it('never tells two changes of one member at once, and keeps their order', async () => {
    const calls = heldTells();
    const announcer = createPresenceAnnouncer({
      tell: calls.tell,
      lookupsAtOnce: 4,
      onError: () => undefined,
    });
    announcer.announce(1, true);
    announcer.announce(1, false); // member 1 is being told: this one waits for it
    announcer.announce(2, true);
    expect(calls.open.map((call) => `${call.userId}:${call.online}`)).toEqual(['1:true', '2:true']);
    while (calls.open.length > 0) await calls.finishOne();
    expect(calls.told).toEqual(['1:on', '2:on', '1:off']);
  });

  it('reports a change it could not tell and goes on with the others', async () => {
    const calls = heldTells();
    const failed: number[] = [];
    const announcer = createPresenceAnnouncer({
      tell: calls.tell,
      lookupsAtOnce: 1,
      onError: (_error, userId) => failed.push(userId),
    });
    announcer.announce(1, true);
    announcer.announce(2, true);
    await calls.finishOne(new Error('database away'));
    await calls.finishOne();
    expect(failed).toEqual([1]);
    expect(calls.told).toEqual(['2:on']);
    await announcer.settled();
  });
});
