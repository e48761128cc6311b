import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES_WEB = 'apps/web/src/features';
const MODULES_API = 'apps/api/src/modules';
/** Every folder under apps/api/src/modules is a module: a new one is covered without listing it. */
const API_MODULES = readdirSync(new URL(`./${MODULES_API}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
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
            ...Object.entries({
              landing: [],
              legal: [],
              'cookie-consent': [],
              'display-preferences': [],
              'installable-app': [],
              language: [],
              // The login page offers signing in with a passkey.
              auth: ['./passkeys'],
              'not-found': [],
              // The profile lists the member's passkeys.
              profile: ['./passkeys'],
              passkeys: [],
              'functional-profile': [],
              'word-cloud': [],
              info: ['./legal'],
              // The dashboard shows the word cloud, and the programme link by the monetization status.
              dashboard: ['./word-cloud', './notices', './monetization'],
              notices: [],
              // The feed's card shows the symbols a post was written with, its form the board.
              feed: ['./symbol-board'],
              gallery: [],
              friends: [],
              'member-search': ['./friends'],
              'public-profile': ['./friends', './gallery'],
              // Both show posts with the feed's post list and form.
              'new-post': ['./feed'],
              search: ['./feed'],
              // A community's feed is the main feed's post list, card and form.
              communities: ['./feed'],
              // The chat lists the member's friends; its composer has the symbol board.
              chat: ['./friends', './symbol-board'],
              resources: [],
              monetization: [],
              // The banner earns for members in the programme.
              ads: ['./monetization'],
              // The operators' area shows "page not found" to anyone else.
              admin: [],
              'read-aloud': [],
              'symbol-board': [],
            }).map(([feature, allowed]) => ({
              target: `${FEATURES_WEB}/${feature}`,
              from: FEATURES_WEB,
              // Read aloud is a button on every kind of content (posts, comments, messages,
              // resources, legal sections) and a part of the display settings (decision 0025).
              except: [
                ...new Set([`./${feature}`, './cookie-consent', './not-found', './read-aloud', ...allowed]),
              ],
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
