export { IndexedDbStore, databaseNameFor } from './indexeddb-store';
export type { OpenIndexedDbStoreOptions } from './indexeddb-store';
export { isDatabaseDisabled, openLocalStore, requestPersistence, withMemoryFallback } from './local-store';
export type { ImDbEvent, ImDbEventListener, ImDbFallbackReason, LocalStore, OpenLocalStoreOptions, StorageManagerLike } from './local-store';
export { DB_SCHEMA_VERSION, TABLES, INDEXES } from './schema-names';
// The local debug log's IndexedDB store (docs/im-background.md "Local debug log").
export { IndexedDbLogStore, logDatabaseNameFor } from './log-store';
