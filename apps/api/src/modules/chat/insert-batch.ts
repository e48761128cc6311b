import type { NewMessage, StoreResult } from './chat.repository';

/** Calls folded into one statement at most; more waiting start another statement at once. */
export const MAX_BATCH = 200;

type Waiting<In, Out> = {
  value: In;
  resolve: (result: Out) => void;
  reject: (error: unknown) => void;
};

/**
 * Folds the calls made at the same moment into one: what arrives before the event loop turns
 * (setImmediate, after the I/O callbacks that brought the frames) goes to `many` together, at most
 * MAX_BATCH at a time, so at a thousand messages a second the database sees tens of statements
 * instead of a thousand, and no call waits for a timer. Several batches may be in flight at once
 * (the pool has several connections). A batch that fails as a whole is retried one call at a time
 * (`one`), so only the call at fault fails.
 */
export function createMicroBatcher<In, Out>(run: {
  many(values: readonly In[]): Promise<Out[]>;
  one(value: In): Promise<Out>;
}) {
  const queue: Waiting<In, Out>[] = [];
  let scheduled = false;

  async function write(batch: Waiting<In, Out>[]) {
    try {
      const results = await run.many(batch.map((item) => item.value));
      batch.forEach((item, index) => item.resolve(results[index] as Out));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      await Promise.all(batch.map((item) => run.one(item.value).then(item.resolve, item.reject)));
    }
  }

  function flush() {
    scheduled = false;
    while (queue.length > 0) void write(queue.splice(0, MAX_BATCH));
  }

  return {
    run(value: In): Promise<Out> {
      return new Promise((resolve, reject) => {
        queue.push({ value, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    /** Calls waiting for the next batch (tests). */
    waiting: () => queue.length,
  };
}

/**
 * Messages sent at the same moment stored in one INSERT. Each caller gets its own row (its own id)
 * once the statement committed, so nobody is told of a message before it is stored; the order
 * within a conversation is the service's (it sends a conversation's next message only after the
 * previous one was stored). A batch that fails as a whole (a receiver's account erased meanwhile
 * breaks its foreign key) is retried one message at a time, so only that message fails.
 */
export function createInsertBatcher(store: {
  storeMany(values: readonly NewMessage[]): Promise<(StoreResult | undefined)[]>;
  store(value: NewMessage): Promise<StoreResult | undefined>;
}) {
  const batcher = createMicroBatcher<NewMessage, StoreResult | undefined>({
    many: (values) => store.storeMany(values),
    one: (value) => store.store(value),
  });
  return { store: (value: NewMessage) => batcher.run(value), waiting: batcher.waiting };
}
