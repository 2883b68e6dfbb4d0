export { IndexedDbStore, databaseNameFor } from './indexeddb-store';
export type { OpenIndexedDbStoreOptions } from './indexeddb-store';
export { DB_SCHEMA_VERSION, TABLES, INDEXES } from './schema-names';
