import { unwrap, wrap, type IDBPDatabase, type IDBPTransaction } from 'idb';
import {
  ImError,
  ImErrorName,
  type ImFriend,
  type ImMessage,
  type ImMessageStatus,
  type ImRelation,
  type ImRelationList,
  type ImSession,
  type ImSysMsg,
  type ImTeam,
  type ImTeamMember,
  type ImUser,
  type SessionMessagesQuery,
  type SessionsQuery,
  type Store,
  type StoreWrite,
  type SyncTimetags,
  type SysMsgsQuery,
} from '@merchant/im-core';
import { DB_SCHEMA_VERSION, INDEXES, TABLES, runMigrations, type UpgradeTransaction } from './schema';

export interface OpenIndexedDbStoreOptions {
  /** Database name; one database per app key and account keeps accounts apart. */
  name: string;
  /** Defaults to globalThis.indexedDB; tests pass a fake-indexeddb factory. */
  indexedDB?: IDBFactory;
  /** Open at this version instead of 12 (tests of the migration path only). */
  version?: number;
  /**
   * An older connection (another tab on an earlier schema) does not close, so the upgrade waits
   * (IDBOpenDBRequest `blocked`). Opening goes on waiting; the caller may tell the user.
   */
  onBlocked?: () => void;
  /**
   * Another tab asks for a newer schema (`versionchange`): this connection has already closed so
   * it does not block that upgrade, and every later call fails; the caller moves elsewhere.
   */
  onVersionChange?: () => void;
}

/** At most this many rows a write batch (or a bulk read) issues before it waits for them. */
export const WRITE_CHUNK_ROWS = 250;
/**
 * Main-thread time a chunk may take to issue its requests (ms). Each put serialises its row on the
 * main thread; under load one put costs far more than on a quiet machine, so a fixed row count
 * alone cannot keep tasks under the 50 ms of a long task (issue 10, bench/im-sync-idb).
 */
export const CHUNK_BUDGET_MS = 8;
/** Chunks of a write waiting in the database at once (writeRows). */
const CHUNKS_IN_FLIGHT = 2;
/** getMessages lists the keys of the asked range at once when at most this many per id asked (else one get per id). */
const KEY_SCAN_PER_ID = 4;

type ReadTransaction = IDBPTransaction<unknown, string[], 'readonly'>;

interface PendingRead {
  table: string;
  run(tx: ReadTransaction): Promise<void>;
  fail(error: unknown): void;
}

/** Runs `callback` in a later task (a MessageChannel message where there is one: no timer clamping). */
function afterThisTask(callback: () => void): void {
  if (typeof MessageChannel === 'function') {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      callback();
    };
    channel.port2.postMessage(undefined);
  } else {
    setTimeout(callback, 0);
  }
}

const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now());

/** Default database name for an app key and account. */
export function databaseNameFor(appKey: string, account: string): string {
  return `merchant-im-${appKey}-${account}`;
}

/**
 * Store on IndexedDB (schema version 12). Create with `IndexedDbStore.open`; a failure to open
 * rejects with ImError NO_DB so the caller can fall back to MemoryStore.
 */
export class IndexedDbStore implements Store {
  readonly kind = 'indexeddb';

  /** Closed by close() or by a newer schema elsewhere (versionchange); every call then fails. */
  closed = false;
  private readonly versionChangeListeners = new Set<() => void>();
  private readonly pendingReads: PendingRead[] = [];

  private constructor(private readonly db: IDBPDatabase<unknown>) {}

  static async open(options: OpenIndexedDbStoreOptions): Promise<IndexedDbStore> {
    const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    if (!factory) throw new ImError(ImErrorName.NO_DB, 'IndexedDB is not supported here');
    const version = options.version ?? DB_SCHEMA_VERSION;
    try {
      const request = factory.open(options.name, version);
      request.onblocked = () => options.onBlocked?.();
      request.onupgradeneeded = (event) => {
        const tx = wrap(request.transaction as IDBTransaction) as unknown as UpgradeTransaction;
        // The open request reports an aborted upgrade; the transaction's own promise need not.
        tx.done.catch(() => undefined);
        runMigrations(wrap(request.result), tx, event.oldVersion, event.newVersion ?? version).catch((error: unknown) => {
          // Aborting rolls the whole upgrade back: the database stays at its old version.
          console.error('im-db migration failed', error);
          tx.abort();
        });
      };
      const db = await wrap(request);
      if (!db) throw new Error('open returned no database');
      const store = new IndexedDbStore(db);
      // Another tab wants a newer version: let it, this connection would block it forever.
      db.addEventListener('versionchange', () => {
        db.close();
        store.closed = true;
        options.onVersionChange?.();
        store.versionChangeListeners.forEach((listener) => listener());
      });
      return store;
    } catch (error) {
      throw new ImError(ImErrorName.NO_DB, `cannot open IndexedDB ${options.name}: ${String(error)}`, { cause: error });
    }
  }

  /**
   * Reads asked for within one task share one readonly transaction, opened at the end of that
   * task: sync's merge reads one session after another, up to 50 at once (§4), and a transaction
   * per read cost more than the reads themselves (issue 10, bench/im-sync-idb). A write flushes
   * the reads asked for before it first, so every read still sees the writes made before it was
   * asked for and none made after.
   */
  private read<T>(tables: string, op: (tx: ReadTransaction) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pendingReads.push({ table: tables, run: (tx) => op(tx).then(resolve, reject), fail: reject });
      if (this.pendingReads.length === 1) afterThisTask(() => this.flushReads());
    });
  }

  private flushReads(): void {
    const reads = this.pendingReads.splice(0);
    if (reads.length === 0) return;
    let tx: ReadTransaction;
    try {
      tx = this.db.transaction([...new Set(reads.map((read) => read.table))], 'readonly') as unknown as ReadTransaction;
    } catch (error) {
      // Closed (close() or a newer schema elsewhere): every read fails, as its own transaction would have.
      for (const read of reads) read.fail(error);
      return;
    }
    // A failed read reports through its own promise.
    tx.done.catch(() => undefined);
    for (const read of reads) void read.run(tx);
  }

  /** Called when a newer schema elsewhere closed this connection (see OpenIndexedDbStoreOptions.onVersionChange). */
  addVersionChangeListener(listener: () => void): () => void {
    this.versionChangeListeners.add(listener);
    return () => this.versionChangeListeners.delete(listener);
  }

  async close(): Promise<void> {
    // Reads already asked for run first, as they would have without the batching.
    this.flushReads();
    this.closed = true;
    this.db.close();
  }

  async clear(): Promise<void> {
    const names = Object.values(TABLES);
    this.flushReads();
    const tx = this.db.transaction(names, 'readwrite');
    await Promise.all([...names.map((name) => tx.objectStore(name).clear()), tx.done]);
  }

  /**
   * All writes in one readwrite transaction over the tables they touch: all or nothing
   * (docs/im-sync.md: sync writes a page's data and its cursor with one call).
   */
  async writeBatch(writes: readonly StoreWrite[]): Promise<void> {
    await this.writeRows(writes.flatMap(rowChanges));
  }

  private async putRows(table: string, rows: readonly unknown[]): Promise<void> {
    await this.writeRows([{ table, rows }]);
  }

  private async deleteKeys(table: string, keys: readonly IDBValidKey[]): Promise<void> {
    await this.writeRows([{ table, rows: keys, delete: true }]);
  }

  /**
   * Issues the row changes in order (a later put or delete of the same key wins) in one readwrite
   * transaction, in chunks of at most WRITE_CHUNK_ROWS rows or CHUNK_BUDGET_MS of main-thread
   * time. A chunk goes out from the success event of the last request of the chunk two before it
   * (two chunks in flight), so the transaction stays active while the main thread is free between
   * chunks, and the database never waits for the main thread: a sync page of
   * thousands of rows is many short tasks, not one long one (bench/im-sync-idb). The requests are
   * made on the native transaction (no promise and listeners per row, which cost as much as the
   * puts themselves); completion and failure come from the transaction's own events.
   */
  private writeRows(changes: readonly RowChange[]): Promise<void> {
    const steps = changes.filter((step) => step.rows.length > 0);
    if (steps.length === 0) return Promise.resolve();
    this.flushReads();
    const tx = unwrap(this.db).transaction([...new Set(steps.map((step) => step.table))], 'readwrite');
    const tables = new Map(steps.map((step) => [step.table, tx.objectStore(step.table)]));
    return new Promise<void>((resolve, reject) => {
      let refused: { error: unknown } | undefined;
      tx.oncomplete = () => resolve();
      // A failed request aborts the transaction (its error is tx.error); so does a row refused at once.
      tx.onabort = () => reject(refused ? refused.error : tx.error ?? new DOMException('The write was aborted', 'AbortError'));
      let step = 0;
      let row = 0;
      /** Issues the next chunk; its last request issues another when it succeeds. */
      const issueChunk = () => {
        if (step >= steps.length || refused) return;
        const started = now();
        let issued = 0;
        let last: IDBRequest | undefined;
        try {
          while (step < steps.length && issued < WRITE_CHUNK_ROWS && (issued === 0 || now() - started < CHUNK_BUDGET_MS)) {
            const { table, rows, delete: isDelete } = steps[step];
            const store = tables.get(table)!;
            last = isDelete ? store.delete(rows[row] as IDBValidKey) : store.put(rows[row]);
            issued++;
            if (++row === rows.length) {
              step++;
              row = 0;
            }
          }
        } catch (error) {
          refused = { error };
          try {
            tx.abort();
          } catch {
            // Already aborted by a failed request.
          }
          return;
        }
        if (step < steps.length && last) last.onsuccess = issueChunk;
      };
      // Two chunks in flight: the database works on one while the main thread issues the next.
      for (let chain = 0; chain < CHUNKS_IN_FLIGHT; chain++) issueChunk();
    });
  }

  async getValue(key: string): Promise<unknown> {
    const row = (await this.read(TABLES.kv, (tx) => tx.objectStore(TABLES.kv).get(key))) as { value: unknown } | undefined;
    return row?.value;
  }

  async setValue(key: string, value: unknown): Promise<void> {
    await this.putRows(TABLES.kv, [{ key, value }]);
  }

  async deleteValue(key: string): Promise<void> {
    await this.deleteKeys(TABLES.kv, [key]);
  }

  async getTimetags(): Promise<SyncTimetags> {
    const rows = (await this.read(TABLES.timetag, (tx) => tx.objectStore(TABLES.timetag).getAll())) as { kind: string; value: number }[];
    return Object.fromEntries(rows.map((r) => [r.kind, r.value])) as SyncTimetags;
  }

  async putTimetags(timetags: SyncTimetags): Promise<void> {
    const rows = Object.entries(timetags).filter(([, value]) => typeof value === 'number').map(([kind, value]) => ({ kind, value }));
    await this.putRows(TABLES.timetag, rows);
  }

  async putUsers(users: readonly ImUser[]): Promise<void> {
    await this.putRows(TABLES.user, users);
  }

  async getUser(account: string): Promise<ImUser | undefined> {
    return (await this.read(TABLES.user, (tx) => tx.objectStore(TABLES.user).get(account))) as ImUser | undefined;
  }

  async getUsers(accounts: readonly string[]): Promise<ImUser[]> {
    const rows = await this.read(TABLES.user, (tx) => Promise.all(accounts.map((account) => tx.objectStore(TABLES.user).get(account) as Promise<ImUser | undefined>)));
    return rows.filter((row): row is ImUser => row !== undefined);
  }

  async putFriends(friends: readonly ImFriend[]): Promise<void> {
    await this.putRows(TABLES.friend, friends);
  }

  async getFriends(): Promise<ImFriend[]> {
    return (await this.read(TABLES.friend, (tx) => tx.objectStore(TABLES.friend).getAll())) as ImFriend[];
  }

  async deleteFriends(accounts: readonly string[]): Promise<void> {
    await this.deleteKeys(TABLES.friend, accounts);
  }

  async putRelations(list: ImRelationList, records: readonly ImRelation[]): Promise<void> {
    await this.putRows(TABLES[list], records);
  }

  async getRelations(list: ImRelationList): Promise<ImRelation[]> {
    return (await this.read(TABLES[list], (tx) => tx.objectStore(TABLES[list]).getAll())) as ImRelation[];
  }

  async deleteRelations(list: ImRelationList, accounts: readonly string[]): Promise<void> {
    await this.deleteKeys(TABLES[list], accounts);
  }

  async putTeams(teams: readonly ImTeam[]): Promise<void> {
    await this.putRows(TABLES.team, teams);
  }

  async getTeam(teamId: string): Promise<ImTeam | undefined> {
    return (await this.read(TABLES.team, (tx) => tx.objectStore(TABLES.team).get(teamId))) as ImTeam | undefined;
  }

  async getTeams(): Promise<ImTeam[]> {
    return (await this.read(TABLES.team, (tx) => tx.objectStore(TABLES.team).getAll())) as ImTeam[];
  }

  async putSuperTeams(teams: readonly ImTeam[]): Promise<void> {
    await this.putRows(TABLES.superTeam, teams);
  }

  async getSuperTeams(): Promise<ImTeam[]> {
    return (await this.read(TABLES.superTeam, (tx) => tx.objectStore(TABLES.superTeam).getAll())) as ImTeam[];
  }

  async putTeamMembers(members: readonly ImTeamMember[]): Promise<void> {
    await this.putRows(TABLES.teamMember, members);
  }

  async getTeamMembers(teamId: string): Promise<ImTeamMember[]> {
    return (await this.read(TABLES.teamMember, (tx) => tx.objectStore(TABLES.teamMember).index(INDEXES.teamMemberByTeam).getAll(teamId))) as ImTeamMember[];
  }

  async deleteTeams(teamIds: readonly string[]): Promise<void> {
    const memberKeys = await this.read(TABLES.teamMember, (tx) =>
      Promise.all(teamIds.map((teamId) => tx.objectStore(TABLES.teamMember).index(INDEXES.teamMemberByTeam).getAllKeys(teamId))),
    );
    await this.writeRows([
      { table: TABLES.team, rows: teamIds, delete: true },
      { table: TABLES.teamMember, rows: memberKeys.flat(), delete: true },
    ]);
  }

  async putMessages(messages: readonly ImMessage[]): Promise<void> {
    await this.putRows(TABLES.msg, messages);
  }

  async getMessage(idClient: string): Promise<ImMessage | undefined> {
    return (await this.read(TABLES.msg, (tx) => tx.objectStore(TABLES.msg).get(idClient))) as ImMessage | undefined;
  }

  /**
   * One readonly transaction. When the msg table holds few keys between the smallest and the
   * largest idClient asked (a first sync, or ids that grow), one getAllKeys finds the known ones
   * and only those are read; otherwise one get per id, issued in chunks like writeBatch.
   */
  async getMessages(idClients: readonly string[]): Promise<ImMessage[]> {
    const ids = [...new Set(idClients)];
    if (ids.length === 0) return [];
    const rows = await this.read(TABLES.msg, async (tx) => {
      const table = tx.objectStore(TABLES.msg);
      let candidates = ids;
      if (ids.length > 1) {
        // idClients are strings: IndexedDB orders strings by code unit, as `<` does.
        const sorted = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        const scanLimit = ids.length * KEY_SCAN_PER_ID;
        const keys = await table.getAllKeys(IDBKeyRange.bound(sorted[0], sorted[sorted.length - 1]), scanLimit);
        if (keys.length < scanLimit) {
          const present = new Set(keys as IDBValidKey[]);
          candidates = ids.filter((id) => present.has(id));
        }
      }
      const requests: Promise<unknown>[] = [];
      await inChunks(candidates.length, requests, (index) => {
        const request = table.get(candidates[index]);
        request.catch(() => undefined);
        return request;
      });
      return (await Promise.all(requests)) as (ImMessage | undefined)[];
    });
    const found = new Map(rows.filter((row): row is ImMessage => row !== undefined).map((row) => [row.idClient, row]));
    const handedOut = new Set<string>();
    return idClients.flatMap((id) => {
      const row = found.get(id);
      if (!row) return [];
      // An id asked twice gets two copies, like two reads would.
      if (handedOut.has(id)) return [structuredClone(row)];
      handedOut.add(id);
      return [row];
    });
  }

  async getSessionMessages(query: SessionMessagesQuery): Promise<ImMessage[]> {
    const { sessionId, limit, order = 'desc', beforeTime, afterTime } = query;
    if (limit <= 0) return [];
    // Walk the [sessionId, time] index from the wanted end and stop after `limit` rows.
    const lower = afterTime === undefined ? [sessionId, -Infinity] : [sessionId, afterTime];
    const upper = beforeTime === undefined ? [sessionId, Infinity] : [sessionId, beforeTime];
    const range = IDBKeyRange.bound(lower, upper, afterTime !== undefined, beforeTime !== undefined);
    return this.read(TABLES.msg, async (tx) => {
      const index = tx.objectStore(TABLES.msg).index(INDEXES.msgBySessionTime);
      // Oldest first is one getAll (one request); newest first walks a cursor (getAll has no direction).
      if (order === 'asc') return (await index.getAll(range, limit)) as ImMessage[];
      const rows: ImMessage[] = [];
      let cursor = await index.openCursor(range, 'prev');
      while (cursor && rows.length < limit) {
        rows.push(cursor.value as ImMessage);
        cursor = await cursor.continue();
      }
      return rows;
    });
  }

  async getMessagesByStatus(status: ImMessageStatus): Promise<ImMessage[]> {
    return (await this.read(TABLES.msg, (tx) => tx.objectStore(TABLES.msg).index(INDEXES.msgByStatus).getAll(status))) as ImMessage[];
  }

  async deleteMessages(idClients: readonly string[]): Promise<void> {
    await this.deleteKeys(TABLES.msg, idClients);
  }

  async putSessions(sessions: readonly ImSession[]): Promise<void> {
    await this.putRows(TABLES.session, sessions);
  }

  async getSession(id: string): Promise<ImSession | undefined> {
    return (await this.read(TABLES.session, (tx) => tx.objectStore(TABLES.session).get(id))) as ImSession | undefined;
  }

  async getSessions(query: SessionsQuery): Promise<ImSession[]> {
    if (query.limit <= 0) return [];
    return this.read(TABLES.session, async (tx) => {
      const rows: ImSession[] = [];
      let cursor = await tx.objectStore(TABLES.session).index(INDEXES.sessionByUpdateTime).openCursor(null, 'prev');
      while (cursor && rows.length < query.limit) {
        const session = cursor.value as ImSession;
        if (query.includeDeleted || !session.isDeleted) rows.push(session);
        cursor = await cursor.continue();
      }
      return rows;
    });
  }

  async putSysMsgs(sysMsgs: readonly ImSysMsg[]): Promise<void> {
    await this.putRows(TABLES.sysMsg, sysMsgs);
  }

  async getSysMsg(idServer: string): Promise<ImSysMsg | undefined> {
    return (await this.read(TABLES.sysMsg, (tx) => tx.objectStore(TABLES.sysMsg).get(idServer))) as ImSysMsg | undefined;
  }

  async getSysMsgs(query: SysMsgsQuery): Promise<ImSysMsg[]> {
    if (query.limit <= 0) return [];
    return this.read(TABLES.sysMsg, async (tx) => {
      const table = tx.objectStore(TABLES.sysMsg);
      const index = query.category ? table.index(INDEXES.sysMsgByCategoryTime) : table.index(INDEXES.sysMsgByTime);
      const range = query.category ? IDBKeyRange.bound([query.category, -Infinity], [query.category, Infinity]) : null;
      const rows: ImSysMsg[] = [];
      let cursor = await index.openCursor(range, 'prev');
      while (cursor && rows.length < query.limit) {
        rows.push(cursor.value as ImSysMsg);
        cursor = await cursor.continue();
      }
      return rows;
    });
  }
}

/**
 * Issues `count` requests in chunks: a chunk ends after WRITE_CHUNK_ROWS requests or
 * CHUNK_BUDGET_MS of main-thread time, and the next chunk goes out when the last request of the
 * previous one has succeeded. The transaction stays open (requests are pending, or it is in a
 * success event) while the main thread is free between chunks.
 */
async function inChunks(count: number, requests: Promise<unknown>[], issue: (index: number) => Promise<unknown>): Promise<void> {
  let index = 0;
  while (index < count) {
    if (index > 0) await requests[requests.length - 1];
    const started = now();
    const end = Math.min(count, index + WRITE_CHUNK_ROWS);
    do requests.push(issue(index++));
    while (index < end && now() - started < CHUNK_BUDGET_MS);
  }
}

/** Row puts or key deletes in one table. */
interface RowChange {
  table: string;
  rows: readonly unknown[];
  delete?: true;
}

/** The row puts or key deletes of one write, per table (the same rows the put/delete methods write). */
function rowChanges(write: StoreWrite): RowChange[] {
  switch (write.kind) {
    case 'timetags':
      return [{ table: TABLES.timetag, rows: Object.entries(write.timetags).filter(([, value]) => typeof value === 'number').map(([kind, value]) => ({ kind, value })) }];
    case 'users': return [{ table: TABLES.user, rows: write.users }];
    case 'friends': return [{ table: TABLES.friend, rows: write.friends }];
    case 'deleteFriends': return [{ table: TABLES.friend, rows: write.accounts, delete: true }];
    case 'relations': return [{ table: TABLES[write.list], rows: write.records }];
    case 'deleteRelations': return [{ table: TABLES[write.list], rows: write.accounts, delete: true }];
    case 'teams': return [{ table: TABLES.team, rows: write.teams }];
    case 'superTeams': return [{ table: TABLES.superTeam, rows: write.teams }];
    case 'teamMembers': return [{ table: TABLES.teamMember, rows: write.members }];
    case 'messages': return [{ table: TABLES.msg, rows: write.messages }];
    case 'deleteMessages': return [{ table: TABLES.msg, rows: write.idClients, delete: true }];
    case 'sessions': return [{ table: TABLES.session, rows: write.sessions }];
    case 'sysMsgs': return [{ table: TABLES.sysMsg, rows: write.sysMsgs }];
    case 'values': return [{ table: TABLES.kv, rows: write.values.map(({ key, value }) => ({ key, value })) }];
  }
}
