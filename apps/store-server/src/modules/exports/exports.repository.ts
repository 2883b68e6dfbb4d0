import type { ExportJobState, LocalizedText, SupportedLanguage } from '@merchant/api-contracts';
import { sql, type ColumnType, type Generated, type Kysely, type Selectable } from 'kysely';
import type { StoreDatabase } from '../../db/schema';

/** store_export_job (migration 0013, docs/export.md). Typed here: only this module reads or writes it. */
export interface ExportJobTable {
  id: Generated<number>;
  store_id: number;
  user_id: number;
  resource: string;
  /** The list call's parsed biz (filters, sortField, sortOrder) the runner pages with. */
  query: ColumnType<Record<string, unknown>, string, string>;
  file_name: string;
  language: SupportedLanguage;
  state: ExportJobState;
  processed: Generated<number>;
  total: Generated<number>;
  object_key: string | null;
  error_msg: ColumnType<LocalizedText | null, string | null, string | null>;
  attempts: Generated<number>;
  created_at: ColumnType<Date, Date | undefined, Date>;
  started_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  heartbeat_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  expires_at: ColumnType<Date, Date, Date>;
}
export type ExportJobRow = Selectable<ExportJobTable>;
type ExportDatabase = { store_export_job: ExportJobTable };

export interface NewExportJob {
  storeId: number;
  userId: number;
  resource: string;
  query: Record<string, unknown>;
  fileName: string;
  language: SupportedLanguage;
  total: number;
  createdAt: Date;
  expiresAt: Date;
}

/** Export jobs of every store; each store-facing read names the store. */
export class ExportsRepository {
  private readonly db: Kysely<ExportDatabase>;

  constructor(db: Kysely<StoreDatabase>) {
    this.db = db as unknown as Kysely<ExportDatabase>;
  }

  async insert(job: NewExportJob): Promise<ExportJobRow> {
    return this.db
      .insertInto('store_export_job')
      .values({
        store_id: job.storeId,
        user_id: job.userId,
        resource: job.resource,
        query: JSON.stringify(job.query),
        file_name: job.fileName,
        language: job.language,
        state: 1,
        total: job.total,
        created_at: job.createdAt,
        expires_at: job.expiresAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The store's job, or undefined for another store's (or an unknown, or an expired) id. */
  async find(storeId: number, jobId: number, now: Date): Promise<ExportJobRow | undefined> {
    return this.db.selectFrom('store_export_job').selectAll().where('id', '=', jobId).where('store_id', '=', storeId).where('expires_at', '>', now).executeTakeFirst();
  }

  async findById(jobId: number): Promise<ExportJobRow | undefined> {
    return this.db.selectFrom('store_export_job').selectAll().where('id', '=', jobId).executeTakeFirst();
  }

  async activeCount(storeId: number): Promise<number> {
    const row = await this.db
      .selectFrom('store_export_job')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('store_id', '=', storeId)
      .where('state', 'in', [1, 2])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Takes the oldest queued job for this node: `for update skip locked` lets several nodes share the
   * queue without taking the same job twice.
   */
  async claimNext(now: Date): Promise<ExportJobRow | undefined> {
    const { rows } = await sql<ExportJobRow>`
      update store_export_job set state = 2, started_at = ${now}, heartbeat_at = ${now}, attempts = attempts + 1, processed = 0
      where id = (select id from store_export_job where state = 1 order by id limit 1 for update skip locked)
      returning *`.execute(this.db);
    return rows[0];
  }

  async progress(jobId: number, processed: number, total: number, now: Date): Promise<void> {
    await this.db.updateTable('store_export_job').set({ processed, total, heartbeat_at: now }).where('id', '=', jobId).where('state', '=', 2).execute();
  }

  /**
   * Marks the job done, only while this claim of it still runs (`attempt`): a runner taken for dead whose job
   * another instance claimed again does not finish it a second time. False when the claim was lost.
   */
  async finish(jobId: number, objectKey: string, processed: number, now: Date, attempt?: number): Promise<boolean> {
    let update = this.db
      .updateTable('store_export_job')
      .set({ state: 3, object_key: objectKey, processed, total: processed, finished_at: now, heartbeat_at: now })
      .where('id', '=', jobId);
    if (attempt !== undefined) update = update.where('state', '=', 2).where('attempts', '=', attempt);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async fail(jobId: number, message: LocalizedText, now: Date): Promise<void> {
    await this.db.updateTable('store_export_job').set({ state: 4, error_msg: JSON.stringify(message), finished_at: now }).where('id', '=', jobId).execute();
  }

  /** A job this node stops (shutdown) goes back to the queue, so the next start resumes it. */
  async requeue(jobId: number): Promise<void> {
    await this.db.updateTable('store_export_job').set({ state: 1, processed: 0, heartbeat_at: null }).where('id', '=', jobId).where('state', '=', 2).execute();
  }

  /**
   * Running jobs whose runner stopped beating (a node died) go back to the queue, or fail after
   * `maxAttempts` tries. Returns how many were requeued.
   */
  async recoverStale(staleBefore: Date, maxAttempts: number, failure: LocalizedText, now: Date): Promise<number> {
    await this.db
      .updateTable('store_export_job')
      .set({ state: 4, error_msg: JSON.stringify(failure), finished_at: now })
      .where('state', '=', 2)
      .where('heartbeat_at', '<', staleBefore)
      .where('attempts', '>=', maxAttempts)
      .execute();
    const requeued = await this.db
      .updateTable('store_export_job')
      .set({ state: 1, processed: 0, heartbeat_at: null })
      .where('state', '=', 2)
      .where('heartbeat_at', '<', staleBefore)
      .executeTakeFirst();
    return Number(requeued.numUpdatedRows);
  }

  /** Deletes expired jobs and answers their object keys (the caller deletes the files). */
  async deleteExpired(now: Date): Promise<string[]> {
    const rows = await this.db.deleteFrom('store_export_job').where('expires_at', '<=', now).returning(['object_key']).execute();
    return rows.map((row) => row.object_key).filter((key): key is string => Boolean(key));
  }
}
