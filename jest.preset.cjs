// Shared jest settings: SWC transpiles TS/TSX (type checks run separately in `typecheck`),
// and @merchant/* imports resolve to library sources so tests never need a prior build.
const path = require('node:path');
const root = __dirname;
const lib = (name, entry = 'src/index.ts') => path.join(root, 'libs', name, entry);

module.exports = {
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    '^@merchant/secure-transport/server$': lib('secure-transport', 'src/server/index.ts'),
    '^@merchant/secure-transport$': lib('secure-transport'),
    '^@merchant/im-core/server$': lib('im-core', 'src/server/index.ts'),
    '^@merchant/im-core/testing$': lib('im-core', 'src/testing/index.ts'),
    '^@merchant/im-core/validation$': lib('im-core', 'src/validation/index.ts'),
    '^@merchant/im-core$': lib('im-core'),
    '^@merchant/im-db$': lib('im-db'),
    '^@merchant/media-library/react$': lib('media-library', 'src/react/index.ts'),
    '^@merchant/media-library$': lib('media-library'),
    '^@merchant/ui-kit/format$': lib('ui-kit', 'src/format/index.ts'),
    '^@merchant/ui-kit$': lib('ui-kit'),
    '^@merchant/server-db/testing$': lib('server-db', 'src/testing/index.ts'),
    '^@merchant/server-db$': lib('server-db'),
    '^@merchant/api-contracts$': lib('api-contracts'),
  },
  testEnvironment: 'node',
  // ESM-only dependencies that must be transpiled for jest's CommonJS runtime.
  transformIgnorePatterns: ['/node_modules/(?!(idb|@electric-sql|kysely-pglite|msgpackr)/)'],
};
