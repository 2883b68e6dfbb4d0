import { MAX_FILES_PER_UPLOAD } from '../constants';
import { MediaLibraryError } from '../errors';
import { fileSuffix } from '../validation/file-rules';

/** console-spec §3 upload item. */
export interface PendingUpload<F extends Blob = Blob> {
  /** Stable id for rows and per-file cancel (the hash is unique within the list). */
  id: string;
  name: string;
  size: number;
  file: F;
  dynamicTags: string[];
  filesMd5: string;
  objectMd5: string;
  objectName: string;
  objectSuffix: string;
}

export type UploadQueuePhase = 'idle' | 'uploading';

export interface UploadQueueSnapshot<F extends Blob = Blob> {
  phase: UploadQueuePhase;
  items: readonly PendingUpload<F>[];
}

export type AddOutcome = 'added' | 'duplicate' | 'full' | 'busy';

/**
 * The pending list of the upload dialog (console-spec §4). While idle, files can be added
 * (at most `maxFiles`, a hash already present is silently skipped), removed, tagged and cleared.
 * `beginUpload` freezes the list until `finishUpload`. Snapshots are immutable, so React can
 * read them with useSyncExternalStore.
 */
export class UploadQueue<F extends Blob = Blob> {
  private snapshot: UploadQueueSnapshot<F> = { phase: 'idle', items: [] };
  private readonly listeners = new Set<() => void>();

  constructor(readonly maxFiles: number = MAX_FILES_PER_UPLOAD) {}

  getSnapshot = (): UploadQueueSnapshot<F> => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get items(): readonly PendingUpload<F>[] {
    return this.snapshot.items;
  }

  get phase(): UploadQueuePhase {
    return this.snapshot.phase;
  }

  /** How many more files fit. */
  get room(): number {
    return Math.max(0, this.maxFiles - this.snapshot.items.length);
  }

  has(md5: string): boolean {
    return this.snapshot.items.some((item) => item.filesMd5 === md5);
  }

  add(file: F & { name?: string }, md5: string, name: string = file.name ?? 'file'): AddOutcome {
    if (this.snapshot.phase !== 'idle') return 'busy';
    if (this.has(md5)) return 'duplicate';
    if (this.room === 0) return 'full';
    const item: PendingUpload<F> = {
      id: md5,
      name,
      size: file.size,
      file,
      dynamicTags: [],
      filesMd5: md5,
      objectMd5: md5,
      objectName: name,
      objectSuffix: fileSuffix(name),
    };
    this.update({ items: [...this.snapshot.items, item] });
    return 'added';
  }

  remove(id: string): boolean {
    if (this.snapshot.phase !== 'idle') return false;
    const items = this.snapshot.items.filter((item) => item.id !== id);
    if (items.length === this.snapshot.items.length) return false;
    this.update({ items });
    return true;
  }

  clear(): void {
    if (this.snapshot.phase !== 'idle' || this.snapshot.items.length === 0) return;
    this.update({ items: [] });
  }

  /** console-spec §5: empty tags are ignored; a tag already on the file is not added twice. */
  addTag(id: string, tag: string): boolean {
    const trimmed = tag.trim();
    if (!trimmed || this.snapshot.phase !== 'idle') return false;
    let added = false;
    const items = this.snapshot.items.map((item) => {
      if (item.id !== id || item.dynamicTags.includes(trimmed)) return item;
      added = true;
      return { ...item, dynamicTags: [...item.dynamicTags, trimmed] };
    });
    if (added) this.update({ items });
    return added;
  }

  removeTag(id: string, tag: string): boolean {
    if (this.snapshot.phase !== 'idle') return false;
    let removed = false;
    const items = this.snapshot.items.map((item) => {
      if (item.id !== id || !item.dynamicTags.includes(tag)) return item;
      removed = true;
      return { ...item, dynamicTags: item.dynamicTags.filter((existing) => existing !== tag) };
    });
    if (removed) this.update({ items });
    return removed;
  }

  /** Freezes the list and returns what to upload. */
  beginUpload(): readonly PendingUpload<F>[] {
    if (this.snapshot.phase !== 'idle') throw new MediaLibraryError('QUEUE_BUSY', 'an upload is already running');
    this.update({ phase: 'uploading' });
    return this.snapshot.items;
  }

  /** Ends the upload; the list is emptied unless `keepItems` (nothing reached the server). */
  finishUpload(keepItems = false): void {
    this.update({ phase: 'idle', items: keepItems ? this.snapshot.items : [] });
  }

  private update(change: Partial<UploadQueueSnapshot<F>>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}
