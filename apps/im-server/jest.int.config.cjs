// Two-node routing needs a shared PostgreSQL and Redis; without them that suite is left out here and
// tools/test.mjs reports the PostgreSQL + Redis pass as skipped, with the reason.
const multiNodeConfigured = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
if (!multiNodeConfigured) {
  console.warn('[im-server integration] multi-node.int.spec.ts left out: set DATABASE_URL and REDIS_URL to run two nodes on one PostgreSQL and one Redis.');
}

module.exports = {
  ...require('./jest.shared.cjs'),
  displayName: 'im-server-integration',
  testMatch: ['<rootDir>/src/**/*.int.spec.ts', '<rootDir>/test/**/*.int.spec.ts'],
  testPathIgnorePatterns: multiNodeConfigured ? ['/node_modules/'] : ['/node_modules/', 'multi-node\\.int\\.spec\\.ts$'],
  testTimeout: 60000,
  maxWorkers: 1,
};
