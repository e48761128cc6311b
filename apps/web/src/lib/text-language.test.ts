import { describe, expect, it } from 'vitest';
import { detectLanguage } from './text-language';

describe('the language of a text (issue 37 point 4)', () => {
  it('names the language of a sentence in each of several interface languages', async () => {
    expect(await detectLanguage('Σήμερα ο γιος μου είχε την πρώτη του συνεδρία φυσικοθεραπείας.', 'en')).toBe(
      'el',
    );
    expect(
      await detectLanguage('Dzisiaj mój syn miał pierwszą sesję fizjoterapii i był bardzo dzielny.', 'en'),
    ).toBe('pl');
    expect(
      await detectLanguage('Hoy mi hijo tuvo su primera sesión de fisioterapia y fue muy valiente.', 'en'),
    ).toBe('es');
    expect(
      await detectLanguage('Today my son had his first physiotherapy session and he was so brave.', 'de'),
    ).toBe('en');
  });

  it('takes a text that may well be in the reader’s own language to be in it', async () => {
    // franc alone scores this English sentence as German first, English a close second.
    const english = 'Our daughter started at a new school today and loved it.';
    expect(await detectLanguage(english, 'en')).toBe('en');
  });

  it('names no language for a text too short to tell, or for a near tie between two others', async () => {
    expect(await detectLanguage('ok, gracias', 'en')).toBeUndefined();
    // French scores Romanian a close second on this sentence: neither is named to a Dutch reader.
    expect(
      await detectLanguage("Aujourd'hui mon fils a eu sa première séance de kinésithérapie.", 'nl'),
    ).toBeUndefined();
  });
});
