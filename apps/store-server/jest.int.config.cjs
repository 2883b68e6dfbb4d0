// Integration tests: real server on port 0, real database (PGlite, or PostgreSQL when DATABASE_URL is set).
const preset = require('../../jest.preset.cjs');
const { pgliteTransform } = require('@merchant/server-db/jest-pglite.cjs');

module.exports = {
  ...preset,
  transform: { ...preset.transform, ...pgliteTransform },
  displayName: 'store-server:int',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.int.spec.ts', '<rootDir>/test/**/*.int.spec.ts'],
  testTimeout: 60000,
  maxWorkers: 1,
};
