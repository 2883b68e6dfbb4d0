// Integration tests: real server on port 0, real database (PGlite, or PostgreSQL when DATABASE_URL is set).
const preset = require('../../jest.preset.cjs');
const { pgliteTransform } = require('@merchant/server-db/jest-pglite.cjs');

module.exports = {
  ...preset,
  transform: { ...preset.transform, ...pgliteTransform },
  // file-type 21 (media uploads sniff content) is ESM-only with no require condition: map it to its
  // core entry and let SWC transpile it and its ESM dependencies.
  moduleNameMapper: { ...preset.moduleNameMapper, '^file-type$': require.resolve('file-type/core') },
  transformIgnorePatterns: [
    '/node_modules/(?!(idb|@electric-sql|kysely-pglite|msgpackr|file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit)/)',
  ],
  displayName: 'store-server:int',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.int.spec.ts', '<rootDir>/test/**/*.int.spec.ts'],
  // Two store-server processes need a database both can open, and seeded templates are databases of a server:
  // PostgreSQL only (PGlite is one process's).
  testPathIgnorePatterns: process.env.DATABASE_URL
    ? ['/node_modules/']
    : ['/node_modules/', '<rootDir>/test/two-instances.int.spec.ts', '<rootDir>/src/testing/test-database.int.spec.ts'],
  testTimeout: 60000,
  // Two files at a time: each file has a database of its own (src/testing/test-database.ts clones a template under
  // an advisory lock), and a file mostly waits on PostgreSQL and real timers: one run of the 66 files at two workers
  // used 475 CPU-s of jest in 1,684 s (docs/performance.md "Test suite time").
  maxWorkers: 2,
};
