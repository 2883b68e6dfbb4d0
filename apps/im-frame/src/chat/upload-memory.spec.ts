import { MemoryStore } from '@merchant/im-core';
import { UPLOAD_MEMORY_KEY, isSameFile, storeUploadMemory } from './upload-memory';

describe('upload memory (resume after reload)', () => {
  const entry = { sessionId: 'p2p-c_demo1', name: 'photo.png', size: 10, lastModified: 5, type: 'image/png', percentage: 45 };

  it('keeps the unfinished uploads in the chat store and reads them back', async () => {
    const store = new MemoryStore();
    const memory = storeUploadMemory(store);
    expect(await memory.load()).toEqual([]);
    await memory.save([entry]);
    expect(await storeUploadMemory(store).load()).toEqual([entry]);
  });

  it('skips damaged entries and a value that is not a list', async () => {
    const store = new MemoryStore();
    await store.setValue(UPLOAD_MEMORY_KEY, [entry, { ...entry, size: 'big' }, null, { name: 'x' }]);
    expect(await storeUploadMemory(store).load()).toEqual([entry]);
    await store.setValue(UPLOAD_MEMORY_KEY, { not: 'a list' });
    expect(await storeUploadMemory(store).load()).toEqual([]);
  });

  it('knows the same file by name, size and last change', () => {
    expect(isSameFile(entry, { name: 'photo.png', size: 10, lastModified: 5 })).toBe(true);
    expect(isSameFile(entry, { name: 'photo.png', size: 10, lastModified: 6 })).toBe(false);
    expect(isSameFile(entry, { name: 'photo.png', size: 11, lastModified: 5 })).toBe(false);
  });
});
