/** One stored object. */
export interface StoredObject {
  body: Uint8Array;
  contentType: string;
}

/**
 * Where media bytes live. Two implementations: a local folder (the default) and any S3-compatible
 * service. Both pass storage-conformance.ts. Keys are '/'-separated and never start with '/'.
 */
export interface ObjectStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Keys starting with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
}

export class ObjectKeyError extends Error {
  override readonly name = 'ObjectKeyError';
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Refuses keys that could escape a folder or a prefix ('..', absolute, empty or odd characters). */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new ObjectKeyError(`invalid object key: ${JSON.stringify(key)}`);
  }
}

/** Every object of a store lives under this prefix; the POST policy binds it. */
export function storeKeyPrefix(storeId: number): string {
  return `store-${storeId}/`;
}

/**
 * A view of the storage that can only touch keys under one store's prefix: reads, lists,
 * writes and deletes of another store's keys are refused before they reach the backend.
 */
export function scopedStorage(storage: ObjectStorage, prefix: string): ObjectStorage {
  const inside = (key: string) => {
    assertSafeKey(key);
    if (!key.startsWith(prefix)) throw new ObjectKeyError(`object key ${key} is outside ${prefix}`);
    return key;
  };
  return {
    put: (key, body, contentType) => storage.put(inside(key), body, contentType),
    get: (key) => storage.get(inside(key)),
    list: async (subPrefix) => {
      const full = subPrefix.startsWith(prefix) ? subPrefix : `${prefix}${subPrefix}`;
      return (await storage.list(full)).filter((key) => key.startsWith(prefix));
    },
    delete: (key) => storage.delete(inside(key)),
  };
}
