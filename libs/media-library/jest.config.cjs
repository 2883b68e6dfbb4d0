// eslint-disable-next-line @nx/enforce-module-boundaries -- the shared jest preset is configuration, not a library
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'media-library',
  rootDir: __dirname,
  // The pure modules run in node (real Blob, WebAssembly, MessageChannel); React specs opt into jsdom per file.
  setupFilesAfterEnv: ['@testing-library/jest-dom'],
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)', '<rootDir>/test/**/*.spec.ts?(x)'],
  testPathIgnorePatterns: ['\\.int\\.spec\\.ts$'],
};
