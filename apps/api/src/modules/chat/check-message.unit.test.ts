import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH, SYMBOL_LIMITS } from '@juntos/domain';
import { AppError } from '../../lib/app-error';
import { checkMessage } from './chat.service';

const codeOf = (input: Parameters<typeof checkMessage>[0]) => {
  try {
    checkMessage(input);
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
};

/** The message rules, owned by the chat service whatever carries the message (issue 33). */
describe('the rules a chat message meets', () => {
  it('keeps the trimmed text and the symbols', () => {
    expect(checkMessage({ message: '  hola  ', symbols: undefined })).toEqual({ text: 'hola', symbols: [] });
    expect(checkMessage({ message: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH) }).text).toHaveLength(
      CHAT_MESSAGE_MAX_LENGTH,
    );
  });

  it.each([
    ['empty_message', { message: ' \n\t ' }],
    ['message_too_long', { message: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }],
    ['invalid_symbols', { message: 'hola', symbols: ['no-such-symbol'] }],
    ['invalid_symbols', { message: 'hola', symbols: Array<string>(SYMBOL_LIMITS.perMessage + 1).fill('x') }],
  ])('refuses with %s', (code, input) => {
    expect(codeOf(input)).toBe(code);
  });
});
