// The page bench/im-sync-idb/run.mjs loads in Chromium: the real im-db IndexedDbStore and im-core's
// SyncEngine (each sync page → SyncBatch → mergeSyncBatch → one write batch with that page's cursor), fed by a
// scripted server in the page, against a raw put of the same rows in one IndexedDB transaction.
import { MessageTypeCode, SceneCode, fromWireMessage, type ImMessage, type MessageRecordValue } from '@merchant/im-core';
import { SyncEngine } from '../../libs/im-core/src/sync/sync-engine';
import type { ImPush } from '../../libs/im-core/src/connection/im-connection';
import { IndexedDbStore } from '../../libs/im-db/src/indexeddb-store';
import { TABLES } from '../../libs/im-db/src/schema-names';

const ME = 's_bench';

interface CaseResult {
  ms: number;
  longTasks: number;
  maxLongTaskMs: number;
  stored: number;
  /** Each long task: [start ms after the case began, duration ms]. */
  tasks: [number, number][];
}

/** Offline messages as the server sends them: `sessions` customers writing to the merchant in turn. */
function wireMessages(count: number, sessions: number): MessageRecordValue[] {
  return Array.from({ length: count }, (_, i) => ({
    idClient: `m${i}`,
    idServer: String(i + 1),
    scene: SceneCode.p2p,
    from: `c_${i % sessions}`,
    to: ME,
    time: 1_763_856_000_000 + i,
    type: MessageTypeCode.text,
    text: `offline message ${i} with a little text in it`,
  }));
}

/** Long tasks (> 50 ms on the main thread) while `action` runs. */
async function measured(action: () => Promise<number>): Promise<CaseResult> {
  // A full collection first (run.mjs starts Chromium with --expose-gc), so neither case pays for the
  // garbage of the case before it or of its own input, built just before.
  (globalThis as { gc?: () => void }).gc?.();
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ type: 'longtask', buffered: false });
  const start = performance.now();
  const stored = await action();
  const ms = performance.now() - start;
  // Let the last task's entry arrive.
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  const inRun = entries.filter((e) => e.startTime >= start && e.startTime <= start + ms);
  return { ms, stored, longTasks: inRun.length, maxLongTaskMs: Math.max(0, ...inRun.map((e) => e.duration)), tasks: inRun.map((e) => [e.startTime - start, e.duration]) };
}

let dbCounter = 0;
const freshName = (kind: string) => `im-sync-bench-${kind}-${Date.now()}-${++dbCounter}`;

async function sync(count: number, sessions: number, pageSize: number): Promise<CaseResult> {
  const messages = wireMessages(count, sessions);
  const store = await IndexedDbStore.open({ name: freshName('sync') });
  const pages = Math.ceil(count / pageSize);
  let requests = 0;
  const connection = {
    async request() {
      const page = requests++;
      // The server answers, then streams the page's pushes and its syncDone (as im-server does).
      setTimeout(() => {
        const msgs = messages.slice(page * pageSize, (page + 1) * pageSize);
        const pushes: ImPush[] = [
          { name: 'offlineMsgs', body: { msgs } } as ImPush,
          { name: 'syncDone', body: { timetag: (page + 1) * pageSize, hasMore: page + 1 < pages } } as ImPush,
        ];
        for (const push of pushes) engine.handlePush(push);
      }, 0);
      return {};
    },
  };
  // Declared after the connection that uses it: the pushes are sent only once it exists.
  const engine: SyncEngine = new SyncEngine({ connection, store, account: ME, notify: () => undefined });
  try {
    const result = await measured(async () => {
      await engine.run();
      return count;
    });
    // Check what the sync stored: every message and the cursor.
    const stored = await store.getTimetags();
    if (stored.roamingMsgs !== pages * pageSize) throw new Error(`cursor not stored: ${JSON.stringify(stored)}`);
    const one = await store.getMessage(`m${count - 1}`);
    if (!one) throw new Error('last message not stored');
    // Every message once: the first customer's session counts each of its messages unread once.
    const session = await store.getSession('p2p-c_0');
    if (session?.unread !== Math.min(1000, Math.ceil(count / sessions))) throw new Error(`unread of p2p-c_0 is ${session?.unread}`);
    return result;
  } finally {
    await store.close();
  }
}

/** The same rows put in one readwrite transaction of the same schema, with no sync logic around them. */
async function rawCase(count: number, sessions: number): Promise<CaseResult> {
  const name = freshName('raw');
  await (await IndexedDbStore.open({ name })).close();
  const rows: ImMessage[] = wireMessages(count, sessions).map((m) => ({ ...fromWireMessage(m, ME)!, status: 'success' as const }));
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    return await measured(async () => {
      const tx = db.transaction(TABLES.msg, 'readwrite');
      const table = tx.objectStore(TABLES.msg);
      for (const row of rows) table.put(row);
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
      return rows.length;
    });
  } finally {
    db.close();
  }
}

declare global {
  interface Window {
    bench: { raw: typeof rawCase; sync: typeof sync };
    benchReady: boolean;
  }
}
window.bench = { raw: rawCase, sync };
window.benchReady = true;
