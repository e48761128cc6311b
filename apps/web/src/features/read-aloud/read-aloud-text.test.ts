import { describe, expect, it } from 'vitest';
import {
  READ_ALOUD_RATES,
  chooseVoice,
  orderVoices,
  primaryLanguage,
  splitSentences,
} from './read-aloud-text';

const voice = (voiceURI: string, lang: string, name = voiceURI, isDefault = false) => ({
  voiceURI,
  lang,
  name,
  default: isDefault,
});

describe('splitSentences', () => {
  it('splits at sentence ends and keeps each sentence where it lies in the text', () => {
    const text = 'Hello Ana. How are you today? I am fine!';
    const sentences = splitSentences(text, 'en');
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      'Hello Ana.',
      'How are you today?',
      'I am fine!',
    ]);
    for (const sentence of sentences) expect(text.slice(sentence.start, sentence.end)).toBe(sentence.text);
  });

  it('ends a sentence at a line break (a heading and its paragraph) and speaks it without the break', () => {
    const sentences = splitSentences('Your data\nWe keep it safe. We never sell it.', 'en');
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      'Your data',
      'We keep it safe.',
      'We never sell it.',
    ]);
  });

  it('leaves out stretches with no letter or digit, and trims spaces', () => {
    const text = '  · \n  Guten Tag.   ✓  \n';
    const sentences = splitSentences(text, 'de');
    expect(sentences).toEqual([{ start: 7, end: 17, text: 'Guten Tag.' }]);
  });

  it('splits Greek at its question mark (;) and accepts a malformed language tag', () => {
    expect(splitSentences('Τι κάνεις; Καλά.', 'el').map((sentence) => sentence.text)).toEqual([
      'Τι κάνεις;',
      'Καλά.',
    ]);
    expect(splitSentences('One. Two.', 'not a tag!').map((sentence) => sentence.text)).toEqual([
      'One.',
      'Two.',
    ]);
  });

  it('does not end a sentence inside a number', () => {
    expect(splitSentences('Es kostet 2.50 Euro. Danke.', 'de').map((sentence) => sentence.text)).toEqual([
      'Es kostet 2.50 Euro.',
      'Danke.',
    ]);
  });
});

describe('voices', () => {
  const voices = [
    voice('urn:de-1', 'de-DE', 'Anna'),
    voice('urn:en-1', 'en-GB', 'Daniel', true),
    voice('urn:de-2', 'de_AT', 'Bernd'),
    voice('urn:el-1', 'el-GR', 'Melina'),
  ];

  it('compares languages by their primary subtag, whatever the separator or case', () => {
    expect(primaryLanguage('de_AT')).toBe('de');
    expect(primaryLanguage('EN-gb')).toBe('en');
    expect(primaryLanguage('')).toBe('');
  });

  it('uses the chosen voice only for content in its language', () => {
    expect(chooseVoice(voices, 'urn:de-2', 'de')?.name).toBe('Bernd');
    expect(chooseVoice(voices, 'urn:de-2', 'de-CH')?.name).toBe('Bernd');
    // A German voice does not read Greek: the browser picks one for lang="el".
    expect(chooseVoice(voices, 'urn:de-2', 'el')).toBeNull();
    expect(chooseVoice(voices, 'urn:gone', 'de')).toBeNull();
    expect(chooseVoice(voices, null, 'de')).toBeNull();
  });

  it('offers the voices of the member’s language first, by name, each once', () => {
    const { own, other } = orderVoices([...voices, voice('urn:de-1', 'de-DE', 'Anna')], 'de');
    expect(own.map((candidate) => candidate.name)).toEqual(['Anna', 'Bernd']);
    expect(other.map((candidate) => candidate.name)).toEqual(['Daniel', 'Melina']);
  });
});

describe('READ_ALOUD_RATES', () => {
  it('runs from half to double speed in quarter steps', () => {
    expect(READ_ALOUD_RATES).toEqual([0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]);
  });
});
