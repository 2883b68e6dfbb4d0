// What the coupon-claims benchmark needs from the sources, bundled by claims.bench.mjs with esbuild: the
// coupons module's own service and repository (the claim the buyer routes make), not a copy of their SQL.
export { openStoreDatabase } from '../../apps/store-server/src/db/database';
export { seedDemoData } from '../../apps/store-server/src/db/seed';
export { systemClock } from '../../apps/store-server/src/shared/clock';
export { ClaimRefused, CouponsService } from '../../apps/store-server/src/modules/coupons';
export { CouponsRepository } from '../../apps/store-server/src/modules/coupons/coupons.repository';
export { sql } from 'kysely';
