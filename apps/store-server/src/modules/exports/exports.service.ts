import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  DEFAULT_PAGE_SIZE,
  EXPORT_DOWNLOAD_PATH,
  EXPORT_JOB_STATE,
  EXPORT_LIMITS,
  EXPORT_RESOURCE_LISTS,
  STORE_CODES,
  describeValidationErrorText,
  hasPermission,
  isSupportedLanguage,
  type ExportCreateRequest,
  type ExportJob,
  type ExportResource,
  type LocalizedText,
  type SupportedLanguage,
} from '@merchant/api-contracts';
import { EXCEL_MIME, sanitizeExportFileName, uiKitText } from '@merchant/ui-kit/format';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { Caller } from '../../http/route';
import { addSeconds, toEpochSeconds, type Clock } from '../../shared/clock';
import { filteredQuery, listPage, type ListQuery, type ResourceListDefinition } from '../../shared/resource-list';
import { StoreError, invalidParameter, text } from '../../shared/store-error';
import type { ObjectStorage } from '../media';
import { EXPORT_DEFINITIONS } from './exports.schemas';
import type { ExportJobRow, ExportsRepository } from './exports.repository';

/** Rows read per query while a job runs (and between two progress writes). */
export const EXPORT_BATCH_ROWS = 500;
/**
 * The runner's pause between two batches. The embedded database (PGlite) runs one query at a time in
 * this process: without a pause a running export would queue every interactive call behind its batches.
 */
export const EXPORT_BATCH_PAUSE_MS = 50;
/** A running job whose heartbeat is older than this is taken to have lost its node and is requeued. */
export const EXPORT_STALE_SECONDS = 120;
/** How often each instance looks for jobs a dead instance left (running or queued). */
export const EXPORT_WATCH_SECONDS = 30;
/** Tries of one job before it fails for good (node deaths while it ran). */
export const EXPORT_MAX_ATTEMPTS = 3;

/** console-spec §8: 'export failed, please retry' — the one text ui-kit's exporter also uses. */
const exportFailedText = (): LocalizedText => ({ 'zh-CN': uiKitText('exportFailed', 'zh-CN'), 'en-US': uiKitText('exportFailed', 'en-US') });
const notFound = () => new StoreError(STORE_CODES.notFound, text('导出任务不存在或已过期', 'no such export job (it may have expired)'));

export interface ExportsServiceOptions {
  db: Kysely<StoreDatabase>;
  repository: ExportsRepository;
  clock: Clock;
  /** Object storage of the media layer (local folder or S3); export files live under `exports/`. */
  storage: ObjectStorage;
  /** Signs download URLs (the media signing secret). */
  signingSecret: string;
  permissionsOf(caller: Caller): Promise<readonly string[]>;
  batchRows?: number;
  log?: { error(details: object, message: string): void };
  /** How often stale and queued jobs are looked for (EXPORT_WATCH_SECONDS unless given; tests). */
  watchMs?: number;
}

export interface ExportDownload {
  body: Uint8Array;
  fileName: string;
}

class RunnerStopped extends Error {}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The filtered count of a list (the list call's own count query). */
async function countRows(db: Kysely<StoreDatabase>, definition: ResourceListDefinition<unknown>, storeId: number, query: ListQuery): Promise<number> {
  const counted = await filteredQuery(db, definition, storeId, query).select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
  return Number((counted as { total?: unknown } | undefined)?.total ?? 0);
}

/**
 * Export jobs (docs/export.md): create validates the filters with the list call's own schema and
 * records a queued job; a runner on each node claims queued jobs one at a time and writes the xlsx
 * with exceljs' streaming writer from the same list definition the list call pages with.
 */
export class ExportsService {
  private readonly batchRows: number;
  private running: Promise<void> | null = null;
  private kickedWhileRunning = false;
  private stopping = false;
  private watchTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ExportsServiceOptions) {
    this.batchRows = options.batchRows ?? EXPORT_BATCH_ROWS;
  }

  private get repository() {
    return this.options.repository;
  }

  private now() {
    return this.options.clock.now();
  }

  async create(caller: Caller, biz: Required<Pick<ExportCreateRequest, 'resource' | 'fileName'>> & ExportCreateRequest, language: SupportedLanguage, origin: string): Promise<ExportJob> {
    const resource = biz.resource as ExportResource;
    const definition = EXPORT_DEFINITIONS[resource];
    await this.checkKindPermission(caller, resource);
    const query = this.listQuery(resource, biz);
    const probe = { total: await countRows(this.options.db, definition.list.definition, caller.storeId, query as ListQuery) };
    if (probe.total === 0) throw invalidParameter(text('没有符合筛选条件的记录，无需导出', 'no records match the filter: there is nothing to export'));
    if (probe.total > EXPORT_LIMITS.maxRows) {
      throw invalidParameter(
        text(`筛选结果 ${probe.total} 条，超过单次导出上限 ${EXPORT_LIMITS.maxRows} 条，请缩小筛选范围`, `${probe.total} records match, more than the ${EXPORT_LIMITS.maxRows} one export may hold: narrow the filter`),
      );
    }
    await this.sweep();
    if ((await this.repository.activeCount(caller.storeId)) >= EXPORT_LIMITS.activeJobsPerStore) {
      throw new StoreError(
        STORE_CODES.notAllowedInCurrentState,
        text(`已有 ${EXPORT_LIMITS.activeJobsPerStore} 个导出任务在进行，请稍后再试`, `${EXPORT_LIMITS.activeJobsPerStore} exports are already being prepared: try again when one is done`),
      );
    }
    const now = this.now();
    const job = await this.repository.insert({
      storeId: caller.storeId,
      userId: caller.userId,
      resource,
      query,
      fileName: sanitizeExportFileName(biz.fileName),
      language,
      total: probe.total,
      createdAt: now,
      expiresAt: addSeconds(now, EXPORT_LIMITS.retentionSeconds),
    });
    this.kick();
    return this.view(job, language, origin);
  }

  async status(caller: Caller, jobId: number, language: SupportedLanguage, origin: string): Promise<ExportJob> {
    const job = await this.repository.find(caller.storeId, jobId, this.now());
    if (!job) throw notFound();
    // The answer carries the file's download link: only a holder of the kind's code may read it (docs/permissions.md).
    await this.checkKindPermission(caller, job.resource as ExportResource);
    return this.view(job, language, origin);
  }

  /** The export calls carry no code of their own: each kind needs its list's code (orders: order:export), or 10100003. */
  private async checkKindPermission(caller: Caller, resource: ExportResource): Promise<void> {
    const required = EXPORT_RESOURCE_LISTS[resource]?.permission;
    if (required && !hasPermission(await this.options.permissionsOf(caller), required)) {
      throw new StoreError(STORE_CODES.permissionDenied, text('没有导出该列表的权限', 'you may not export this list'));
    }
  }

  /** The list call's biz schema checks the filters and the sort; paging fields are the runner's. */
  private listQuery(resource: ExportResource, biz: ExportCreateRequest): Record<string, unknown> {
    const input: Record<string, unknown> = { ...(biz.filters ?? {}) };
    delete input.pageNum;
    delete input.pageSize;
    if (biz.sort) Object.assign(input, { sortField: biz.sort.field, sortOrder: biz.sort.order });
    const parsed = EXPORT_RESOURCE_LISTS[resource].biz.safeParse({ ...input, pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
    if (!parsed.success) throw invalidParameter(describeValidationErrorText(parsed.error, input));
    const query = { ...(parsed.data as Record<string, unknown>) };
    delete query.pageNum;
    delete query.pageSize;
    return query;
  }

  private view(job: ExportJobRow, language: SupportedLanguage, origin: string): ExportJob {
    const done = job.state === EXPORT_JOB_STATE.done;
    const total = Math.max(job.total, job.processed);
    const expireTime = toEpochSeconds(job.expires_at) ?? 0;
    return {
      jobId: job.id,
      resource: job.resource,
      state: job.state,
      fileName: job.file_name,
      processed: job.processed,
      total,
      progress: done ? 100 : total === 0 ? 0 : Math.min(99, Math.floor((job.processed * 100) / total)),
      downloadUrl: done ? this.downloadUrl(origin, job.id, expireTime) : '',
      msg: job.state === EXPORT_JOB_STATE.failed ? (job.error_msg ?? exportFailedText())[language] : '',
      createTime: toEpochSeconds(job.created_at) ?? 0,
      expireTime,
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Download: a signed URL (a browser link cannot carry the envelope), valid until the job expires.

  private signature(jobId: number, expires: string): string {
    return createHmac('sha256', this.options.signingSecret).update(`export:${jobId}:${expires}`).digest('base64url');
  }

  private downloadUrl(origin: string, jobId: number, expires: number): string {
    const query = new URLSearchParams({ jobId: String(jobId), expires: String(expires), signature: this.signature(jobId, String(expires)) });
    return `${origin}${EXPORT_DOWNLOAD_PATH}?${query.toString()}`;
  }

  /** The file of a signed URL; null when the link is wrong, expired, or the file is gone. */
  async download(query: { jobId?: string; expires?: string; signature?: string }): Promise<ExportDownload | null> {
    const { jobId, expires, signature } = query;
    if (!jobId || !expires || !signature || !/^\d+$/.test(jobId)) return null;
    const expected = Buffer.from(this.signature(Number(jobId), expires));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    if (!(Number(expires) * 1000 > this.now().getTime())) return null;
    const job = await this.repository.findById(Number(jobId));
    if (!job || job.state !== EXPORT_JOB_STATE.done || !job.object_key || job.expires_at <= this.now()) return null;
    const object = await this.options.storage.get(job.object_key);
    return object ? { body: object.body, fileName: job.file_name } : null;
  }

  // ---------------------------------------------------------------------------------------------
  // The runner: one job at a time per node, the queue in the database.

  /** Starts the runner unless it runs (a job created while it drains is picked up before it stops). */
  kick(): void {
    if (this.stopping) return;
    if (this.running) {
      this.kickedWhileRunning = true;
      return;
    }
    // The first batch waits one pause, so the create call's answer leaves before the runner takes the database.
    this.running = pause(EXPORT_BATCH_PAUSE_MS)
      .then(() => this.drain())
      .catch((error: unknown) => this.options.log?.error({ err: error }, 'export runner failed'))
      .finally(() => {
        this.running = null;
        if (this.kickedWhileRunning && !this.stopping) {
          this.kickedWhileRunning = false;
          this.kick();
        }
      });
  }

  /**
   * At start-up, then every EXPORT_WATCH_SECONDS: requeue jobs of a dead node, remove expired ones, run what is
   * queued. The repeat is what lets another instance finish a dead one's jobs (running or still queued) without
   * a restart; the claim (FOR UPDATE SKIP LOCKED) keeps each job to one runner.
   */
  async start(): Promise<void> {
    await this.watch();
    if (this.stopping || this.watchTimer) return;
    this.watchTimer = setInterval(() => {
      this.watch().catch((error: unknown) => this.options.log?.error({ err: error }, 'export watch failed'));
    }, this.options.watchMs ?? EXPORT_WATCH_SECONDS * 1000);
    this.watchTimer.unref();
  }

  private async watch(): Promise<void> {
    const now = this.now();
    await this.repository.recoverStale(addSeconds(now, -EXPORT_STALE_SECONDS), EXPORT_MAX_ATTEMPTS, exportFailedText(), now);
    await this.sweep();
    this.kick();
  }

  /** At shutdown: the job in progress goes back to the queue; waits for the runner to let go. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.watchTimer);
    await this.running;
  }

  /** Resolves once the runner has nothing left to do (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      this.kickedWhileRunning = false;
      if (this.stopping) return;
      const job = await this.repository.claimNext(this.now());
      if (!job) return;
      await this.run(job);
    }
  }

  private async run(job: ExportJobRow): Promise<void> {
    try {
      const objectKey = await this.write(job);
      const finished = await this.repository.findById(job.id);
      const kept = await this.repository.finish(job.id, objectKey, finished?.processed ?? job.processed, this.now(), job.attempts);
      // Taken for dead and claimed again elsewhere: that run's file is the job's; this one is dropped.
      if (!kept) await this.options.storage.delete(objectKey).catch(() => undefined);
    } catch (error) {
      if (error instanceof RunnerStopped) return this.repository.requeue(job.id);
      this.options.log?.error({ err: error, jobId: job.id }, 'export job failed');
      await this.repository.fail(job.id, exportFailedText(), this.now());
    }
  }

  /** Streams the rows into an xlsx (exceljs WorkbookWriter), stores it, answers its object key. */
  private async write(job: ExportJobRow): Promise<string> {
    const definition = EXPORT_DEFINITIONS[job.resource as ExportResource];
    if (!definition) throw new Error(`unknown export resource ${job.resource}`);
    const language: SupportedLanguage = isSupportedLanguage(job.language) ? job.language : 'zh-CN';
    const chunks: Buffer[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(definition.sheetName[language]);
    sheet.columns = definition.columns.map((column, index) => ({ header: column.header[language], key: `c${index}`, width: column.width }));
    sheet.getRow(1).font = { bold: true };
    let processed = 0;
    for (let pageNum = 1; ; pageNum++) {
      if (this.stopping) throw new RunnerStopped();
      const page = await listPage(this.options.db, definition.list.definition, job.store_id, { ...(job.query as ListQuery), pageNum, pageSize: this.batchRows });
      const rows = definition.rowsIn ? await definition.rowsIn(this.options.db, page.list, language) : page.list;
      for (const row of rows) {
        sheet.addRow(definition.columns.map((column) => column.value(row, language) ?? '')).commit();
      }
      processed += page.list.length;
      await this.repository.progress(job.id, processed, Math.max(page.total, processed), this.now());
      if (page.list.length < this.batchRows || processed >= EXPORT_LIMITS.maxRows) break;
      await pause(EXPORT_BATCH_PAUSE_MS);
    }
    sheet.commit();
    await workbook.commit();
    const body = Buffer.concat(chunks);
    const objectKey = `exports/store-${job.store_id}/job-${job.id}-${randomBytes(6).toString('hex')}.xlsx`;
    await this.options.storage.put(objectKey, new Uint8Array(body.buffer, body.byteOffset, body.byteLength), EXCEL_MIME);
    return objectKey;
  }

  /** Deletes expired jobs and their files (docs/export.md: 24 hours after creation). */
  async sweep(): Promise<void> {
    const keys = await this.repository.deleteExpired(this.now());
    for (const key of keys) await this.options.storage.delete(key).catch(() => undefined);
  }
}
