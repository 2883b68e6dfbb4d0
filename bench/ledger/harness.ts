// What the ledger benchmark needs from the sources, bundled by run.mjs: the ledger's own transfer and check
// (modules/ledger), not copies of their SQL.
export { openStoreDatabase } from '../../apps/store-server/src/db/database';
export { seedDemoData } from '../../apps/store-server/src/db/seed';
export { systemClock } from '../../apps/store-server/src/shared/clock';
export { checkLedger, ledgerDay, postOrderPayment, transfer } from '../../apps/store-server/src/modules/ledger';
export { sql } from 'kysely';
