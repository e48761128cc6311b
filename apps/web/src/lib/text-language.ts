import type { Language } from '@juntos/domain';

/*
 * The language a member's text is written in, told from the text itself (issue 37 point 4,
 * decision 0046): nothing is stored about anyone's language to offer a translation.
 */

/** franc's ISO 639-3 codes of the interface languages: detection chooses only among these. */
const FRANC_CODES: Record<string, Language> = {
  eng: 'en',
  spa: 'es',
  fra: 'fr',
  deu: 'de',
  ita: 'it',
  pol: 'pl',
  ron: 'ro',
  nld: 'nl',
  por: 'pt',
  ell: 'el',
};
/** Shorter texts ("ok", "gracias!") name no language reliably; they are not offered. */
const DETECTION_MIN_LENGTH = 12;
/**
 * franc scores each candidate against the best (1). On short texts related languages score close
 * together (an English sentence once scored 1 as German and 0.99 as English): a text that scores
 * this close in the reader's own language is taken to be in it, so nobody is offered a
 * translation of their own language, and a near tie between two others names neither.
 */
const READER_LANGUAGE_SCORE = 0.9;
const NEAR_TIE_SCORE = 0.95;

/**
 * The language a text is written in, when it can tell (loaded only where a translation is
 * possible): the reader's own when it may well be, none when two others are nearly tied.
 */
export async function detectLanguage(text: string, reader: Language): Promise<Language | undefined> {
  if (text.trim().length < DETECTION_MIN_LENGTH) return undefined;
  const { francAll } = await import('franc-min');
  const scores = francAll(text, { only: Object.keys(FRANC_CODES), minLength: DETECTION_MIN_LENGTH });
  const scoreOf = (language: Language) => scores.find(([code]) => FRANC_CODES[code] === language)?.[1] ?? 0;
  const [best, runnerUp] = scores;
  const language = best ? FRANC_CODES[best[0]] : undefined;
  if (!language) return undefined;
  if (language !== reader && scoreOf(reader) >= READER_LANGUAGE_SCORE) return reader;
  if (runnerUp && runnerUp[1] >= NEAR_TIE_SCORE) return undefined;
  return language;
}
