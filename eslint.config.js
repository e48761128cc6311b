import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES_WEB = 'apps/web/src/features';
const MODULES_API = 'apps/api/src/modules';
/** The folders directly under `dir`, read when lint starts: a new folder is covered without listing it. */
const foldersOf = (dir) =>
  readdirSync(new URL(`./${dir}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
/** Every folder under apps/api/src/modules is a module. */
const API_MODULES = foldersOf(MODULES_API);
/** Every folder under apps/web/src/features is a feature. */
const WEB_FEATURES = foldersOf(FEATURES_WEB);
/**
 * Every feature may import itself, the shared consent state, the not-found page (the operators'
 * area shows it to anyone else) and read aloud (a button on every kind of content: posts, comments,
 * messages, resources, legal sections, and a part of the display settings; decision 0025).
 */
const WEB_SHARED_FEATURES = ['cookie-consent', 'not-found', 'read-aloud'];
/** The other features a feature may import besides those; a feature not named here imports none. */
const WEB_FEATURE_EXCEPTIONS = {
  // The login page offers signing in with a passkey.
  auth: ['passkeys'],
  // The profile lists the member's passkeys.
  profile: ['passkeys'],
  info: ['legal'],
  // The dashboard shows the word cloud, and the programme link by the monetization status.
  dashboard: ['word-cloud', 'notices', 'monetization'],
  // The feed's card shows the symbols a post was written with, its form the board; both carry
  // the post's content warning.
  feed: ['symbol-board', 'content-warnings'],
  // A warning opens by the reader's display settings.
  'content-warnings': ['display-preferences'],
  'member-search': ['friends'],
  // A gallery picture and its comments carry their writers' content warnings.
  gallery: ['content-warnings'],
  // A member's profile offers muting them, beside blocking.
  'public-profile': ['friends', 'gallery', 'content-warnings', 'mutes'],
  // The friends page lists the muted members and communities beside the blocked members.
  friends: ['mutes'],
  // Both show posts with the feed's post list and form.
  'new-post': ['feed'],
  search: ['feed'],
  // A community's feed is the main feed's post list, card and form; a member may mute it in theirs.
  communities: ['feed', 'mutes'],
  // The chat lists the member's friends; its composer has the symbol board.
  chat: ['friends', 'symbol-board'],
  // The banner earns for members in the programme.
  ads: ['monetization'],
};
// A name that is no folder (renamed, merged) would silently allow or forbid nothing: say so at once.
for (const name of [...WEB_SHARED_FEATURES, ...Object.entries(WEB_FEATURE_EXCEPTIONS).flat(2)]) {
  if (!WEB_FEATURES.includes(name))
    throw new Error(`eslint.config.js: there is no folder ${FEATURES_WEB}/${name}`);
}
export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.dist-*/**',
      '**/node_modules/**',
      'data/**',
      'apps/api/src/db/migrations/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify hooks and handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      // The boundaries of STYLE.md, enforced rather than hoped for.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: 'apps/web', from: 'apps/api', message: 'The web app never imports the API.' },
            { target: 'apps/api', from: 'apps/web', message: 'The API never imports the web app.' },
            { target: 'packages/domain', from: 'apps', message: 'packages/domain imports nothing but zod.' },
            ...WEB_FEATURES.map((feature) => ({
              target: `${FEATURES_WEB}/${feature}`,
              from: FEATURES_WEB,
              except: [
                ...new Set([feature, ...WEB_SHARED_FEATURES, ...(WEB_FEATURE_EXCEPTIONS[feature] ?? [])]),
              ].map((name) => `./${name}`),
              message:
                'Features do not import each other (only the shared consent state, the not-found page, read aloud and the exceptions listed).',
            })),
            // An API module reaches another only through its index.ts (its plugin, service and port
            // types), so every cross-module arrow is an import of `../<module>`; the wiring is
            // modules/index.ts (docs/architecture.md "How to add a module").
            ...API_MODULES.map((module) => ({
              target: `${MODULES_API}/${module}`,
              from: MODULES_API,
              except: [
                `./${module}`,
                ...API_MODULES.filter((other) => other !== module).map((other) => `./${other}/index.ts`),
              ],
              message: 'API modules import each other only through the other module’s index.ts.',
            })),
          ],
        },
      ],
    },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
        }),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests read JSON bodies (typed any by Fastify's inject and Playwright) and use asymmetric
    // matchers such as expect.any(), which are typed any as well.
    files: ['**/*.test.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/static/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
);
