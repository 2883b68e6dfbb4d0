// The frame's list of unfinished uploads (issue 13 "Resume after reload"), kept in the chat store's
// key-value table next to im-core's part map, so after a reload the merchant is told what was cut off.
// im-core keeps the bytes' position; this keeps what the merchant needs to see and to pick the file again.
import type { Store } from '@merchant/im-core';
import type { RememberedUpload, UploadMemory } from './chat-client';

export const UPLOAD_MEMORY_KEY = 'frame:unfinishedUploads';

/** Entries written by an older frame or damaged by hand are skipped rather than shown half-named. */
function isRemembered(value: unknown): value is RememberedUpload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.sessionId === 'string' &&
    typeof v.name === 'string' &&
    typeof v.type === 'string' &&
    [v.size, v.lastModified, v.percentage].every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}

/** Whether a chosen file is the one an unfinished upload was of (im-core's resume identity: name, size, last change). */
export function isSameFile(remembered: Pick<RememberedUpload, 'name' | 'size' | 'lastModified'>, file: Pick<File, 'name' | 'size' | 'lastModified'>): boolean {
  return remembered.name === file.name && remembered.size === file.size && remembered.lastModified === file.lastModified;
}

export function storeUploadMemory(store: Pick<Store, 'getValue' | 'setValue'>): UploadMemory {
  return {
    async load() {
      const value = await store.getValue(UPLOAD_MEMORY_KEY);
      return Array.isArray(value) ? value.filter(isRemembered) : [];
    },
    async save(uploads) {
      await store.setValue(UPLOAD_MEMORY_KEY, uploads.map((upload) => ({ ...upload })));
    },
  };
}
