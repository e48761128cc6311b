import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where `<language>/<namespace>.json` live. The web app loads them over HTTP from `/locales/`
 * (served by the API, which fills in the operator's details), and the API reads the `translation`
 * namespace for the field messages of the rules it shares with the web (packages/domain): one
 * package both depend on, rather than a path from one app into the other.
 */
export const LOCALES_DIR = path.dirname(fileURLToPath(import.meta.url));

/** The file of one namespace in one language (the caller has checked both names). */
export const localeFile = (language: string, namespace: string) =>
  path.join(LOCALES_DIR, language, `${namespace}.json`);
