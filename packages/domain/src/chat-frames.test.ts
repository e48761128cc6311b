import { describe, expect, it } from 'vitest';
import { CHAT_TEMP_ID_MAX_LENGTH } from './chat';
import { ClientFrameSchema, ServerFrameSchema } from './chat-frames';

const message = {
  id: 1,
  temp_id: 'tmp-1',
  sender_id: 2,
  sender: { nombre: 'Ana', apellidos: 'Ruiz' },
  sender_nombre: 'Ana',
  sender_apellidos: 'Ruiz',
  receiver_id: 3,
  message: 'Hola',
  symbols: [],
  timestamp: '2026-11-29T10:00:00.000Z',
  read: false,
  written_with_help: false,
};

describe('the frames a client sends', () => {
  it.each([
    { action: 'heartbeat' },
    { action: 'logout' },
    { action: 'mark_read', sender_id: 7 },
    { action: 'renew', token: 'a.b.c' },
    { receiver_id: 7, message: 'Hola', temp_id: 'tmp-1', active_conversation_with: 7 },
    { receiver_id: 7, message: '', temp_id: null, active_conversation_with: null, symbols: ['x'] },
    // What makes a message acceptable is the chat service's rule, not the frame's shape.
    { receiver_id: 7, message: '   ' },
  ])('accepts %j', (frame) => {
    expect(ClientFrameSchema.safeParse(frame).success).toBe(true);
  });

  it.each([
    ['an unknown action', { action: 'nonsense' }],
    ['a mark_read without a member', { action: 'mark_read' }],
    ['a member id that is not a positive whole number', { action: 'mark_read', sender_id: 1.5 }],
    ['an empty token', { action: 'renew', token: '' }],
    ['a message without a receiver', { message: 'Hola' }],
    ['a message that is not text', { receiver_id: 7, message: 42 }],
    [
      'a temp_id too long',
      { receiver_id: 7, message: 'Hola', temp_id: 'x'.repeat(CHAT_TEMP_ID_MAX_LENGTH + 1) },
    ],
    ['symbols that are not a list', { receiver_id: 7, message: 'Hola', symbols: 'heart' }],
    ['not an object', 'heartbeat'],
  ])('refuses %s', (_, frame) => {
    expect(ClientFrameSchema.safeParse(frame).success).toBe(false);
  });

  it('drops keys it does not know instead of refusing the frame', () => {
    expect(ClientFrameSchema.parse({ action: 'heartbeat', extra: 1 })).toEqual({ action: 'heartbeat' });
  });
});

describe('the frames the server sends', () => {
  it.each([
    { type: 'chat_message', ...message },
    { type: 'error', code: 'bloqueado', error: 'bloqueado', temp_id: 'tmp-1' },
    { type: 'error', code: 'invalid_text', error: '…', temp_id: null, fields: { message: '…' } },
    { type: 'error', code: 'session_ended', error: '…', reason: 'password_changed' },
    { type: 'session_renewed', expires_at: 1_800_000_000_000 },
    { type: 'read_receipt', reader_id: 3 },
    { type: 'status_update', user_id: 3, online: true },
    { type: 'notifications_changed' },
    { type: 'resync' },
    {
      type: 'notification',
      data: { type: 'new_message', from: 'Ana', sender_id: 2, message_preview: 'Hola' },
    },
    { type: 'notification', data: { type: 'user_logged_out', from: 'Ana', sender_id: 2 } },
  ])('accepts %j', (frame) => {
    expect(ServerFrameSchema.safeParse(frame).success).toBe(true);
  });

  it.each([
    ['an unknown type', { type: 'session_ended', reason: 'suspended' }],
    ['no type', { reader_id: 3 }],
    ['a chat message without its sender', { ...message, sender: undefined, type: 'chat_message' }],
    ['an error without its text', { type: 'error', code: 'bloqueado' }],
    ['a status with a member id as text', { type: 'status_update', user_id: '3', online: true }],
    [
      'an unknown notification',
      { type: 'notification', data: { type: 'community_reply', from: '', sender_id: 1 } },
    ],
  ])('refuses %s', (_, frame) => {
    expect(ServerFrameSchema.safeParse(frame).success).toBe(false);
  });
});
