module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'im-db',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)', '<rootDir>/test/**/*.spec.ts?(x)'],
  testPathIgnorePatterns: ['\\.int\\.spec\\.ts$'],
};
