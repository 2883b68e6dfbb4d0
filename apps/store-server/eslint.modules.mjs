// store-server's module shape, enforced (issue 9 §5, docs/decisions/0005): a module (src/modules/<m>/)
// uses another module only through that module's index.ts, never its routes, service, repository or
// schemas. The composition root (src/modules/index.ts) wires internals and is exempt, as is the demo
// seed (src/db/seed.ts: a module's seed file only, so seeding does not load the module's routes and
// their ESM-only dependencies); so are tests, which may reach another module's fixtures (e.g. the
// operator key header). Imported by the root eslint.config.mjs.
const SRC = 'apps/store-server/src';

const message =
  "store-server modules (apps/store-server/eslint.modules.mjs): import another module only through its index ('../<module>'), not its files.";

const TESTS = [`${SRC}/**/*.spec.ts`, `${SRC}/testing/**`];

export const storeServerModuleShape = [
  {
    // Inside a module: '../other/anything' (a sibling module's file) is refused; '../other' (its index),
    // './own-file' and '../../shared/…' are fine.
    files: [`${SRC}/modules/*/**/*.ts`],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./[^./][^/]*/.+', message }, { regex: '^(\\.\\./)+modules/[^/]+/.+', message }] },
      ],
    },
  },
  {
    // Outside the modules (http, db, shared, server): only a module's index.
    files: [`${SRC}/**/*.ts`],
    ignores: [`${SRC}/modules/**`, `${SRC}/db/seed.ts`, ...TESTS],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)modules/[^/]+/.+', message }] }] },
  },
];
