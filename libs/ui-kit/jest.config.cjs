// eslint-disable-next-line @nx/enforce-module-boundaries -- the shared jest preset is configuration, not a library
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'ui-kit',
  rootDir: __dirname,
  // Components render into a DOM; the pure modules do not mind jsdom.
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['@testing-library/jest-dom'],
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)', '<rootDir>/test/**/*.spec.ts?(x)'],
  testPathIgnorePatterns: ['\\.int\\.spec\\.ts$'],
};
