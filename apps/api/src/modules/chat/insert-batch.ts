import type { NewMessage, StoreResult } from './chat.repository';

/** Messages stored in one statement at most; more waiting start another statement at once. */
export const MAX_BATCH = 200;

type Waiting = {
  value: NewMessage;
  resolve: (result: StoreResult | undefined) => void;
  reject: (error: unknown) => void;
};

/**
 * Folds the messages sent at the same moment into one INSERT: what arrives before the event loop
 * turns (setImmediate, after the I/O callbacks that brought the frames) is written together, so
 * at a thousand messages a second the database sees tens of statements instead of a thousand,
 * and no message waits for a timer. Each caller gets its own row (its own id) once the statement
 * committed, so nobody is told of a message before it is stored. Several batches may be in flight
 * at once (the pool has several connections); the order within a conversation is the service's
 * (it sends a conversation's next message only after the previous one was stored).
 *
 * A batch that fails as a whole (a receiver's account erased meanwhile breaks its foreign key)
 * is retried one message at a time, so only that message fails.
 */
export function createInsertBatcher(store: {
  storeMany(values: readonly NewMessage[]): Promise<(StoreResult | undefined)[]>;
  store(value: NewMessage): Promise<StoreResult | undefined>;
}) {
  const queue: Waiting[] = [];
  let scheduled = false;

  async function write(batch: Waiting[]) {
    try {
      const results = await store.storeMany(batch.map((item) => item.value));
      batch.forEach((item, index) => item.resolve(results[index]));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      await Promise.all(batch.map((item) => store.store(item.value).then(item.resolve, item.reject)));
    }
  }

  function flush() {
    scheduled = false;
    while (queue.length > 0) void write(queue.splice(0, MAX_BATCH));
  }

  return {
    store(value: NewMessage): Promise<StoreResult | undefined> {
      return new Promise((resolve, reject) => {
        queue.push({ value, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    /** Messages waiting for the next statement (tests). */
    waiting: () => queue.length,
  };
}
