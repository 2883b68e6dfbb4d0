// Tests open an embedded PGlite: @merchant/server-db's transform lets jest load PGlite's CommonJS build.
const preset = require('../../jest.preset.cjs');
const { withPgliteTransform } = require('@merchant/server-db/jest-pglite.cjs');

module.exports = withPgliteTransform({
  ...preset,
  rootDir: __dirname,
});
