// What the coupon dry-run benchmark needs from the sources, bundled by dry-run.bench.mjs with esbuild: the coupons
// module's own service (the dryRun call the route makes: its repository's one read, couponDiscount per order).
export { openStoreDatabase } from '../../apps/store-server/src/db/database';
export { seedDemoData } from '../../apps/store-server/src/db/seed';
export { systemClock } from '../../apps/store-server/src/shared/clock';
export { CouponsService } from '../../apps/store-server/src/modules/coupons';
export { CouponsRepository } from '../../apps/store-server/src/modules/coupons/coupons.repository';
export { sql } from 'kysely';
