import { translationRoutes, type Language } from '@juntos/domain';
import { apiCall } from './api-client';

/*
 * Reading a text written in another language (issue 37 point 4, decision 0046). The language of
 * what is shown is detected here, from the text itself, so nothing new is stored about anyone.
 * Translation happens on the device when the browser has a translator (the text never leaves
 * it), otherwise on the operator's own server when there is one; with neither, nothing is offered.
 */

/** The part of the browser's Translator API (Chrome 138+) used here. */
type DeviceTranslator = { translate(text: string): Promise<string> };
type TranslatorApi = {
  availability(options: { sourceLanguage: string; targetLanguage: string }): Promise<string>;
  create(options: { sourceLanguage: string; targetLanguage: string }): Promise<DeviceTranslator>;
};

function deviceTranslatorApi(): TranslatorApi | undefined {
  const candidate: unknown = (globalThis as { Translator?: unknown }).Translator;
  return candidate && typeof (candidate as Partial<TranslatorApi>).create === 'function'
    ? (candidate as TranslatorApi)
    : undefined;
}

export const hasDeviceTranslator = () => deviceTranslatorApi() !== undefined;

/** How a pair of languages is translated here, if at all. */
export type TranslationMeans = 'device' | 'server' | 'none';

export async function translationMeans(
  source: Language,
  target: Language,
  serverTranslates: boolean,
): Promise<TranslationMeans> {
  const device = deviceTranslatorApi();
  if (device) {
    const availability = await device
      .availability({ sourceLanguage: source, targetLanguage: target })
      .catch(() => 'unavailable');
    if (availability !== 'unavailable') return 'device';
  }
  return serverTranslates ? 'server' : 'none';
}

// One translator per pair of languages: creating one may download its model once.
const deviceTranslators = new Map<string, Promise<DeviceTranslator>>();

export async function translateText(
  text: string,
  source: Language,
  target: Language,
  means: Exclude<TranslationMeans, 'none'>,
): Promise<string> {
  if (means === 'server')
    return (await apiCall(translationRoutes.translate, { body: { text, source, target } })).text;
  const device = deviceTranslatorApi();
  if (!device) throw new Error('the device translator went away');
  const pair = `${source}>${target}`;
  let translator = deviceTranslators.get(pair);
  if (!translator) {
    translator = device.create({ sourceLanguage: source, targetLanguage: target });
    deviceTranslators.set(pair, translator);
    translator.catch(() => deviceTranslators.delete(pair));
  }
  return (await translator).translate(text);
}
