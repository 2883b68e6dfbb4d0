// im-core's layers, enforced (issue 10): protocol → transport → connection → sync → services →
// client → multitab; upload (issue 13) sits beside services, below client. A layer imports only
// layers below it, never one above. multitab (one socket
// per browser profile, docs/im-multitab.md) sits on top: it builds a client per leader tab and
// proxies the others' calls to it, so nothing below may know about tabs. Beside them: errors, store and
// validation (below everything that uses them) and model (the pure §4 rules sync, services and the
// client share, so sync never reaches into services). testing and server are separate entry
// points: only tests may import testing. Imported by the root eslint.config.mjs.
const SRC = 'libs/im-core/src';

/** For each folder, the folders it must not import. */
const FORBIDDEN = {
  errors: ['protocol', 'transport', 'connection', 'model', 'sync', 'services', 'client', 'store', 'validation', 'multitab', 'upload'],
  store: ['protocol', 'transport', 'connection', 'model', 'sync', 'services', 'client', 'validation', 'multitab', 'upload'],
  validation: ['protocol', 'transport', 'connection', 'model', 'sync', 'services', 'client', 'multitab', 'upload'],
  protocol: ['transport', 'connection', 'model', 'sync', 'services', 'client', 'store', 'validation', 'multitab', 'upload'],
  transport: ['connection', 'model', 'sync', 'services', 'client', 'store', 'validation', 'multitab', 'upload'],
  connection: ['model', 'sync', 'services', 'client', 'store', 'validation', 'multitab', 'upload'],
  model: ['transport', 'connection', 'sync', 'services', 'client', 'multitab', 'upload'],
  sync: ['transport', 'services', 'client', 'multitab', 'upload'],
  services: ['transport', 'sync', 'client', 'multitab'],
  client: ['transport', 'multitab'],
  multitab: ['transport'],
  // Uploads (issue 13) take a token port and the edges from the client and speak HTTP themselves.
  upload: ['protocol', 'transport', 'connection', 'model', 'sync', 'services', 'client', 'multitab'],
  // The generic HTTP layer (issue 30 §5; §7 "Generic HTTP layer") sits under every layer that speaks HTTP.
  http: ['protocol', 'transport', 'connection', 'model', 'sync', 'services', 'client', 'store', 'validation', 'multitab', 'upload', 'background'],
};
const ENTRY_POINTS_ONLY_FOR_TESTS = ['testing', 'server'];

const banned = (folders) =>
  folders.map((folder) => ({
    // A layer's own subfolders (services/teams/…) reach other layers from two levels down.
    group: [`../${folder}`, `../${folder}/*`, `../../${folder}`, `../../${folder}/*`],
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
