import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * Kysely dialect for PGlite. PGlite is one connection, so the driver hands it out to one
 * caller at a time: without that, a query issued while another request's transaction is open
 * would run inside that transaction (kysely-pglite 0.6 does not serialise).
 */
export class SerializedPGliteDialect implements Dialect {
  constructor(private readonly client: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new SerializedPGliteDriver(this.client);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class SerializedPGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: DatabaseConnection;

  constructor(private readonly client: PGlite) {
    this.connection = {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        // Like node-postgres, a query without parameters goes through the simple protocol, so a
        // migration may hold several statements.
        const result =
          query.parameters.length === 0
            ? ((await client.exec(query.sql)).at(-1) ?? { rows: [], affectedRows: 0 })
            : await client.query(query.sql, [...query.parameters]);
        const affected = result.affectedRows;
        return { rows: result.rows as R[], numAffectedRows: affected === undefined ? undefined : BigInt(affected) };
      },
      streamQuery: () => {
        throw new Error('PGlite does not support streaming');
      },
    };
  }

  async init(): Promise<void> {}

  private releaseCurrent: (() => void) | null = null;

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.releaseCurrent = release;
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.releaseCurrent;
    this.releaseCurrent = null;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async destroy(): Promise<void> {
    await this.client.close();
  }
}
