// Integration target: PostgreSQL when DATABASE_URL is set, otherwise the same checks on PGlite.
const preset = require(require('node:path').join(__dirname, '../../jest.preset.cjs'));
const { withPgliteTransform } = require('./jest-pglite.cjs');

module.exports = withPgliteTransform({
  ...preset,
  displayName: 'server-db:int',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.int.spec.ts', '<rootDir>/test/**/*.int.spec.ts'],
  testTimeout: 60_000,
  maxWorkers: 1,
});
