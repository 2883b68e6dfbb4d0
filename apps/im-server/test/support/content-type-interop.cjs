// music-metadata (ESM) default-imports content-type 2 (CommonJS marked __esModule, without a default
// export). Node gives such an import module.exports; jest's CommonJS transform would give undefined, so
// tests map content-type here: the copy music-metadata would load (by path, outside jest's mapping, which
// also covers require.resolve and createRequire), with itself as its default.
const { existsSync } = require('node:fs');
const { dirname, join } = require('node:path');
const musicMetadata = dirname(dirname(require.resolve('music-metadata')));
const nested = join(musicMetadata, 'node_modules', 'content-type');
const real = require(existsSync(nested) ? nested : join(dirname(musicMetadata), 'content-type'));
module.exports = { ...real, default: real };
