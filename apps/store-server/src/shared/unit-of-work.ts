import type { Transaction } from 'kysely';
import type { StoreDatabase } from '../db/schema';

/**
 * An open transaction one module lends another module's public face, so that a check the other module
 * answers and this module's write commit together (account asks goods about on-shelf goods while it
 * replaces the store's categories). Only repositories run queries on it. With PGlite (one connection)
 * a query outside the open transaction would wait for it forever, so a check inside one must use it.
 */
export type UnitOfWork = Transaction<StoreDatabase>;
