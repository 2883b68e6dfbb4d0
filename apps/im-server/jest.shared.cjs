// Tests open an embedded PGlite: @merchant/server-db's transform lets jest load PGlite's CommonJS build.
const preset = require('../../jest.preset.cjs');
const { withPgliteTransform } = require('@merchant/server-db/jest-pglite.cjs');

module.exports = withPgliteTransform({
  ...preset,
  rootDir: __dirname,
  // file-type 21 (uploads sniff content) is ESM-only with no require condition: map it to its core
  // entry and let SWC transpile it and its ESM dependencies (as store-server does).
  // music-metadata 11 (?vinfo) is ESM-only as well: its node entry, transpiled the same way, with
  // content-type given the default export Node would give it (test/support/content-type-interop.cjs).
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^file-type$': require.resolve('file-type/core'),
    '^music-metadata$': require.resolve('music-metadata'),
    '^content-type$': require.resolve('./test/support/content-type-interop.cjs'),
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(idb|@electric-sql|kysely-pglite|msgpackr|file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit|music-metadata|media-typer|win-guid)/)',
  ],
});
