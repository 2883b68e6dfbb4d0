import { IDBFactory } from 'fake-indexeddb';
import { IndexedDbStore } from '../src/indexeddb-store';
import { DB_MIGRATIONS, DB_SCHEMA_VERSION, INDEXES, TABLES, categoryOfSysMsgType } from '../src/schema';

// Opens a database at an earlier schema version, writes rows in that version's shape with raw
// IndexedDB, then opens it with the current code and reads everything back through the Store.

function rawOpen(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function rawPut(db: IDBDatabase, storeName: string, rows: object[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(storeName, 'readwrite');
    for (const row of rows) tx.objectStore(storeName).put(row);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

/** Every table with its key and indexes, as IndexedDB reports them: the shape a migration must end in. */
function describeSchema(db: IDBDatabase) {
  const names = [...db.objectStoreNames].sort();
  const tx = db.transaction(names);
  return names.map((name) => {
    const store = tx.objectStore(name);
    const indexes = [...store.indexNames].sort().map((indexName) => {
      const index = store.index(indexName);
      return { name: indexName, keyPath: index.keyPath, unique: index.unique, multiEntry: index.multiEntry };
    });
    return { name, keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes };
  });
}

async function freshSchema(): Promise<ReturnType<typeof describeSchema>> {
  const factory = new IDBFactory();
  await (await IndexedDbStore.open({ name: 'fresh', indexedDB: factory })).close();
  const raw = await rawOpen(factory, 'fresh');
  const schema = describeSchema(raw);
  raw.close();
  return schema;
}

const oldMessage = (idClient: string, time: number, version: number) => ({
  idClient, time, sessionId: 'p2p-c_demo1', scene: 'p2p', from: 'c_demo1', to: 's_1001', type: 'text', text: idClient, flow: 'in',
  ...(version >= 10 ? { status: 'success' } : {}),
});

/** Writes one row per table that exists at `version`, in that version's shape. */
async function seedAtVersion(db: IDBDatabase, version: number): Promise<void> {
  await rawPut(db, 'kv', [{ key: 'cdnHost', value: 'cdn.example' }]);
  await rawPut(db, version >= 7 ? 'msg1' : 'msg', [oldMessage('old-1', 100, version), oldMessage('old-2', 200, version)]);
  await rawPut(db, 'session', [{ id: 'p2p-c_demo1', scene: 'p2p', to: 'c_demo1', ack: 100, unread: 1, lastMsg: null, updateTime: 200, ...(version >= 9 ? { isDeleted: false } : {}) }]);
  await rawPut(db, 'user', [{ account: 'c_demo1', nick: 'Alice Chen' }]);
  if (version >= 2) await rawPut(db, 'timetag', [{ kind: 'myInfo', value: 5 }]);
  if (version >= 3) {
    await rawPut(db, 'friend', [{ account: 'c_demo1', createTime: 1, updateTime: 1, valid: true }]);
    await rawPut(db, 'blacklist', [{ account: 'spammer', createTime: 1, updateTime: 1, ...(version < 12 ? { isBlacked: '1' } : {}) }]);
    await rawPut(db, 'mutelist', [{ account: 'noisy', createTime: 1, updateTime: 1, ...(version < 12 ? { isMuted: '1' } : {}) }]);
  }
  if (version >= 4) {
    await rawPut(db, 'team', [{ teamId: 't1', type: 'advanced', name: 'Team', owner: 's_1001', valid: true, validToCurrentUser: true, memberNum: 1, createTime: 1, updateTime: 1 }]);
    await rawPut(db, 'teamMember', [{ id: 't1-s_1001', teamId: 't1', account: 's_1001', type: 'owner', joinTime: 1, updateTime: 1, valid: true }]);
  }
  if (version >= 5) {
    await rawPut(db, 'sysMsg', [{ idServer: 'sys-1', type: 'applyFriend', from: 'c_demo2', to: 's_1001', time: 50, read: false, state: 'init', ...(version >= 11 ? { category: 'friend' } : {}) }]);
  }
  if (version >= 8) await rawPut(db, 'superTeam', [{ teamId: 'st1', type: 'advanced', name: 'Super', owner: 's_1001', valid: true, validToCurrentUser: true, memberNum: 1, createTime: 1, updateTime: 1 }]);
}

const earlierVersions = Array.from({ length: DB_SCHEMA_VERSION - 1 }, (_, i) => i + 1);

describe('schema migrations', () => {
  it('has exactly one step per version up to 12', () => {
    expect(DB_MIGRATIONS).toHaveLength(DB_SCHEMA_VERSION);
  });

  it.each(earlierVersions)('upgrades a database created at version %i to 12 without losing rows', async (version) => {
    const factory = new IDBFactory();
    const name = `from-v${version}`;
    const old = await IndexedDbStore.open({ name, indexedDB: factory, version });
    await old.close();
    const raw = await rawOpen(factory, name);
    expect(raw.version).toBe(version);
    await seedAtVersion(raw, version);
    raw.close();

    const store = await IndexedDbStore.open({ name, indexedDB: factory });
    expect(await store.getValue('cdnHost')).toBe('cdn.example');
    const messages = await store.getSessionMessages({ sessionId: 'p2p-c_demo1', limit: 10 });
    expect(messages.map((m) => [m.idClient, m.status])).toEqual([['old-2', 'success'], ['old-1', 'success']]);
    expect(await store.getMessagesByStatus('success')).toHaveLength(2);
    expect((await store.getSessions({ limit: 10 })).map((s) => [s.id, s.isDeleted, s.unread])).toEqual([['p2p-c_demo1', false, 1]]);
    expect((await store.getUser('c_demo1'))?.nick).toBe('Alice Chen');
    if (version >= 2) expect(await store.getTimetags()).toEqual({ myInfo: 5 });
    if (version >= 3) {
      expect(await store.getFriends()).toHaveLength(1);
      expect(await store.getRelations('blacklist')).toEqual([{ account: 'spammer', createTime: 1, updateTime: 1 }]);
      expect(await store.getRelations('mutelist')).toEqual([{ account: 'noisy', createTime: 1, updateTime: 1 }]);
    }
    if (version >= 4) {
      expect((await store.getTeam('t1'))?.name).toBe('Team');
      expect((await store.getTeamMembers('t1')).map((m) => m.account)).toEqual(['s_1001']);
    }
    if (version >= 5) {
      const [sysMsg] = await store.getSysMsgs({ limit: 10, category: 'friend' });
      expect(sysMsg).toMatchObject({ idServer: 'sys-1', category: 'friend' });
    }
    if (version >= 8) expect((await store.getSuperTeams()).map((t) => t.teamId)).toEqual(['st1']);
    // Rows transformed on the way: relation flags gone, categories and statuses filled in.
    if (version >= 3) expect((await store.getRelations('blacklist'))[0]).not.toHaveProperty('isBlacked');
    if (version >= 5) expect((await store.getSysMsg('sys-1'))?.category).toBe('friend');
    // The upgraded database accepts new rows in the current shape.
    await store.putMessages([{ ...messages[0], idClient: 'new', time: 300 }]);
    expect((await store.getSessionMessages({ sessionId: 'p2p-c_demo1', limit: 1 }))[0].idClient).toBe('new');
    await store.close();
    // The upgraded database has exactly the tables, keys and indexes of a fresh schema 12.
    const upgraded = await rawOpen(factory, name);
    expect(upgraded.version).toBe(DB_SCHEMA_VERSION);
    expect(describeSchema(upgraded)).toEqual(await freshSchema());
    upgraded.close();
  });

  it('a fresh schema 12 has every table of §3 with the keys and indexes the store reads by', async () => {
    const schema = await freshSchema();
    expect(schema.map((table) => table.name)).toEqual(Object.values(TABLES).sort());
    const byName = Object.fromEntries(schema.map((table) => [table.name, table]));
    expect(byName[TABLES.msg].keyPath).toBe('idClient');
    expect(byName[TABLES.msg].indexes.map((i) => [i.name, i.keyPath])).toEqual([
      [INDEXES.msgBySessionTime, ['sessionId', 'time']],
      [INDEXES.msgByStatus, 'status'],
    ]);
    expect(byName[TABLES.sysMsg].indexes.map((i) => i.name)).toEqual([INDEXES.sysMsgByCategoryTime, INDEXES.sysMsgByTime]);
    expect(byName[TABLES.teamMember].indexes.map((i) => i.name)).toEqual([INDEXES.teamMemberByAccount, INDEXES.teamMemberByTeam]);
    expect(byName[TABLES.session].indexes.map((i) => i.name)).toEqual([INDEXES.sessionByUpdateTime]);
  });

  it('rolls the whole upgrade back when a step fails, leaving the old version and its rows', async () => {
    const factory = new IDBFactory();
    const store = await IndexedDbStore.open({ name: 'rollback', indexedDB: factory });
    await store.setValue('k', 'kept');
    await store.close();
    const errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // There is no step to version 13, so the migration throws inside the upgrade transaction.
    await expect(IndexedDbStore.open({ name: 'rollback', indexedDB: factory, version: DB_SCHEMA_VERSION + 1 })).rejects.toMatchObject({ errorName: 'NO_DB' });
    expect(errorLog).toHaveBeenCalledWith('im-db migration failed', expect.any(RangeError));
    errorLog.mockRestore();
    const raw = await rawOpen(factory, 'rollback');
    expect(raw.version).toBe(DB_SCHEMA_VERSION);
    raw.close();
    const reopened = await IndexedDbStore.open({ name: 'rollback', indexedDB: factory });
    expect(await reopened.getValue('k')).toBe('kept');
    await reopened.close();
  });

  it('derives the category of pre-v11 system messages from their type', () => {
    expect(['applyFriend', 'applyTeam', 'applySuperTeam', 'custom', undefined].map(categoryOfSysMsgType)).toEqual(['friend', 'team', 'superTeam', 'msg', 'msg']);
  });
});
