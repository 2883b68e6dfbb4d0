// Two-node routing needs a shared PostgreSQL and Redis; without them that suite is left out here and
// tools/test.mjs reports the PostgreSQL + Redis pass as skipped, with the reason.
const multiNodeConfigured = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
if (!multiNodeConfigured) {
  console.warn('[im-server integration] multi-node and node-loss specs left out: set DATABASE_URL and REDIS_URL to run two nodes on one PostgreSQL and one Redis.');
}

// A slow commit beside a sync needs a server that runs queries side by side (PostgreSQL); on PGlite
// every query waits for the open transaction, so the case cannot arise there.
const postgresConfigured = Boolean(process.env.DATABASE_URL);
if (!postgresConfigured) {
  console.warn('[im-server integration] sync-slow-commit.int.spec.ts and redis-restart.int.spec.ts left out: set DATABASE_URL to run them on PostgreSQL.');
}
// The Redis restart needs a redis-server of its own to kill and start again (a shared REDIS_URL must not be).
const redisServerInstalled = require('node:child_process').spawnSync('redis-server', ['--version']).status === 0;
if (postgresConfigured && !redisServerInstalled) {
  console.warn('[im-server integration] redis-restart.int.spec.ts left out: install redis-server (it starts, kills and restarts its own).');
}
const leftOut = [
  ...(multiNodeConfigured ? [] : ['multi-node\\.int\\.spec\\.ts$', 'node-loss\\.int\\.spec\\.ts$', 'teams-multi-node\\.int\\.spec\\.ts$', 'super-teams-multi-node\\.int\\.spec\\.ts$', 'multi-port-multi-node\\.int\\.spec\\.ts$', 'push-settings-multi-node\\.int\\.spec\\.ts$']),
  ...(postgresConfigured ? [] : ['sync-slow-commit\\.int\\.spec\\.ts$', 'redis-restart\\.int\\.spec\\.ts$']),
  ...(postgresConfigured && !redisServerInstalled ? ['redis-restart\\.int\\.spec\\.ts$'] : []),
];

module.exports = {
  ...require('./jest.shared.cjs'),
  displayName: 'im-server-integration',
  testMatch: ['<rootDir>/src/**/*.int.spec.ts', '<rootDir>/test/**/*.int.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...leftOut],
  testTimeout: 60000,
  maxWorkers: 1,
};
