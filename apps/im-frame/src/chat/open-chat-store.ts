// The frame's local database: IndexedDB when the browser allows it, else memory
// (im-client-spec §4: "open the local database, falling back to no database on failure").
//
// In a cross-site frame, browsers decide whether the frame may store anything (docs/im-frame.md):
// with storage partitioning (Chrome ≥ 115, Firefox, Safari) it gets its own partition under the
// console's site; without it and with third-party storage blocked, opening IndexedDB fails with
// "The user denied permission…". Then the Storage Access API may give unpartitioned IndexedDB
// (Chrome ≥ 125: `requestStorageAccess({ indexedDB: true })`): silently when the permission was
// granted before, else only after the merchant asks for it (a user gesture, see StorageNotice).
import { MemoryStore, type Store } from '@merchant/im-core';
import { IndexedDbStore, databaseNameFor, isDatabaseDisabled, requestPersistence, withMemoryFallback, type ImDbEvent, type StorageManagerLike } from '@merchant/im-db';

/** Where the chat cache lives, and why; shown by the frame and read by the e2e suite. */
export type StorageOutcome =
  | { kind: 'indexeddb'; via: 'default' | 'storageAccess' }
  | { kind: 'memory'; reason: string; canRequestAccess: boolean };

/** The Storage Access API beyond cookies; not yet in TypeScript's DOM types. */
export interface StorageAccessDocument {
  requestStorageAccess?: (types?: { indexedDB?: boolean }) => Promise<unknown>;
}

export interface StorageEnvironment {
  /** Defaults to globalThis.indexedDB; tests pass fake-indexeddb. */
  indexedDB?: IDBFactory;
  document?: StorageAccessDocument;
  permissions?: { query(descriptor: { name: string }): Promise<{ state: string }> };
  /** Defaults to navigator.userAgent (im-client-spec §6 disables the database for IE, Edge and Safari). */
  userAgent?: string;
  /** Defaults to navigator.storage (persist() is asked once IndexedDB is open). */
  storageManager?: StorageManagerLike | null;
}

type StorageListener = (storage: StorageOutcome) => void;

/**
 * im-db's events: a move to memory while in use (quota full, a newer schema in another tab) becomes
 * the same `memory` outcome the frame shows at start, so the notice appears; the others are logged.
 */
function dbEventHandler(listeners: Set<StorageListener>): (event: ImDbEvent) => void {
  return (event) => {
    if (event.type === 'fallback') {
      console.warn(`chat data kept in memory from now on (${event.reason})`, event.error);
      listeners.forEach((listener) => listener({ kind: 'memory', reason: `IndexedDB stopped working (${event.reason})`, canRequestAccess: false }));
    } else if (event.type === 'blocked') {
      console.warn('chat database waits for another tab of an older version to close');
    }
  };
}

/** IndexedDB wrapped so quota errors and a newer schema in another tab move it to memory (im-db withMemoryFallback). */
async function openIndexedDb(name: string, indexedDB: IDBFactory | undefined, env: StorageEnvironment, onEvent: (event: ImDbEvent) => void): Promise<Store> {
  const store = await IndexedDbStore.open({ name, indexedDB, onBlocked: () => onEvent({ type: 'blocked' }) });
  requestPersistence(env.storageManager === undefined ? globalThis.navigator?.storage : env.storageManager, onEvent);
  return withMemoryFallback(store, onEvent);
}

export interface OpenedChatStore {
  store: Store;
  storage: StorageOutcome;
  /** Tells when the store moved to memory while in use; returns the unsubscribe. */
  onStorageChange: (listener: StorageListener) => () => void;
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function storageAccessGranted(permissions: StorageEnvironment['permissions']): Promise<boolean> {
  try {
    return (await permissions?.query({ name: 'storage-access' }))?.state === 'granted';
  } catch {
    return false; // The permission name is unknown to this browser.
  }
}

/** IndexedDB from a storage-access handle, or undefined when the browser gives none. */
async function indexedDbThroughStorageAccess(doc: StorageAccessDocument): Promise<IDBFactory | undefined> {
  const handle = (await doc.requestStorageAccess?.({ indexedDB: true })) as { indexedDB?: IDBFactory } | undefined;
  return handle?.indexedDB;
}

export async function openFrameStore(appKey: string, account: string, env: StorageEnvironment = {}): Promise<OpenedChatStore> {
  const name = databaseNameFor(appKey, account);
  const listeners = new Set<StorageListener>();
  const onEvent = dbEventHandler(listeners);
  const onStorageChange = (listener: StorageListener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  if (isDatabaseDisabled(env.userAgent ?? globalThis.navigator?.userAgent ?? '')) {
    return { store: new MemoryStore(), storage: { kind: 'memory', reason: 'database disabled for this browser (IE, Edge, Safari)', canRequestAccess: false }, onStorageChange };
  }
  try {
    return { store: await openIndexedDb(name, env.indexedDB, env, onEvent), storage: { kind: 'indexeddb', via: 'default' }, onStorageChange };
  } catch (error) {
    const canRequestAccess = typeof env.document?.requestStorageAccess === 'function';
    if (canRequestAccess && (await storageAccessGranted(env.permissions))) {
      try {
        const factory = await indexedDbThroughStorageAccess(env.document!);
        if (factory) return { store: await openIndexedDb(name, factory, env, onEvent), storage: { kind: 'indexeddb', via: 'storageAccess' }, onStorageChange };
      } catch {
        // Fall through to memory.
      }
    }
    console.warn('IndexedDB unavailable, keeping chat data in memory only', error);
    return { store: new MemoryStore(), storage: { kind: 'memory', reason: describe(error), canRequestAccess }, onStorageChange };
  }
}

/** The merchant asked to allow storage (a click: the user gesture the API needs). */
export async function requestFrameStorageAccess(doc: StorageAccessDocument): Promise<boolean> {
  try {
    return (await indexedDbThroughStorageAccess(doc)) !== undefined;
  } catch {
    return false;
  }
}

/** The store alone, for callers that do not show where it lives. */
export async function openChatStore(appKey: string, account: string, indexedDB?: IDBFactory): Promise<Store> {
  return (await openFrameStore(appKey, account, { indexedDB })).store;
}
