import { wrap, type IDBPDatabase } from 'idb';
import { ImError, ImErrorName, type LocalLogRecord, type LocalLogStore } from '@merchant/im-core';

// im-core's local debug log on IndexedDB (im-client-spec §3 "Local log record: log, level, time";
// docs/im-background.md "Local debug log"). A database of its own, beside the chat database, so the log
// never touches the schema-12 tables and survives a chat database that failed to open.

const LOG_TABLE = 'log';
const TIME_INDEX = 'time';
const LOG_DB_VERSION = 1;

/** One log database per app key and account, like the chat database. */
export function logDatabaseNameFor(appKey: string, account: string): string {
  return `merchant-im-log-${appKey}-${account}`;
}

export class IndexedDbLogStore implements LocalLogStore {
  private constructor(private readonly db: IDBPDatabase<unknown>) {}

  static async open(options: { name: string; indexedDB?: IDBFactory }): Promise<IndexedDbLogStore> {
    const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    if (!factory) throw new ImError(ImErrorName.NO_DB, 'IndexedDB is not supported here');
    try {
      const request = factory.open(options.name, LOG_DB_VERSION);
      request.onupgradeneeded = () => {
        const table = request.result.createObjectStore(LOG_TABLE, { autoIncrement: true });
        table.createIndex(TIME_INDEX, 'time');
      };
      const db = (await wrap(request)) as unknown as IDBPDatabase<unknown>;
      // Another tab wants a newer version: let it.
      db.addEventListener('versionchange', () => db.close());
      return new IndexedDbLogStore(db);
    } catch (error) {
      throw new ImError(ImErrorName.NO_DB, `cannot open IndexedDB ${options.name}: ${String(error)}`, { cause: error });
    }
  }

  async add(records: readonly LocalLogRecord[]): Promise<void> {
    const tx = this.db.transaction(LOG_TABLE, 'readwrite');
    for (const { log, level, time } of records) void tx.store.add({ log, level, time });
    await tx.done;
  }

  async all(): Promise<LocalLogRecord[]> {
    const rows = (await this.db.getAllFromIndex(LOG_TABLE, TIME_INDEX)) as LocalLogRecord[];
    return rows.map(({ log, level, time }) => ({ log, level, time }));
  }

  async deleteBefore(time: number): Promise<number> {
    const tx = this.db.transaction(LOG_TABLE, 'readwrite');
    let removed = 0;
    let cursor = await tx.store.index(TIME_INDEX).openCursor(IDBKeyRange.upperBound(time, true));
    while (cursor) {
      await cursor.delete();
      removed++;
      cursor = await cursor.continue();
    }
    await tx.done;
    return removed;
  }

  close(): void {
    this.db.close();
  }
}
