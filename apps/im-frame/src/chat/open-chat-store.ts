// The frame's local database: IndexedDB when the browser allows it, else memory
// (im-client-spec §4: "open the local database, falling back to no database on failure").
import { MemoryStore, type Store } from '@merchant/im-core';
import { IndexedDbStore, databaseNameFor } from '@merchant/im-db';

export async function openChatStore(appKey: string, account: string, indexedDB?: IDBFactory): Promise<Store> {
  try {
    return await IndexedDbStore.open({ name: databaseNameFor(appKey, account), indexedDB });
  } catch (error) {
    console.warn('IndexedDB unavailable, keeping chat data in memory only', error);
    return new MemoryStore();
  }
}
