// Where the local debug log keeps its records (im-client-spec §3 "Local log record: log, level, time").
// im-db implements it on IndexedDB (IndexedDbLogStore); without a database the memory store serves.

export type LocalLogLevel = 'debug' | 'info' | 'warn' | 'error';

/** §3 "Local log record: log, level, time" (time in epoch ms). */
export interface LocalLogRecord {
  log: string;
  level: LocalLogLevel;
  time: number;
}

export interface LocalLogStore {
  add(records: readonly LocalLogRecord[]): Promise<void>;
  /** Every kept record (any order). */
  all(): Promise<LocalLogRecord[]>;
  /** Removes the records older than `time`; answers how many went. */
  deleteBefore(time: number): Promise<number>;
}

export class MemoryLocalLogStore implements LocalLogStore {
  private records: LocalLogRecord[] = [];

  async add(records: readonly LocalLogRecord[]): Promise<void> {
    this.records.push(...records.map((r) => ({ ...r })));
  }

  async all(): Promise<LocalLogRecord[]> {
    return this.records.map((r) => ({ ...r }));
  }

  async deleteBefore(time: number): Promise<number> {
    const before = this.records.length;
    this.records = this.records.filter((r) => r.time >= time);
    return before - this.records.length;
  }
}
