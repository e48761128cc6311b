import { describe, expect, it } from 'vitest';
import { messageTone } from './form-message';

describe('message colour (spec §8): red if the text contains Error or the cross mark', () => {
  it('is an error for "Error" in any case and for ❌', () => {
    expect(messageTone('Error: the password is not correct.')).toBe('error');
    expect(messageTone('Error al buscar perfiles')).toBe('error');
    expect(messageTone('❌ Este correo ya está registrado.')).toBe('error');
  });
  it('is a success otherwise', () => {
    expect(messageTone('Your account was created.')).toBe('success');
    expect(messageTone('Cuenta activada ✓')).toBe('success');
  });
});
