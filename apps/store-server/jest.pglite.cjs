// PGlite's CommonJS build loads node built-ins with `import()`, which jest's CommonJS runtime refuses
// without --experimental-vm-modules. Its .cjs files are not matched by the preset's transform, so SWC
// compiles them here and turns those dynamic imports into require() calls.
module.exports.pgliteTransform = {
  '^.+/@electric-sql/pglite/dist/.+\\.cjs$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};
