// Flat ESLint config. The Nx module-boundary rule enforces the "must not import" column of
// ../shared/ARCHITECTURE.md through project tags (see each project's package.json "nx.tags").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import { imCoreLayers } from './libs/im-core/eslint.layers.mjs';
import { storeServerModuleShape } from './apps/store-server/eslint.modules.mjs';
import { imServerLayers } from './apps/im-server/eslint.layers.mjs';
import { testWaitsPlugin } from './tools/lint/no-fixed-sleep.mjs';

const reactAndApps = ['react', 'react-dom', 'react-*', '@mui/*', '@emotion/*', '@reduxjs/*', 'react-redux'];

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.nx/**', '**/.data/**', 'tools/verdaccio/**', '**/vite.config.*.timestamp*', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'],
    plugins: { '@nx': nx },
    languageOptions: {
      globals: {
        console: 'readonly', process: 'readonly', window: 'readonly', document: 'readonly', URL: 'readonly',
        setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly',
        module: 'writable', require: 'readonly', __dirname: 'readonly', Buffer: 'readonly', globalThis: 'readonly', fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          // The e2e suite starts the product with the same launcher as `npm start`; the two-instance e2e finds (or
          // installs) Debian's haproxy with the set-up's own helper.
          allow: ['../tools/stack.mjs', '../../tools/stack.mjs', '../tools/bootstrap.mjs'],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'scope:secure-transport', onlyDependOnLibsWithTags: [], bannedExternalImports: reactAndApps },
            { sourceTag: 'scope:im-core', onlyDependOnLibsWithTags: [], bannedExternalImports: [...reactAndApps, 'idb'] },
            { sourceTag: 'scope:im-db', onlyDependOnLibsWithTags: ['scope:im-core'], bannedExternalImports: reactAndApps },
            { sourceTag: 'scope:media-library', onlyDependOnLibsWithTags: ['scope:ui-kit'] },
            { sourceTag: 'scope:ui-kit', onlyDependOnLibsWithTags: [] },
            // Internal (private) persistence plumbing of the two servers: docs/decisions/0002.
            { sourceTag: 'scope:server-db', onlyDependOnLibsWithTags: [], bannedExternalImports: reactAndApps },
            // Internal (private) contracts between console and store-server: codes, texts, permissions.
            { sourceTag: 'scope:api-contracts', onlyDependOnLibsWithTags: [], bannedExternalImports: reactAndApps },
          ],
        },
      ],
    },
  },
  {
    // Tool configs reach the shared root presets by relative path; that is not a project import.
    files: ['**/jest*.cjs', '**/*.config.ts', '**/*.config.mjs', '**/*.config.cjs'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.int.spec.ts', '**/test/**', 'e2e/**', 'bench/**', 'tools/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // im-core's layer order (issue 10).
  ...imCoreLayers,
  // store-server's module shape (issue 9 §5).
  ...storeServerModuleShape,
  // im-server's layer order: gateway → domain → db (issue 33 §1).
  ...imServerLayers,
  {
    // Tests wait for the event, state or row, not a fixed time, unless a `// fixed wait: <reason>` comment says why (issue 33 §4).
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**', '**/testing/**', 'e2e/**'],
    ignores: ['e2e/node_modules/**'],
    plugins: { 'test-waits': testWaitsPlugin },
    rules: { 'test-waits/no-fixed-sleep': 'error' },
  },
];
