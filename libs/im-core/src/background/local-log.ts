import { HttpClient } from '../http';
import { ImError, ImErrorName } from '../errors';
import type { LocalLogLevel, LocalLogRecord, LocalLogStore } from './local-log-store';
import { MemoryLocalLogStore } from './local-log-store';
import { redactLogText, redactLogDetails } from './local-log-redaction';

// The local debug log (im-client-spec §3 "Local log record: log, level, time", §7 uploadSdkLogUrl and
// "Plain-text log POST to an optional log URL", §9; docs/im-background.md "Local debug log"). Records
// wait in a queue and go to the store (IndexedDB through im-db's IndexedDbLogStore, or memory without
// a database) in batches; what is older than the retention is dropped at each flush. Nothing secret is
// written: tokens and message bodies are redacted before a record is queued (local-log-redaction.ts).

/** §9 "Local log retention 72 hours". */
export const LOCAL_LOG_RETENTION_MS = 72 * 60 * 60 * 1000;
/** §9 "queue flushed after more than 50 entries". */
export const LOCAL_LOG_FLUSH_ENTRIES = 50;
/** §9 "... or 60 s". */
export const LOCAL_LOG_FLUSH_INTERVAL_MS = 60_000;
/** §9 "log uploader retry starts at 5000 ms". */
export const LOG_UPLOAD_RETRY_START_MS = 5000;
/** §9 "... and grows by 5000 ms per failure". */
export const LOG_UPLOAD_RETRY_STEP_MS = 5000;
/** How many times an upload is tried before it gives up (ours: the spec gives no bound). */
export const LOG_UPLOAD_MAX_ATTEMPTS = 4;

export interface LocalLogTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Where an upload goes: the object store, then uploadSdkLogUrl naming the object (the client wires both). */
export interface LogUploadPort {
  /** Uploads the log text as a file; answers its URL. */
  upload(text: string, fileName: string): Promise<string>;
  /** uploadSdkLogUrl: tells the server which object holds the log. */
  register(url: string): Promise<void>;
}

export interface LocalLogOptions {
  /** Default: MemoryLocalLogStore (no database). */
  store?: LocalLogStore;
  now?: () => number;
  timers?: LocalLogTimers;
  /** §7 optional plain-text POST of each flushed batch to this URL. */
  logUrl?: string;
  /** The optional plain-text POST goes through im-core's HTTP layer (../http) with this fetch. */
  fetch?: typeof globalThis.fetch;
  /** Shown in the uploaded file's first line (account, SDK version...); redacted like any record. */
  describe?: () => string;
}

export type LogUploadStage = 'collecting' | 'uploading' | 'retrying' | 'done' | 'failed';
export interface LogUploadProgress {
  stage: LogUploadStage;
  attempt: number;
  /** When the next attempt starts (retrying). */
  retryInMs?: number;
}

export class LocalLog {
  private queue: LocalLogRecord[] = [];
  private timer: unknown;
  private flushing: Promise<void> = Promise.resolve();
  private readonly store: LocalLogStore;
  private readonly now: () => number;
  private readonly timers: LocalLogTimers;

  constructor(private readonly options: LocalLogOptions = {}) {
    this.store = options.store ?? new MemoryLocalLogStore();
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
  }

  /** Queues one record, redacted; more than 50 queued flush at once, else within 60 s. */
  write(level: LocalLogLevel, message: string, details?: unknown): void {
    const detail = details === undefined ? '' : ` ${redactLogDetails(details)}`;
    this.queue.push({ log: `${redactLogText(String(message))}${detail}`, level, time: this.now() });
    if (this.queue.length > LOCAL_LOG_FLUSH_ENTRIES) void this.flush();
    else if (this.timer === undefined) this.timer = this.timers.setTimeout(() => void this.flush(), LOCAL_LOG_FLUSH_INTERVAL_MS);
  }

  /** An ImLogger (im-core's logger shape) that writes here. */
  logger(): { info(message: string, detail?: unknown): void; warn(message: string, detail?: unknown): void; error(message: string, detail?: unknown): void } {
    return {
      info: (message, detail) => this.write('info', message, detail),
      warn: (message, detail) => this.write('warn', message, detail),
      error: (message, detail) => this.write('error', message, detail),
    };
  }

  /** How many records wait in the queue (tests, diagnostics). */
  get queued(): number {
    return this.queue.length;
  }

  /**
   * Writes the queue to the store and drops records past the retention; then, with a log URL, POSTs the
   * batch as plain text (a failed POST loses nothing: the records are stored). Flushes run one at a time.
   */
  flush(): Promise<void> {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    this.flushing = this.flushing.then(async () => {
      if (batch.length > 0) await this.store.add(batch);
      await this.store.deleteBefore(this.now() - LOCAL_LOG_RETENTION_MS);
      if (batch.length > 0 && this.options.logUrl && this.options.fetch) {
        try {
          await new HttpClient({ fetch: this.options.fetch, timers: this.timers }).post(this.options.logUrl, { text: formatRecords(batch) });
        } catch {
          // The plain-text copy is optional; the records are in the store.
        }
      }
    });
    return this.flushing;
  }

  /** The kept records (last 72 hours), oldest first, after a flush. */
  async records(): Promise<LocalLogRecord[]> {
    await this.flush();
    const since = this.now() - LOCAL_LOG_RETENTION_MS;
    return (await this.store.all()).filter((r) => r.time >= since).sort((a, b) => a.time - b.time);
  }

  /**
   * Uploads the kept records as one text file and names it to the server (uploadSdkLogUrl). A failed
   * attempt is tried again after 5000 ms, then 10000 ms, 15000 ms... (§9), up to LOG_UPLOAD_MAX_ATTEMPTS;
   * resolves with the URL, rejects with the last error.
   */
  async upload(port: LogUploadPort, onProgress?: (progress: LogUploadProgress) => void): Promise<string> {
    onProgress?.({ stage: 'collecting', attempt: 0 });
    const records = await this.records();
    const header = this.options.describe ? `${redactLogText(this.options.describe())}\n` : '';
    const text = `${header}${formatRecords(records)}` || 'no records\n';
    const fileName = `sdk-log-${this.now()}.log`;
    let lastError: unknown;
    for (let attempt = 1; attempt <= LOG_UPLOAD_MAX_ATTEMPTS; attempt++) {
      onProgress?.({ stage: 'uploading', attempt });
      try {
        const url = await port.upload(text, fileName);
        await port.register(url);
        onProgress?.({ stage: 'done', attempt });
        return url;
      } catch (error) {
        lastError = error;
        if (attempt === LOG_UPLOAD_MAX_ATTEMPTS) break;
        const wait = logUploadRetryDelay(attempt);
        onProgress?.({ stage: 'retrying', attempt, retryInMs: wait });
        await new Promise<void>((resolve) => this.timers.setTimeout(resolve, wait));
      }
    }
    onProgress?.({ stage: 'failed', attempt: LOG_UPLOAD_MAX_ATTEMPTS });
    throw lastError instanceof ImError ? lastError : new ImError(ImErrorName.Upload_Failed, `the log upload failed: ${String(lastError)}`, { cause: lastError });
  }

  /** Flushes and stops the timer (the client's destroy). */
  async close(): Promise<void> {
    await this.flush();
  }
}

/** §9: the wait after the n-th failed upload: 5000 ms, then 5000 ms more per failure. */
export function logUploadRetryDelay(failures: number): number {
  return LOG_UPLOAD_RETRY_START_MS + LOG_UPLOAD_RETRY_STEP_MS * (Math.max(1, failures) - 1);
}

/** One line per record: ISO time, level, text (the uploaded file and the plain-text POST). */
export function formatRecords(records: readonly LocalLogRecord[]): string {
  return records.map((r) => `${new Date(r.time).toISOString()} ${r.level.toUpperCase()} ${r.log.replace(/\r?\n/g, ' ')}`).join('\n') + (records.length > 0 ? '\n' : '');
}
