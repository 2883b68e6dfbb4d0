import { UploadQueue } from './upload-queue';

const blob = (name: string, text = name) => Object.assign(new Blob([text]), { name });

describe('UploadQueue (§4 pending list)', () => {
  it('adds files with their upload fields', () => {
    const queue = new UploadQueue();
    expect(queue.add(blob('Photo.PNG'), 'h1')).toBe('added');
    expect(queue.items[0]).toMatchObject({
      id: 'h1',
      name: 'Photo.PNG',
      size: 9,
      filesMd5: 'h1',
      objectMd5: 'h1',
      objectName: 'Photo.PNG',
      objectSuffix: 'png',
      dynamicTags: [],
    });
  });

  it('silently skips a hash already present and stops at the maximum', () => {
    const queue = new UploadQueue(2);
    expect(queue.add(blob('a.png'), 'h1')).toBe('added');
    expect(queue.add(blob('copy.png'), 'h1')).toBe('duplicate');
    expect(queue.add(blob('b.png'), 'h2')).toBe('added');
    expect(queue.add(blob('c.png'), 'h3')).toBe('full');
    expect(queue.items.map((i) => i.id)).toEqual(['h1', 'h2']);
    expect(queue.room).toBe(0);
  });

  it('removes one file, clears all, and notifies subscribers with new snapshots', () => {
    const queue = new UploadQueue();
    const snapshots: unknown[] = [];
    const unsubscribe = queue.subscribe(() => snapshots.push(queue.getSnapshot()));
    queue.add(blob('a.png'), 'h1');
    queue.add(blob('b.png'), 'h2');
    expect(queue.remove('h1')).toBe(true);
    expect(queue.remove('missing')).toBe(false);
    expect(queue.items.map((i) => i.id)).toEqual(['h2']);
    queue.clear();
    expect(queue.items).toEqual([]);
    expect(snapshots).toHaveLength(4);
    expect(new Set(snapshots).size).toBe(4);
    unsubscribe();
    queue.add(blob('c.png'), 'h3');
    expect(snapshots).toHaveLength(4);
  });

  it('ignores empty and repeated tags, removes tags', () => {
    const queue = new UploadQueue();
    queue.add(blob('a.png'), 'h1');
    expect(queue.addTag('h1', '  ')).toBe(false);
    expect(queue.addTag('h1', ' summer ')).toBe(true);
    expect(queue.addTag('h1', 'summer')).toBe(false);
    expect(queue.addTag('h1', 'sale')).toBe(true);
    expect(queue.items[0]!.dynamicTags).toEqual(['summer', 'sale']);
    expect(queue.removeTag('h1', 'summer')).toBe(true);
    expect(queue.items[0]!.dynamicTags).toEqual(['sale']);
  });

  it('freezes the list while uploading and empties it afterwards unless asked to keep it', () => {
    const queue = new UploadQueue();
    queue.add(blob('a.png'), 'h1');
    expect(queue.beginUpload().map((i) => i.id)).toEqual(['h1']);
    expect(queue.phase).toBe('uploading');
    expect(() => queue.beginUpload()).toThrow(expect.objectContaining({ code: 'QUEUE_BUSY' }));
    expect(queue.add(blob('b.png'), 'h2')).toBe('busy');
    expect(queue.remove('h1')).toBe(false);
    queue.clear();
    expect(queue.items).toHaveLength(1);
    queue.finishUpload(true);
    expect(queue.items).toHaveLength(1);
    queue.beginUpload();
    queue.finishUpload();
    expect(queue.phase).toBe('idle');
    expect(queue.items).toEqual([]);
  });
});
