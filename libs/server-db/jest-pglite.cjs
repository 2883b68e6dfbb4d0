// PGlite's CommonJS build loads node built-ins with dynamic `import()`, which jest's CommonJS runtime
// refuses without --experimental-vm-modules. Its .cjs files are not matched by the preset's transform
// (and the preset's transformIgnorePatterns already let @electric-sql through), so SWC compiles them
// here and turns those dynamic imports into require() calls.
// Used by every jest config whose tests open a PGlite database:
//   const { withPgliteTransform } = require('@merchant/server-db/jest-pglite.cjs');
//   module.exports = withPgliteTransform({ ...preset, ... });
const pgliteTransform = {
  '@electric-sql/pglite/.+\\.cjs$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};

/** Returns the jest config with the PGlite transform added to its own transforms. */
function withPgliteTransform(config) {
  return { ...config, transform: { ...config.transform, ...pgliteTransform } };
}

module.exports = { pgliteTransform, withPgliteTransform };
