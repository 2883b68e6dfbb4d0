// What the order-notify benchmark needs from the sources, bundled by run.mjs with esbuild (workspace
// libraries from source through tsconfig paths, every npm package left to node_modules).
export { openStoreDatabase } from '../../apps/store-server/src/db/database';
export { createStoreServer } from '../../apps/store-server/src/server';
export { DEV_BUYER_KEY } from '../../apps/store-server/src/config';
export { createSecureClient } from '@merchant/secure-transport';
export { notificationEndpoints, STORE_EVENT_STREAM_PATH } from '@merchant/api-contracts';
export { sql } from 'kysely';
