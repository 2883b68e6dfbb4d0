// What the store-api and store-load benchmarks need from the sources, bundled by run.mjs with esbuild (workspace
// libraries from source through tsconfig paths, every npm package left to node_modules).
export { openStoreDatabase } from '../../apps/store-server/src/db/database';
export { createStoreServer } from '../../apps/store-server/src/server';
export { createSecureClient } from '@merchant/secure-transport';
export { goodsEndpoints, orderEndpoints } from '@merchant/api-contracts';
export { sql } from 'kysely';
