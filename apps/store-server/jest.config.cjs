const preset = require('../../jest.preset.cjs');
const { pgliteTransform } = require('@merchant/server-db/jest-pglite.cjs');

module.exports = {
  ...preset,
  transform: { ...preset.transform, ...pgliteTransform },
  displayName: 'store-server',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  testPathIgnorePatterns: ['\\.int\\.spec\\.ts$'],
  // Suites that open a PGlite database spend seconds in initdb on a busy 2-core machine.
  testTimeout: 30000,
};
