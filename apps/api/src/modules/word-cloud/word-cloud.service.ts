import { SUPPORTED_LANGUAGES, type Language } from '@juntos/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaStore } from '../../lib/media-store';
import type { DiseaseCatalogue } from '../diseases';
import { renderWordCloud } from './word-cloud-renderer';
import type { WordCloudRepository } from './word-cloud.repository';

export type WordCloud = {
  /** The PNG with a cache-busting timestamp, or null while no disease has 3 members. */
  image_url: string | null;
  /** The words the picture shows, most declared first: its text alternative. */
  words: { text: string; members: number }[];
  generated_at: string;
};

/**
 * The word cloud of declared diseases, one picture per language. Profile changes are gathered
 * for `debounceMs`, then the languages already asked for are drawn again; a language nobody
 * asked for is drawn on its first request. Drawing one cloud takes about 100 ms.
 */
export function createWordCloudService(deps: {
  repository: WordCloudRepository;
  diseases: DiseaseCatalogue;
  mediaStore: MediaStore;
  debounceMs: number;
  log: FastifyBaseLogger;
}) {
  const clouds = new Map<Language, WordCloud>();
  const stale = new Set<Language>();
  const inFlight = new Map<Language, Promise<WordCloud>>();
  let timer: NodeJS.Timeout | undefined;

  async function draw(language: Language): Promise<WordCloud> {
    stale.delete(language);
    const declared = await deps.repository.declaredDiseases();
    const words = declared.map((disease) => ({
      text: (disease.orphacode !== null && deps.diseases.nameOf(disease.orphacode, language)) || disease.name,
      members: disease.members,
    }));
    const rendered = await renderWordCloud(words.map((word) => ({ text: word.text, weight: word.members })));
    const shown = new Set(rendered.placed);
    const generatedAt = new Date();
    let imageUrl: string | null = null;
    if (shown.size > 0) {
      const key = await deps.mediaStore.saveAppFile(`word-cloud-${language}.png`, rendered.png);
      imageUrl = `${deps.mediaStore.publicUrl(key)}?t=${generatedAt.getTime()}`;
    }
    const cloud = {
      image_url: imageUrl,
      words: words.filter((word) => shown.has(word.text)),
      generated_at: generatedAt.toISOString(),
    };
    clouds.set(language, cloud);
    return cloud;
  }

  /** One drawing per language at a time; callers arriving meanwhile share its result. */
  function drawOnce(language: Language): Promise<WordCloud> {
    const running = inFlight.get(language);
    if (running) return running;
    const drawing = draw(language).finally(() => inFlight.delete(language));
    inFlight.set(language, drawing);
    return drawing;
  }

  async function redrawStale() {
    for (const language of SUPPORTED_LANGUAGES) {
      if (!stale.has(language) || !clouds.has(language)) continue;
      try {
        await drawOnce(language);
      } catch (error) {
        deps.log.error({ err: error, language }, 'word cloud could not be drawn');
      }
    }
  }

  return {
    /** Called after any change to declared diseases (profile saved, account deleted). */
    profilesChanged() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        for (const language of SUPPORTED_LANGUAGES) stale.add(language);
        void redrawStale();
      }, deps.debounceMs);
      timer.unref();
    },

    async cloudFor(language: Language): Promise<WordCloud> {
      const cloud = clouds.get(language);
      if (cloud && !stale.has(language)) return cloud;
      return (await inFlight.get(language)) ?? drawOnce(language);
    },

    /** Applies a pending change at once (tests, shutdown). */
    async flush() {
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
        for (const language of SUPPORTED_LANGUAGES) stale.add(language);
      }
      await Promise.all(inFlight.values());
      await redrawStale();
    },

    close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

export type WordCloudService = ReturnType<typeof createWordCloudService>;
