// im-core's layers, enforced (issue 10): protocol → transport → connection → sync → services →
// client. A layer imports only layers below it, never one above. Beside them: errors, store and
// validation (below everything that uses them) and model (the pure §4 rules sync, services and the
// client share, so sync never reaches into services). testing and server are separate entry
// points: only tests may import testing. Imported by the root eslint.config.mjs.
const SRC = 'libs/im-core/src';

/** For each folder, the folders it must not import. */
const FORBIDDEN = {
  errors: ['protocol', 'transport', 'connection', 'model', 'sync', 'services', 'client', 'store', 'validation'],
  store: ['protocol', 'transport', 'connection', 'model', 'sync', 'services', 'client', 'validation'],
  validation: ['protocol', 'transport', 'connection', 'model', 'sync', 'services', 'client'],
  protocol: ['transport', 'connection', 'model', 'sync', 'services', 'client', 'store', 'validation'],
  transport: ['connection', 'model', 'sync', 'services', 'client', 'store', 'validation'],
  connection: ['model', 'sync', 'services', 'client', 'store', 'validation'],
  model: ['transport', 'connection', 'sync', 'services', 'client'],
  sync: ['transport', 'services', 'client'],
  services: ['transport', 'sync', 'client'],
  client: ['transport'],
};
const ENTRY_POINTS_ONLY_FOR_TESTS = ['testing', 'server'];

const banned = (folders) =>
  folders.map((folder) => ({
    group: [`../${folder}`, `../${folder}/*`],
    message: `im-core layers (libs/im-core/eslint.layers.mjs): this folder must not import ${folder}.`,
  }));

export const imCoreLayers = Object.entries(FORBIDDEN).flatMap(([folder, forbidden]) => [
  {
    files: [`${SRC}/${folder}/**/*.ts`],
    ignores: [`${SRC}/${folder}/**/*.spec.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: banned([...forbidden, ...ENTRY_POINTS_ONLY_FOR_TESTS]) }] },
  },
  {
    // Tests of a layer may also use the testing helpers.
    files: [`${SRC}/${folder}/**/*.spec.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: banned([...forbidden, 'server']) }] },
  },
]);
