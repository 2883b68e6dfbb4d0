// What the order-list benchmark needs from the sources, bundled by run.mjs with esbuild. The list
// query is H1's: the orders module's `orderList` definition run by the resource-list helper, exactly
// as OrdersRepository.page does (modules/orders/orders.repository.ts), not a copy of its SQL.
export { openStoreDatabase } from '../../apps/store-server/src/db/database';
export { orderList } from '../../apps/store-server/src/modules/orders';
export { filteredQuery, listPage } from '../../apps/store-server/src/shared/resource-list';
export { sql, CompiledQuery } from 'kysely';
export { seedDemoData } from '../../apps/store-server/src/db/seed';
export { systemClock } from '../../apps/store-server/src/shared/clock';
