module.exports = {
  ...require('./jest.shared.cjs'),
  displayName: 'im-server',
  // Suites that open an embedded PGlite pay its ~5 s initdb once.
  testTimeout: 30000,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  testPathIgnorePatterns: ['\\.int\\.spec\\.ts$', '/node_modules/', '/dist/'],
};
