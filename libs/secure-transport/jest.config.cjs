module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'secure-transport',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)', '<rootDir>/test/**/*.spec.ts?(x)'],
  testPathIgnorePatterns: ['\\.int\\.spec\\.ts$'],
};
