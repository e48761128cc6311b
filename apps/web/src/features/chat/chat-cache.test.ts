import { describe, expect, it } from 'vitest';
import { mergeMessages, type LocalMessage } from './chat-cache';

const message = (overrides: Partial<LocalMessage>): LocalMessage => ({
  id: null,
  temp_id: null,
  sender_id: 1,
  sender: { nombre: 'Ana', apellidos: '' },
  sender_nombre: 'Ana',
  sender_apellidos: '',
  receiver_id: 2,
  message: 'hola',
  timestamp: '2026-11-22T10:00:00.000Z',
  read: false,
  written_with_help: false,
  ...overrides,
});

describe('merging chat messages', () => {
  it('replaces a local message by the stored one with its temp_id, once', () => {
    const local = message({ temp_id: 't1' });
    const stored = message({ id: 10, temp_id: 't1' });
    expect(mergeMessages([local], [stored])).toEqual([stored]);
    expect(mergeMessages([stored], [stored])).toEqual([stored]);
  });

  it('orders stored messages by id and keeps the unsent ones last', () => {
    const pending = message({ temp_id: 'p' });
    const merged = mergeMessages([pending, message({ id: 7 })], [message({ id: 3, temp_id: 'x' })]);
    expect(merged.map((m) => m.id ?? m.temp_id)).toEqual([3, 7, 'p']);
  });

  it('never turns a read message back to unread', () => {
    const read = message({ id: 5, read: true });
    expect(mergeMessages([read], [message({ id: 5, read: false })])[0]?.read).toBe(true);
  });
});
