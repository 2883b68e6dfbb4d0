module.exports = {
  ...require('./jest.shared.cjs'),
  displayName: 'im-server-integration',
  testMatch: ['<rootDir>/src/**/*.int.spec.ts', '<rootDir>/test/**/*.int.spec.ts'],
  testTimeout: 60000,
  maxWorkers: 1,
};
