// Resolved by path: the module-boundaries lint rule rejects a relative require of a root file.
const preset = require(require('node:path').join(__dirname, '..', '..', 'jest.preset.cjs'));

module.exports = {
  ...preset,
  displayName: 'im-frame',
  rootDir: __dirname,
  // jsdom plus the Node globals fake-indexeddb and im-core need.
  testEnvironment: '<rootDir>/src/test/jsdom-with-node-globals.cjs',
  // IndexedDB globals (IDBRequest etc.) that idb checks against; each test still opens its own factory.
  setupFiles: ['fake-indexeddb/auto'],
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/jsdom-styles-setup.cjs', '<rootDir>/src/test/setup-tests.ts'],
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
  testTimeout: 20000,
};
