import { useSyncExternalStore } from 'react';

/**
 * What is being read, shared by every read-aloud button so that only one thing reads at a time
 * and each button can say "Stop reading" while its own content is read. Kept apart from the
 * reader (reader.ts, loaded on the first click) because the top bar's "Read the page" is part of
 * the landing page's first load (decision 0017).
 */

export const HIGHLIGHT_NAME = 'read-aloud';
/** Set on the content being read: an outline where the Custom Highlight API is missing. */
export const READING_ATTRIBUTE = 'data-read-aloud-reading';

let readingKey: string | null = null;
/** The language a reading found no voice for, until the notice is closed or a reading starts. */
let missingVoice: string | null = null;
let readingElement: HTMLElement | null = null;
/** Bumped by every start and stop: a reading whose generation is past stops at its next step. */
let generation = 0;
const listeners = new Set<() => void>();

/** speechSynthesis exists (absent in some embedded browsers and older Firefox on Linux). */
export function speechAvailable(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window;
}

export function useReadingKey(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => readingKey,
    () => null,
  );
}

/** The language with no voice on this device, for the notice (read-aloud-notice.tsx). */
export function useMissingVoice(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => missingVoice,
    () => null,
  );
}

/** Says (or, with null, stops saying) that the device has no voice for `language`. */
export function reportMissingVoice(language: string | null) {
  if (missingVoice === language) return;
  missingVoice = language;
  notify();
}

export function currentGeneration(): number {
  return generation;
}

function notify() {
  for (const listener of listeners) listener();
}

/** Escape stops the reading first; a second Escape then closes a dialog as usual. */
function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape' || readingKey === null) return;
  event.preventDefault();
  event.stopPropagation();
  stopReading();
}

/** Marks `key` as reading (stopping anything else first) and returns its generation. */
export function beginReading(key: string, element: HTMLElement | null): number {
  stopReading();
  readingKey = key;
  readingElement = element;
  element?.setAttribute(READING_ATTRIBUTE, '');
  window.addEventListener('keydown', onKeyDown, true);
  notify();
  return generation;
}

/** Stops whatever is reading, if anything. Warning: cancels every utterance of this page. */
export function stopReading() {
  generation += 1;
  if (readingKey === null) return;
  readingKey = null;
  readingElement?.removeAttribute(READING_ATTRIBUTE);
  readingElement = null;
  window.removeEventListener('keydown', onKeyDown, true);
  if (typeof CSS !== 'undefined' && 'highlights' in CSS) CSS.highlights.delete(HIGHLIGHT_NAME);
  window.speechSynthesis.cancel();
  notify();
}

/** Stops the reading of `key` only (its content left the page). */
export function stopReadingOf(key: string) {
  if (readingKey === key) stopReading();
}
