// What the "explain my balance" benchmark needs from the sources, bundled by explain.mjs: the statements module's own
// read (modules/statements) and the ledger's transfers and check, not copies of their SQL.
export { openStoreDatabase } from '../../apps/store-server/src/db/database';
export { seedDemoData } from '../../apps/store-server/src/db/seed';
export { systemClock } from '../../apps/store-server/src/shared/clock';
export { checkLedger, ledgerDay, transferMany } from '../../apps/store-server/src/modules/ledger';
export { StatementsRepository } from '../../apps/store-server/src/modules/statements/statements.repository';
export { sql } from 'kysely';
