import { createMicroBatcher } from '../../lib/micro-batcher';
import type { NewMessage, StoreResult } from './chat.repository';

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
