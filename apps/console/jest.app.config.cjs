// The console's whole-app renders (test/wholeAppSpecs.cjs says which): `npm run test-app` here, or the nx
// target `console:test-app`; `npm test` runs them beside the integration suites (tools/test.mjs).
const unit = require('./jest.config.cjs');
const { wholeAppSpecs } = require('./test/wholeAppSpecs.cjs');

module.exports = {
  ...unit,
  displayName: 'console (whole app)',
  testPathIgnorePatterns: ['/node_modules/'],
  setupFilesAfterEnv: [...unit.setupFilesAfterEnv, '<rootDir>/test/setup-whole-app.ts'],
  // Above the 20 s async-query wait (test/setup-whole-app.ts), so a slow query fails with its own message.
  testTimeout: 60_000,
  // The specs by path: jest runs exactly these files.
  testMatch: wholeAppSpecs(__dirname),
};
