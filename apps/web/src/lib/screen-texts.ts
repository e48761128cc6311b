import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which translation keys each screen of the router can show, read from the source (issue 34): the
 * easy-read coverage test requires an easy text for every one of them, so a screen added to the
 * router, or a text added to a screen, needs its easy version or the test fails. Test tooling
 * only (reads files): nothing in the app imports it.
 *
 * A screen is a route of `app/router.tsx` with the module its element comes from. From that module
 * the walk follows every relative import (static and `import()`), and collects the keys the files
 * name: a string literal that is a key (`'feed.title'`, `"nav.pending"`, the plural forms counted as
 * their key), or the fixed start of a template literal (`` `functional_values.${field}` `` names the
 * whole section). Keys that the shared rules of `packages/domain` raise (form errors) are found the
 * same way, in the domain sources every screen can reach. Administrators' screens are left out:
 * easy-read is for members (issue 34).
 */

export type ScreenTexts = {
  /** The route path, or `shell` for the frame every screen is drawn in. */
  screen: string;
  /** Module files the walk read, relative to the web app's `src`. */
  files: string[];
  /** Keys of each namespace the screen can show. */
  keys: Map<string, Set<string>>;
};

type Namespaces = Record<string, Set<string>>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const SOURCE_EXTENSIONS = ['.tsx', '.ts'];

function resolveModule(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((extension) => base + extension),
    ...SOURCE_EXTENSIONS.map((extension) => path.join(base, `index${extension}`)),
  ];
  return candidates.find(
    (candidate) =>
      SOURCE_EXTENSIONS.some((extension) => candidate.endsWith(extension)) && existsSync(candidate),
  );
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;
/** A string the source spells out: its text, and whether a `${…}` follows it (a template's start). */
type Literal = { text: string; open: boolean };

/**
 * The string literals of a TypeScript source, with each template literal's fixed start. A small
 * scanner rather than a regular expression: comments (an apostrophe in "the member's") and the
 * expressions inside `${…}` (which hold strings and templates of their own) must not be read as
 * text.
 */
export function literals(source: string): Literal[] {
  const found: Literal[] = [];
  // For each open template: the depth of braces inside its current `${…}`.
  const templates: number[] = [];
  let index = 0;
  const readTemplatePart = () => {
    // From just after "`" or "}" of an expression to the template's end or its next `${`.
    let text = '';
    while (index < source.length) {
      const char = source[index]!;
      if (char === '\\') {
        text += source.slice(index, index + 2);
        index += 2;
      } else if (char === '`') {
        index += 1;
        return { text, open: false };
      } else if (char === '$' && source[index + 1] === '{') {
        index += 2;
        return { text, open: true };
      } else {
        text += char;
        index += 1;
      }
    }
    return { text, open: false };
  };
  while (index < source.length) {
    const char = source[index]!;
    const next = source[index + 1];
    if (char === '/' && next === '/')
      index = source.indexOf('\n', index) === -1 ? source.length : source.indexOf('\n', index);
    else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', index + 2);
      index = end === -1 ? source.length : end + 2;
    } else if (char === "'" || char === '"') {
      let text = '';
      index += 1;
      while (index < source.length && source[index] !== char && source[index] !== '\n') {
        if (source[index] === '\\') {
          text += source[index + 1] ?? '';
          index += 2;
        } else text += source[index++];
      }
      index += 1;
      found.push({ text, open: false });
    } else if (char === '`') {
      index += 1;
      const start = readTemplatePart();
      // Only a template's first part can start a key; later parts continue one.
      found.push(start);
      if (start.open) templates.push(0);
    } else if (templates.length && char === '{') {
      templates[templates.length - 1]! += 1;
      index += 1;
    } else if (templates.length && char === '}') {
      index += 1;
      if (templates[templates.length - 1]! > 0) templates[templates.length - 1]! -= 1;
      else {
        // The end of a `${…}`: the template goes on; its later parts are not key starts.
        const part = readTemplatePart();
        if (!part.open) templates.pop();
      }
    } else index += 1;
  }
  return found;
}

/** One namespace's keys, indexed by what a source file may name. */
type KeyIndex = {
  keys: Set<string>;
  /** A key without its plural suffix → its plural forms. */
  byBase: Map<string, string[]>;
  /** A section (every dotted start of a key) → the keys under it. */
  bySection: Map<string, string[]>;
};

function indexKeys(keys: Set<string>): KeyIndex {
  const byBase = new Map<string, string[]>();
  const bySection = new Map<string, string[]>();
  const push = (map: Map<string, string[]>, name: string, key: string) =>
    map.set(name, [...(map.get(name) ?? []), key]);
  for (const key of keys) {
    if (PLURAL_SUFFIX.test(key)) push(byBase, key.replace(PLURAL_SUFFIX, ''), key);
    const parts = key.split('.');
    for (let end = 1; end < parts.length; end += 1) push(bySection, parts.slice(0, end).join('.'), key);
  }
  return { keys, byBase, bySection };
}

const KEY_LIKE = /^[a-z_][\w.]*$/i;

/** Every key of each namespace that a source file names, and the sections it builds keys in. */
function keysNamed(source: string, indexes: Map<string, KeyIndex>): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (namespace: string, keys: Iterable<string>) => {
    const set = found.get(namespace) ?? new Set<string>();
    for (const key of keys) set.add(key);
    found.set(namespace, set);
  };
  for (const { text, open } of literals(source)) {
    // `perfil_funcional:fields.habla` names its namespace.
    const colon = text.indexOf(':');
    const named = colon > 0 ? text.slice(0, colon) : undefined;
    const candidate = colon > 0 ? text.slice(colon + 1) : text;
    if (!KEY_LIKE.test(candidate)) continue;
    for (const [namespace, index] of indexes) {
      if (named !== undefined && named !== namespace) continue;
      if (open) {
        // The fixed start of a built key: `section.` or `section.part_` names every key under it.
        if (!candidate.includes('.')) continue;
        if (candidate.endsWith('.')) add(namespace, index.bySection.get(candidate.slice(0, -1)) ?? []);
        else
          add(
            namespace,
            [...index.keys].filter((key) => key.startsWith(candidate)),
          );
        continue;
      }
      if (index.keys.has(candidate)) add(namespace, [candidate]);
      add(namespace, index.byBase.get(candidate) ?? []);
      // A section's name passed on (`section="report.reasons"`) names the keys under it; a lone
      // word ('title', 'label') is too often something else.
      if (candidate.includes('.')) add(namespace, index.bySection.get(candidate) ?? []);
    }
  }
  return found;
}

const merge = (into: Map<string, Set<string>>, from: Map<string, Set<string>>) => {
  for (const [namespace, keys] of from) {
    const set = into.get(namespace) ?? new Set<string>();
    for (const key of keys) set.add(key);
    into.set(namespace, set);
  }
};

/** The files reachable from `entry` by relative imports, none under a folder `skip` rejects. */
function reachableFiles(entry: string, skip: (file: string) => boolean): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || skip(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT)) {
      const target = resolveModule(file, match[2]!);
      if (target) queue.push(target);
    }
  }
  return [...seen];
}

/** The screens of `router.tsx`: path → the module its element is imported from. */
export function routerScreens(webSource: string): Map<string, string> {
  const routerFile = path.join(webSource, 'app/router.tsx');
  const router = readFileSync(routerFile, 'utf8');
  const modules = new Map<string, string>();
  for (const match of router.matchAll(/const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g))
    modules.set(match[1]!, resolveModule(routerFile, match[2]!)!);
  const screens = new Map<string, string>();
  // Members' screens only: the records of public and protected paths, not the administrators'.
  for (const record of ['publicScreens', 'protectedScreens']) {
    const body = new RegExp(`const ${record}[^=]*=\\s*\\{([\\s\\S]*?)\\n\\};`).exec(router)?.[1] ?? '';
    for (const match of body.matchAll(/'([^']+)':\s*<(\w+)/g)) {
      const module = modules.get(match[2]!);
      if (!module) throw new Error(`router.tsx: ${match[1]} shows ${match[2]}, not a lazy screen`);
      screens.set(match[1]!, module);
    }
  }
  return screens;
}

/**
 * The keys of every member screen and of the frame around them. `namespaces` holds each
 * namespace's keys (flattened, plural forms included); `domainSource` is the shared rules' folder.
 */
export function screenTexts(webSource: string, domainSource: string, namespaces: Namespaces): ScreenTexts[] {
  const indexes = new Map(Object.entries(namespaces).map(([name, keys]) => [name, indexKeys(keys)]));
  const perFile = new Map<string, Map<string, Set<string>>>();
  const keysOf = (file: string) => {
    if (!perFile.has(file)) perFile.set(file, keysNamed(readFileSync(file, 'utf8'), indexes));
    return perFile.get(file)!;
  };
  const isAdministration = (file: string) => file.includes(`${path.sep}features${path.sep}admin${path.sep}`);
  const domainKeys = new Map<string, Set<string>>();
  for (const file of reachableFiles(path.join(domainSource, 'index.ts'), () => false))
    merge(domainKeys, keysOf(file));
  const entries: [string, string][] = [
    // The frame: top bar, member bar, footer, display settings, cookie dialog, error pages.
    ['shell', path.join(webSource, 'app/layouts/site-layout.tsx')],
    ['error', path.join(webSource, 'app/route-error-page.tsx')],
    ['error', path.join(webSource, 'app/root-error-boundary.tsx')],
    ...routerScreens(webSource),
  ];
  return entries.map(([screen, entry]) => {
    const files = reachableFiles(entry, isAdministration);
    const keys = new Map<string, Set<string>>();
    for (const file of files) merge(keys, keysOf(file));
    // A shared rule's message reaches a screen only when the screen shows its section.
    for (const [namespace, named] of domainKeys) {
      const shown = keys.get(namespace) ?? new Set<string>();
      const sections = new Set([...shown].map((key) => key.split('.')[0]));
      for (const key of named) if (sections.has(key.split('.')[0])) shown.add(key);
      keys.set(namespace, shown);
    }
    return { screen, files: files.map((file) => path.relative(webSource, file)), keys };
  });
}
