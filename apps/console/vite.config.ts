import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routePreload } from './build/routePreload';
import { copyLanguageSource, prerenderLogin, type PrerenderLoginOptions } from './build/prerenderLogin';
import { ACCESS_TOKEN_KEY } from './src/features/auth/tokenStorage';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES } from './src/app/i18n';
import { LAYOUT_SIZE_KEY, THEME_MODE_KEY } from './src/layout/preferences';

const libSource = (name: string, file = 'index.ts'): string => fileURLToPath(new URL(`../../libs/${name}/src/${file}`, import.meta.url));

// Vendor groups keep the entry chunk small (TOOLCHAIN.md "Vite chunk size"): MUI + node-forge
// in one chunk weigh ~800 kB. node-forge only serves the RSA fallback path of secure-transport,
// so it gets a chunk of its own and never lands in the entry chunk.
const vendorGroups = [
  { name: 'vendor-node-forge', test: /node_modules[\\/]node-forge[\\/]/ },
  // React, React Router and Redux as three chunks: a chunk's modules all evaluate when it is first imported,
  // and main.tsx reaches them in separate start steps (React, then the store, then the router), so each
  // evaluates in a task of its own instead of one long task (Lighthouse total blocking time on /login).
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'vendor-redux', test: /node_modules[\\/](react-redux|@reduxjs|redux|immer|reselect)[\\/]/ },
  { name: 'vendor-router', test: /node_modules[\\/]react-router[\\/]/ },
  // MUI's styling core, needed by every screen (the first one included); components stay with their pages.
  { name: 'vendor-mui-core', test: /node_modules[\\/](@emotion|stylis|@mui[\\/](system|styled-engine|utils|private-theming)|@mui[\\/]material[\\/](styles|colors|utils|ButtonBase|transitions|internal|zero-styled|DefaultPropsProvider|CssBaseline|GlobalStyles))[\\/]/ },
  { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
  // The form parts of the sign-in page, which nearly every later screen uses as well. Left to the
  // splitter they came as nine chunks of 0.2–6.6 KB, each gzipped on its own: one chunk compresses
  // better and is one request (initial JS of /login, docs/performance.md).
  { name: 'vendor-mui-form', test: /node_modules[\\/]@mui[\\/]material[\\/](Button|FormControl|FormControlLabel|FormHelperText|FormLabel|InputBase|InputLabel|OutlinedInput|TextareaAutosize|Link|Typography|Paper|Box|Stack|Select[\\/]selectClasses)[\\/]/ },
];

// React Router's package exports always point at its development build (extra checks and warnings);
// production builds take the production one it ships beside it (less work on every page's first load).
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

const loginCopy: PrerenderLoginOptions = {
  tokenKey: ACCESS_TOKEN_KEY,
  languageKey: LANGUAGE_STORAGE_KEY,
  themeModeKey: THEME_MODE_KEY,
  layoutSizeKey: LAYOUT_SIZE_KEY,
  defaultLanguage: DEFAULT_LANGUAGE,
  languages: SUPPORTED_LANGUAGES,
};

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    // The scripts wait for the sign-in page's copy to paint when a visit shows it (build/routePreload.ts).
    routePreload([{ path: '/login', module: '/src/features/auth/LoginPage.tsx' }], { paintFirst: copyLanguageSource(loginCopy) }),
    prerenderLogin(loginCopy),
  ],
  resolve: {
    // Exact matches, so a subpath entry (`@merchant/ui-kit/format`) is not read as a file under index.ts.
    alias: [
      ...(mode === 'production' ? reactRouterProduction : []),
      { find: /^@merchant\/secure-transport$/, replacement: libSource('secure-transport') },
      { find: /^@merchant\/ui-kit$/, replacement: libSource('ui-kit') },
      { find: /^@merchant\/ui-kit\/format$/, replacement: libSource('ui-kit', 'format/index.ts') },
      { find: /^@merchant\/media-library$/, replacement: libSource('media-library') },
      { find: /^@merchant\/api-contracts$/, replacement: libSource('api-contracts') },
    ],
  },
  server: { port: 4200, strictPort: true, host: 'localhost' },
  preview: { port: 4200, strictPort: true, host: 'localhost' },
  build: {
    // The entry's own dynamic imports are its start steps (main.tsx), whose chunks the boot script of
    // build/routePreload.ts already preloads: no second list of them in the entry. Lazy screens keep
    // theirs. Chromium, Firefox and Safari preload modules natively: no polyfill.
    modulePreload: {
      polyfill: false,
      // The entry chunk (main.tsx) is the one Vite names after index.html.
      resolveDependencies: (_file, deps, { hostId }) => (/(^|\/)index-[\w-]+\.js$/.test(hostId) ? [] : deps),
    },
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
}));
