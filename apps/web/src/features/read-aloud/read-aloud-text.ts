import { READ_ALOUD_RATE_MAX, READ_ALOUD_RATE_MIN, READ_ALOUD_RATE_STEP } from '@juntos/domain';

/** One sentence of a text: where it lies in the text (for the highlight) and what is said. */
export type Sentence = { start: number; end: number; text: string };

/** The speeds the settings offer, slowest first. */
export const READ_ALOUD_RATES: readonly number[] = Array.from(
  { length: Math.round((READ_ALOUD_RATE_MAX - READ_ALOUD_RATE_MIN) / READ_ALOUD_RATE_STEP) + 1 },
  (_, index) => READ_ALOUD_RATE_MIN + index * READ_ALOUD_RATE_STEP,
);

const SPOKEN = /[\p{L}\p{N}]/u;

/**
 * The sentences of a text in its language, each trimmed of the spaces around it. A stretch with
 * no letter or digit (a lone "·", an emoji row) is not a sentence: a voice would spell out the
 * symbol's name. Line breaks end a sentence (Unicode sentence rules), so a heading and the
 * paragraph under it are read as two, and the speech gets a newline turned into a space.
 */
export function splitSentences(text: string, language: string): Sentence[] {
  const pieces: { index: number; segment: string }[] =
    typeof Intl.Segmenter === 'function'
      ? Array.from(new Intl.Segmenter(safeLocale(language), { granularity: 'sentence' }).segment(text))
      : fallbackSegments(text);
  const sentences: Sentence[] = [];
  for (const { index, segment } of pieces) {
    const leading = segment.length - segment.trimStart().length;
    const trimmed = segment.trim();
    if (!SPOKEN.test(trimmed)) continue;
    const start = index + leading;
    sentences.push({ start, end: start + trimmed.length, text: trimmed.replace(/\s+/g, ' ') });
  }
  return sentences;
}

/** Without Intl.Segmenter (older browsers): after . ! ? … and line breaks. */
function fallbackSegments(text: string) {
  const pieces: { index: number; segment: string }[] = [];
  const pattern = /[^.!?…\n]*(?:[.!?…]+["'»”)\]]*\s*|\n+|$)/gu;
  for (const match of text.matchAll(pattern)) {
    if (match[0].length === 0) continue;
    pieces.push({ index: match.index, segment: match[0] });
  }
  return pieces;
}

/** A language tag Intl accepts ("" or a malformed attribute would throw). */
function safeLocale(language: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(language)[0];
  } catch {
    return undefined;
  }
}

/** The primary subtag, lower case: "de-AT" and "de_DE" (Android's voices) are both "de". */
export function primaryLanguage(tag: string): string {
  return tag.split(/[-_]/)[0]?.toLowerCase() ?? '';
}

export function speaksLanguage(voice: Pick<SpeechSynthesisVoice, 'lang'>, language: string): boolean {
  return primaryLanguage(voice.lang) !== '' && primaryLanguage(voice.lang) === primaryLanguage(language);
}

/**
 * The member's chosen voice, but only when it speaks the content's language: a German voice
 * reading Greek spells nonsense. Otherwise null, and the browser picks a voice for the
 * utterance's `lang`.
 */
export function chooseVoice<V extends Pick<SpeechSynthesisVoice, 'lang' | 'voiceURI'>>(
  voices: readonly V[],
  chosenURI: string | null,
  language: string,
): V | null {
  if (!chosenURI) return null;
  const voice = voices.find((candidate) => candidate.voiceURI === chosenURI);
  return voice && speaksLanguage(voice, language) ? voice : null;
}

/**
 * The voices to offer in the settings: those of the member's language first (the browser's
 * default among them first), then the others, each group by name. Voices some systems list twice
 * under one URI are offered once.
 */
export function orderVoices<V extends Pick<SpeechSynthesisVoice, 'lang' | 'voiceURI' | 'name' | 'default'>>(
  voices: readonly V[],
  language: string,
): { own: V[]; other: V[] } {
  const seen = new Set<string>();
  const unique = voices.filter((voice) => !seen.has(voice.voiceURI) && seen.add(voice.voiceURI));
  const byName = (a: V, b: V) =>
    Number(b.default) - Number(a.default) ||
    a.name.localeCompare(b.name, language) ||
    a.lang.localeCompare(b.lang);
  return {
    own: unique.filter((voice) => speaksLanguage(voice, language)).sort(byName),
    other: unique.filter((voice) => !speaksLanguage(voice, language)).sort(byName),
  };
}

/** The language of a piece of content: its nearest `lang` attribute, else the page's. */
export function contentLanguage(element: Element): string {
  const tagged = element.closest('[lang]')?.getAttribute('lang');
  return tagged || document.documentElement.lang || 'en';
}
