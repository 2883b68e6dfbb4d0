import type { IDBPDatabase, IDBPTransaction } from 'idb';

export { DB_SCHEMA_VERSION, INDEXES, TABLES } from './schema-names';

export type UpgradeDatabase = IDBPDatabase<unknown>;
export type UpgradeTransaction = IDBPTransaction<unknown, string[], 'versionchange'>;

/**
 * One schema step: DB_MIGRATIONS[n] turns version n into version n + 1 (n = 0 creates version 1).
 * Steps run inside the versionchange transaction and may only await IndexedDB requests, or the
 * transaction would auto-commit half way. README.md describes each version.
 */
export type MigrationStep = (db: UpgradeDatabase, tx: UpgradeTransaction) => Promise<void> | void;

/** Rewrites each row of a store with `change` (returns undefined to leave a row as it is). */
async function rewriteRows(tx: UpgradeTransaction, storeName: string, change: (row: Record<string, unknown>) => Record<string, unknown> | undefined): Promise<void> {
  let cursor = await tx.objectStore(storeName).openCursor();
  while (cursor) {
    const next = change(cursor.value as Record<string, unknown>);
    if (next) await cursor.update(next);
    cursor = await cursor.continue();
  }
}

/** Before v11 system messages had no category; it follows from the type name. */
export function categoryOfSysMsgType(type: unknown): string {
  const name = typeof type === 'string' ? type : '';
  if (/superTeam/i.test(name)) return 'superTeam';
  if (/team/i.test(name)) return 'team';
  if (/friend/i.test(name)) return 'friend';
  return 'msg';
}

export const DB_MIGRATIONS: readonly MigrationStep[] = [
  // 0 → 1: key-value, messages, sessions and users.
  (db) => {
    db.createObjectStore('kv', { keyPath: 'key' });
    const msg = db.createObjectStore('msg', { keyPath: 'idClient' });
    msg.createIndex('sessionId', 'sessionId');
    msg.createIndex('time', 'time');
    db.createObjectStore('session', { keyPath: 'id' }).createIndex('updateTime', 'updateTime');
    db.createObjectStore('user', { keyPath: 'account' });
  },
  // 1 → 2: sync timetags per data kind.
  (db) => {
    db.createObjectStore('timetag', { keyPath: 'kind' });
  },
  // 2 → 3: friends and the two relation lists.
  (db) => {
    db.createObjectStore('friend', { keyPath: 'account' });
    db.createObjectStore('blacklist', { keyPath: 'account' });
    db.createObjectStore('mutelist', { keyPath: 'account' });
  },
  // 3 → 4: teams and their members.
  (db) => {
    db.createObjectStore('team', { keyPath: 'teamId' });
    db.createObjectStore('teamMember', { keyPath: 'id' }).createIndex('teamId', 'teamId');
  },
  // 4 → 5: system messages.
  (db) => {
    db.createObjectStore('sysMsg', { keyPath: 'idServer' }).createIndex('time', 'time');
  },
  // 5 → 6: look-up by server id (recall, delete notices).
  (_db, tx) => {
    tx.objectStore('msg').createIndex('idServer', 'idServer');
  },
  // 6 → 7: msg becomes msg1 with a [sessionId, time] index, so "latest N of a session" is one
  // index walk instead of a sort; rows are copied over and the old store removed.
  async (db, tx) => {
    const msg1 = db.createObjectStore('msg1', { keyPath: 'idClient' });
    msg1.createIndex('sessionId_time', ['sessionId', 'time']);
    msg1.createIndex('time', 'time');
    msg1.createIndex('idServer', 'idServer');
    let cursor = await tx.objectStore('msg').openCursor();
    while (cursor) {
      await tx.objectStore('msg1').put(cursor.value);
      cursor = await cursor.continue();
    }
    db.deleteObjectStore('msg');
  },
  // 7 → 8: super teams.
  (db) => {
    db.createObjectStore('superTeam', { keyPath: 'teamId' });
  },
  // 8 → 9: logical session deletion; older rows were all visible.
  (_db, tx) => rewriteRows(tx, 'session', (row) => (typeof row['isDeleted'] === 'boolean' ? undefined : { ...row, isDeleted: false })),
  // 9 → 10: status index (to fail messages still sending at sync start); older versions stored
  // only delivered messages, so rows without a status are success.
  async (_db, tx) => {
    tx.objectStore('msg1').createIndex('status', 'status');
    await rewriteRows(tx, 'msg1', (row) => (typeof row['status'] === 'string' ? undefined : { ...row, status: 'success' }));
  },
  // 10 → 11: system messages by category.
  async (_db, tx) => {
    tx.objectStore('sysMsg').createIndex('category_time', ['category', 'time']);
    await rewriteRows(tx, 'sysMsg', (row) => (typeof row['category'] === 'string' ? undefined : { ...row, category: categoryOfSysMsgType(row['type']) }));
  },
  // 11 → 12: team members by account ("my team members"); relation rows drop the server's
  // "1" flags, since the table already says which list a row is on. msg1 drops its `time` and
  // `idServer` indexes: the store reads by neither, and every message written updated both (a big
  // sync's puts are most of its time; README.md "Versions"). §3 fixes the version at 12, so the step
  // that reaches it carries the change; a database made at 12 before keeps them, unused.
  async (_db, tx) => {
    tx.objectStore('teamMember').createIndex('account', 'account');
    tx.objectStore('msg1').deleteIndex('time');
    tx.objectStore('msg1').deleteIndex('idServer');
    const dropFlags = (row: Record<string, unknown>) => {
      if (!('isBlacked' in row) && !('isMuted' in row)) return undefined;
      const { isBlacked: _b, isMuted: _m, ...rest } = row;
      return rest;
    };
    await rewriteRows(tx, 'blacklist', dropFlags);
    await rewriteRows(tx, 'mutelist', dropFlags);
  },
];

/** Runs the steps from oldVersion up to newVersion in order. */
export async function runMigrations(db: UpgradeDatabase, tx: UpgradeTransaction, oldVersion: number, newVersion: number): Promise<void> {
  if (newVersion > DB_MIGRATIONS.length) throw new RangeError(`no migration to version ${newVersion}`);
  for (let version = oldVersion; version < newVersion; version++) {
    await DB_MIGRATIONS[version](db, tx);
  }
}
