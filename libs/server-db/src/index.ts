export { SerializedPGliteDialect } from './pglite-dialect';
export { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from './open-database';
export { runMigrations, type RunMigrationsOptions } from './migrations';
