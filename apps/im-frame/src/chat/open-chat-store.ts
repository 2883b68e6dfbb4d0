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
import { IndexedDbStore, databaseNameFor } from '@merchant/im-db';

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
}

export interface OpenedChatStore {
  store: Store;
  storage: StorageOutcome;
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
  try {
    return { store: await IndexedDbStore.open({ name, indexedDB: env.indexedDB }), storage: { kind: 'indexeddb', via: 'default' } };
  } catch (error) {
    const canRequestAccess = typeof env.document?.requestStorageAccess === 'function';
    if (canRequestAccess && (await storageAccessGranted(env.permissions))) {
      try {
        const factory = await indexedDbThroughStorageAccess(env.document!);
        if (factory) return { store: await IndexedDbStore.open({ name, indexedDB: factory }), storage: { kind: 'indexeddb', via: 'storageAccess' } };
      } catch {
        // Fall through to memory.
      }
    }
    console.warn('IndexedDB unavailable, keeping chat data in memory only', error);
    return { store: new MemoryStore(), storage: { kind: 'memory', reason: describe(error), canRequestAccess } };
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
