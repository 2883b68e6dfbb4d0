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

const MUTATION = /^\s*(insert|update|delete|merge)\b/i;

/**
 * Kysely dialect over embedded PGlite. PGlite is one connection, so the driver hands it out to one
 * caller at a time: without that, a query issued while another caller's transaction is open would
 * run inside that transaction (kysely-pglite 0.6 does not serialise, and its entry point pulls in a
 * code generator we do not install).
 */
export class SerializedPGliteDialect implements Dialect {
  constructor(private readonly client: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new SerializedPGliteDriver(this.client);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class SerializedPGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private releaseCurrent: (() => void) | null = null;
  private readonly connection: DatabaseConnection;

  constructor(private readonly client: PGlite) {
    this.connection = {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        // Like node-postgres, a query without parameters goes through the simple protocol, so a
        // migration may hold several statements; the last statement's result is returned.
        const result =
          query.parameters.length === 0
            ? ((await client.exec(query.sql)).at(-1) ?? { rows: [], affectedRows: undefined })
            : await client.query(query.sql, [...query.parameters]);
        const affected = result.affectedRows;
        const numAffectedRows =
          affected !== undefined ? BigInt(affected) : MUTATION.test(query.sql) ? BigInt(0) : undefined;
        return { rows: result.rows as R[], ...(numAffectedRows === undefined ? {} : { numAffectedRows }) };
      },
      streamQuery: () => {
        throw new Error('streaming is not supported by the PGlite driver');
      },
    };
  }

  async init(): Promise<void> {}

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

  /** Waits for the caller holding the connection, then closes PGlite (once). */
  async destroy(): Promise<void> {
    await this.queue;
    if (!this.client.closed) await this.client.close();
  }
}
