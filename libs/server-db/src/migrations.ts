import { Migrator, type Kysely, type Migration } from 'kysely';

export interface RunMigrationsOptions {
  /** Ordered, versioned migrations: names sort in the order they must run; append only. */
  migrations: Readonly<Record<string, Migration>>;
  /** Schema holding the `kysely_migration` bookkeeping tables (the server's own schema). */
  schema: string;
  /** Prefix of the error message when a migration fails, e.g. `im-server`. */
  label?: string;
}

/**
 * Runs every pending migration in name order (Kysely's Migrator, which locks its table, so two nodes
 * starting together run each migration once). Returns the names it applied; [] when up to date.
 */
export async function runMigrations<T>(db: Kysely<T>, options: RunMigrationsOptions): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...options.migrations }) },
    migrationTableSchema: options.schema,
    // Migration numbers are reserved ahead by feature (im-server's 016 landed after 017–019 were applied to
    // existing databases): a pending migration that sorts before applied ones still runs, in name order.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const prefix = options.label ? `${options.label} ` : '';
    throw new Error(`${prefix}migration ${failed} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
