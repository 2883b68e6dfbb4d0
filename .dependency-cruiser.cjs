// Import-cycle check for the whole repository (issue 33 §1); run it with `npm run lint:cycles`.
// Type-only imports count (tsPreCompilationDeps), and path aliases come from tsconfig.base.json.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module must not reach itself through its imports, type-only imports included.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    // Installed packages, build output, reports and hidden files and folders (caches, data, scratch builds).
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '(^|/)\\.[^/]', '^tools/verdaccio/', '(^|/)test-results/', '(^|/)playwright-report/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.jsx', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
