import {
  DEFAULT_DISPLAY_PREFERENCES,
  DISPLAY_PREFERENCES_STORAGE_KEY,
  normalizeDisplayPreferences,
  type DisplayPreferences,
} from '@juntos/domain';
import { chooseVoice, contentLanguage, speaksLanguage, splitSentences } from './read-aloud-text';
import { readableText } from './readable-text';
import {
  HIGHLIGHT_NAME,
  beginReading,
  currentGeneration,
  reportMissingVoice,
  stopReading,
} from './reading-state';

/** How long to wait for a browser that loads its voices after the page (Chromium does). */
const VOICES_WAIT_MS = 1500;

/**
 * Reads content aloud with the browser's own speech synthesis: nothing leaves the device. One
 * utterance per sentence, so the sentence on screen is highlighted as it is spoken and long texts
 * do not hit Chromium's habit of going silent in the middle of a long utterance.
 */

/**
 * Read here rather than through the settings' feature (features do not import each other): the
 * settings write this entry, and reading it at each start applies a change made a moment ago.
 */
function preferences(): DisplayPreferences {
  try {
    const raw = window.localStorage.getItem(DISPLAY_PREFERENCES_STORAGE_KEY);
    return raw ? normalizeDisplayPreferences(JSON.parse(raw)) : DEFAULT_DISPLAY_PREFERENCES;
  } catch {
    return DEFAULT_DISPLAY_PREFERENCES;
  }
}

/**
 * The utterance being spoken. Chromium fires no `end` for an utterance that was garbage-collected
 * while speaking, which would stop the reading after the first sentence: this reference keeps it.
 */
const held = new Set<SpeechSynthesisUtterance>();

function hold(spoken: SpeechSynthesisUtterance | null) {
  held.clear();
  if (spoken) held.add(spoken);
}

function highlight(range: Range | null) {
  if (typeof CSS === 'undefined' || !('highlights' in CSS) || typeof Highlight !== 'function') return;
  if (range) CSS.highlights.set(HIGHLIGHT_NAME, new Highlight(range));
  else CSS.highlights.delete(HIGHLIGHT_NAME);
}

/** Brings the sentence into view when reading has moved past the screen (the page, a long post). */
function keepInView(range: Range) {
  const box = range.getBoundingClientRect();
  if (box.height === 0 || (box.top >= 0 && box.bottom <= window.innerHeight)) return;
  const element = range.startContainer.parentElement;
  const reduce =
    document.documentElement.dataset.motion === 'reduce' ||
    matchMedia('(prefers-reduced-motion: reduce)').matches;
  element?.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
}

function utterance(text: string, language: string, settings: DisplayPreferences) {
  const spoken = new SpeechSynthesisUtterance(text);
  spoken.lang = language;
  spoken.rate = settings.readAloudRate;
  const voice = chooseVoice(window.speechSynthesis.getVoices(), settings.readAloudVoice, language);
  if (voice) spoken.voice = voice;
  return spoken;
}

/**
 * The device's voices. Chromium lists none until its `voiceschanged`, so an empty list is waited
 * on for a moment before it is believed.
 */
function loadedVoices(): Promise<SpeechSynthesisVoice[]> {
  const synthesis = window.speechSynthesis;
  const now = synthesis.getVoices();
  if (now.length > 0) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      synthesis.removeEventListener('voiceschanged', done);
      resolve(synthesis.getVoices());
    };
    const timer = window.setTimeout(done, VOICES_WAIT_MS);
    synthesis.addEventListener('voiceschanged', done);
  });
}

/**
 * Reads `root` sentence by sentence in its language, stopping whatever was reading before.
 * `key` names the reading for the buttons ("Stop reading" on the one that started it).
 * Where the device has no voice for the language, nothing is read (another language's voice
 * would spell nonsense, or stay silent) and the notice says how to add one (issue 34).
 */
export async function readAloud(key: string, root: HTMLElement, nestedUnits: 'skip' | 'read') {
  const language = contentLanguage(root);
  const content = readableText(root, nestedUnits);
  const sentences = splitSentences(content.text, language);
  if (sentences.length === 0) return;
  const voices = await loadedVoices();
  if (!voices.some((voice) => speaksLanguage(voice, language))) {
    stopReading();
    reportMissingVoice(language);
    return;
  }
  reportMissingVoice(null);
  const settings = preferences();
  const own = beginReading(key, root);

  const speakFrom = (index: number) => {
    if (currentGeneration() !== own) return;
    const sentence = sentences[index];
    if (!sentence) {
      hold(null);
      stopReading();
      return;
    }
    const range = content.range(sentence.start, sentence.end);
    highlight(range);
    if (range) keepInView(range);
    const spoken = utterance(sentence.text, language, settings);
    spoken.onend = () => speakFrom(index + 1);
    // "interrupted" and "canceled" come after a stop, which has moved the generation on already.
    spoken.onerror = () => {
      if (currentGeneration() === own) stopReading();
    };
    hold(spoken);
    window.speechSynthesis.speak(spoken);
  };
  speakFrom(0);
}

/**
 * The settings' "Try it": one sentence with the voice and speed being chosen. 'no_voice' when
 * nothing can say it: no voice chosen that the device has, and none for the language (the
 * settings say so beside the button, since the page's own notice is behind the open dialog).
 */
export async function readSample(
  text: string,
  language: string,
  voiceURI: string | null,
  rate: number,
): Promise<'reading' | 'no_voice'> {
  const voices = await loadedVoices();
  const chosen = voiceURI !== null && voices.some((voice) => voice.voiceURI === voiceURI);
  if (!chosen && !voices.some((voice) => speaksLanguage(voice, language))) {
    stopReading();
    return 'no_voice';
  }
  const own = beginReading('sample', null);
  const spoken = utterance(text, language, {
    ...preferences(),
    readAloudVoice: voiceURI,
    readAloudRate: rate,
  });
  spoken.onend = spoken.onerror = () => {
    if (currentGeneration() === own) stopReading();
  };
  hold(spoken);
  window.speechSynthesis.speak(spoken);
  return 'reading';
}
