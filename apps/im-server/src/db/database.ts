import { openDatabase, type DatabaseHandle } from '@merchant/server-db';
import type { ImDatabase } from './schema';
import { migrations } from './migrations';

/** im-server keeps its tables in their own schema so it can share a database with store-server. */
export const IM_SCHEMA = 'im';

export interface DatabaseConfig {
  /** PostgreSQL connection string; when absent an embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite folder; `memory://` keeps it in memory (tests). */
  dataDir: string;
}

export type ImStore = DatabaseHandle<ImDatabase>;

/** Opens the database (@merchant/server-db), creates the `im` schema and runs pending migrations in order. */
export function openImStore(config: DatabaseConfig): Promise<ImStore> {
  return openDatabase<ImDatabase>({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: IM_SCHEMA,
    // Our bigint columns are epoch milliseconds and identities, all below 2^53.
    int8AsNumber: true,
    migrations,
    label: 'im-server',
    // 008-search-index: the trigram index of message search.
    pgliteExtensions: ['pg_trgm'],
  });
}
