// PGlite's CommonJS build loads node built-ins with dynamic import(), which jest's CommonJS
// runtime rejects; letting SWC compile that .cjs file too turns those into require() calls.
const preset = require('../../jest.preset.cjs');
const [swcTransformer, swcOptions] = Object.values(preset.transform)[0];

module.exports = {
  ...preset,
  rootDir: __dirname,
  transform: {
    ...preset.transform,
    '@electric-sql/pglite/.+\\.cjs$': [swcTransformer, { ...swcOptions, jsc: { ...swcOptions.jsc, parser: { syntax: 'ecmascript' } } }],
  },
};
