import { ObjectKeyError, scopedStorage, storeKeyPrefix, type ObjectStorage } from './object-storage';

// One conformance suite both ObjectStorage implementations must pass (LocalFolderStorage and
// S3Storage against a real S3-protocol server). Written without a test framework, like
// im-core's store-conformance: `for (const c of STORAGE_CONFORMANCE_CASES) it(c.name, () => c.run(fresh()))`.

export interface StorageConformanceCase {
  name: string;
  run(storage: ObjectStorage): Promise<void>;
}

class StorageConformanceError extends Error {
  override readonly name = 'StorageConformanceError';
}

function assertSame(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new StorageConformanceError(`${what}: expected ${e}, got ${a}`);
}

async function assertRefused(run: () => Promise<unknown>, what: string): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ObjectKeyError) return;
    throw new StorageConformanceError(`${what}: expected an ObjectKeyError, got ${String(error)}`);
  }
  throw new StorageConformanceError(`${what}: expected a refusal, but it succeeded`);
}

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (body: Uint8Array | undefined) => (body ? new TextDecoder().decode(body) : null);

export const STORAGE_CONFORMANCE_CASES: readonly StorageConformanceCase[] = [
  {
    name: 'an object round-trips with its content type, and a missing key reads as null',
    async run(storage) {
      await storage.put('store-1/a/b.png', bytes('png bytes'), 'image/png');
      const stored = await storage.get('store-1/a/b.png');
      assertSame(text(stored?.body), 'png bytes', 'body');
      assertSame(stored?.contentType, 'image/png', 'content type');
      assertSame(await storage.get('store-1/a/missing.png'), null, 'missing object');
    },
  },
  {
    name: 'binary content is kept byte for byte and a put replaces the object',
    async run(storage) {
      const binary = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256);
      await storage.put('store-1/bin', binary, 'application/octet-stream');
      assertSame(Array.from((await storage.get('store-1/bin'))?.body ?? []).slice(0, 300), Array.from(binary).slice(0, 300), 'head');
      assertSame((await storage.get('store-1/bin'))?.body.length, 70_000, 'length');
      await storage.put('store-1/bin', bytes('second'), 'text/plain');
      assertSame(text((await storage.get('store-1/bin'))?.body), 'second', 'replaced body');
    },
  },
  {
    name: 'list returns the keys under a prefix, sorted, and nothing else',
    async run(storage) {
      await storage.put('store-1/x/2.png', bytes('2'), 'image/png');
      await storage.put('store-1/x/1.png', bytes('1'), 'image/png');
      await storage.put('store-10/x/3.png', bytes('3'), 'image/png');
      assertSame(await storage.list('store-1/'), ['store-1/x/1.png', 'store-1/x/2.png'], 'store-1 keys');
      assertSame(await storage.list('store-2/'), [], 'empty prefix');
    },
  },
  {
    name: 'delete removes the object and is quiet for a missing key',
    async run(storage) {
      await storage.put('store-1/gone.txt', bytes('x'), 'text/plain');
      await storage.delete('store-1/gone.txt');
      await storage.delete('store-1/never.txt');
      assertSame(await storage.get('store-1/gone.txt'), null, 'deleted object');
      assertSame(await storage.list('store-1/'), [], 'keys after delete');
    },
  },
  {
    name: 'keys that could escape the folder or bucket are refused',
    async run(storage) {
      for (const key of ['../etc/passwd', '/abs.png', 'store-1/../store-2/a.png', '', 'store-1//a.png', 'a b.png']) {
        await assertRefused(() => storage.put(key, bytes('x'), 'text/plain'), `put ${JSON.stringify(key)}`);
      }
    },
  },
  {
    name: "a store's scoped view cannot read, list, overwrite or delete another store's objects",
    async run(storage) {
      await storage.put(`${storeKeyPrefix(2)}secret.png`, bytes('store 2'), 'image/png');
      const store1 = scopedStorage(storage, storeKeyPrefix(1));
      await store1.put(`${storeKeyPrefix(1)}mine.png`, bytes('store 1'), 'image/png');
      await assertRefused(() => store1.get(`${storeKeyPrefix(2)}secret.png`), 'read');
      await assertRefused(() => store1.put(`${storeKeyPrefix(2)}secret.png`, bytes('overwrite'), 'image/png'), 'overwrite');
      await assertRefused(() => store1.delete(`${storeKeyPrefix(2)}secret.png`), 'delete');
      await assertRefused(() => store1.get(`${storeKeyPrefix(1)}../${storeKeyPrefix(2)}secret.png`), 'read through ..');
      assertSame(await store1.list(''), [`${storeKeyPrefix(1)}mine.png`], 'scoped list');
      assertSame(await store1.list(storeKeyPrefix(2)), [], 'list of another prefix');
      assertSame(text((await storage.get(`${storeKeyPrefix(2)}secret.png`))?.body), 'store 2', 'other store untouched');
    },
  },
];
