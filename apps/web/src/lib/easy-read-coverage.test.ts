import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  EASY_READ_NAMESPACES,
  SUPPORTED_LANGUAGES,
  TRANSLATION_NAMESPACES,
  flattenTexts,
} from '@juntos/domain';
import { LOCALES_DIR } from '@juntos/locales';
import { easyReadCoverage, strayEasyKeys } from './easy-read-coverage';
import { literals, routerScreens, screenTexts } from './screen-texts';

const webSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const domainSource = path.resolve(webSource, '../../../packages/domain/src');

const read = (language: string, file: string): unknown => {
  const location = path.join(LOCALES_DIR, language, `${file}.json`);
  return existsSync(location) ? (JSON.parse(readFileSync(location, 'utf8')) as unknown) : {};
};

// The keys each screen names, read from the sources with the English files' keys (every
// language has the same keys, plural forms aside).
const screens = screenTexts(
  webSource,
  domainSource,
  Object.fromEntries(
    TRANSLATION_NAMESPACES.map((namespace) => [
      namespace,
      new Set(flattenTexts(read('en', namespace)).keys()),
    ]),
  ),
);
const report: string[] = [];

describe('the screens the easy-read coverage walks', () => {
  it('are every member route of the router, and not the administrators’ screens', () => {
    const routes = [...routerScreens(webSource).keys()];
    expect(routes).toContain('/login');
    expect(routes).toContain('/perfil-funcional');
    expect(routes).toContain('/ajustes/notificaciones');
    expect(routes.some((route) => route.startsWith('/admin'))).toBe(false);
    const walked = new Set(screens.map((screen) => screen.screen));
    for (const route of routes) expect(walked.has(route), route).toBe(true);
    for (const screen of screens)
      expect(
        screen.files.some((file) => file.includes('features/admin/')),
        `${screen.screen} reaches an administrators' file`,
      ).toBe(false);
  });

  it('find the keys a screen names, spelled out or built from a section', () => {
    const keysOf = (route: string, namespace = 'translation') =>
      screens.find((screen) => screen.screen === route)?.keys.get(namespace) ?? new Set<string>();
    // t('landing.enter') and t(`landing.sections.${section}.title`)
    expect(keysOf('/')).toContain('landing.enter');
    expect(keysOf('/')).toContain('landing.sections.about.title');
    // The shell's navigation, and a form error raised by a shared rule of packages/domain.
    expect(keysOf('shell')).toContain('nav.feed');
    expect(keysOf('/signup/self')).toContain('password.too_short');
    // The functional profile's names, in its own namespace.
    expect(keysOf('/perfil-funcional', 'perfil_funcional')).toContain('perfiles.communication');
  });

  it('read strings, not comments, and a template only up to its first expression', () => {
    const found = literals(
      "// the member's page\nt('a.b'); /* 'x.y' */ t(`c.${d ? 'e.f' : `g.${h}`}.i`); \"j.k\"",
    );
    expect(found).toEqual([
      { text: 'a.b', open: false },
      { text: 'c.', open: true },
      { text: 'e.f', open: false },
      { text: 'g.', open: true },
      { text: 'j.k', open: false },
    ]);
  });
});

describe('easy-read on every screen a member can reach (issue 34: 100 % in every language)', () => {
  afterAll(() => {
    // Printed, so a run shows how far each language is, not only which screen failed first.
    console.log(`Easy-read coverage of the member screens:\n${report.join('\n')}`);
  });

  for (const language of SUPPORTED_LANGUAGES) {
    it(`${language}: every text of every member screen has an easy-read version`, () => {
      const missing = new Set<string>();
      let total = 0;
      const perScreen: string[] = [];
      for (const namespace of TRANSLATION_NAMESPACES) {
        const ordinary = read(language, namespace);
        const easy = read(language, EASY_READ_NAMESPACES[namespace]);
        const everyKey = new Set(screens.flatMap((screen) => [...(screen.keys.get(namespace) ?? [])]));
        const all = easyReadCoverage(everyKey, ordinary, easy);
        total += all.total;
        all.missing.forEach((key) => missing.add(`${namespace}:${key}`));
        for (const screen of screens) {
          const coverage = easyReadCoverage(screen.keys.get(namespace) ?? new Set(), ordinary, easy);
          if (coverage.missing.length)
            perScreen.push(
              `\n      ${screen.screen} (${namespace}): ${(100 * (1 - coverage.missing.length / coverage.total)).toFixed(1)} %`,
            );
        }
      }
      report.push(
        `  ${language}: ${((100 * (total - missing.size)) / total).toFixed(1)} % (${total - missing.size}/${total})${perScreen.join('')}`,
      );
      expect([...missing], `${language} lacks these easy texts`).toEqual([]);
    });

    it(`${language}: every easy text replaces an ordinary text of the same key`, () => {
      for (const namespace of TRANSLATION_NAMESPACES)
        expect(
          strayEasyKeys(read(language, namespace), read(language, EASY_READ_NAMESPACES[namespace])),
          namespace,
        ).toEqual([]);
    });
  }
});
