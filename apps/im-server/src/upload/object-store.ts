import { createReadStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** Bytes `start` to `end`, both included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded objects live (issue 13). The upload service writes chunks at known offsets and reads
 * finished objects back; it never builds a path itself, so the local folder and the S3-compatible store
 * (s3-object-store.ts) plug in here. Keys are `bucket/objectName`, already checked by `isSafeObjectKey`.
 */
export interface ObjectStore {
  /**
   * Writes `bytes` at `offset` of the object, creating it (and nothing else) when missing; what was
   * stored past `offset + bytes.length` is dropped, so writing the same chunk again is harmless.
   */
  writeAt(key: string, offset: number, bytes: Uint8Array): Promise<void>;
  /** Called once the last byte is written, before the object is read: `size` bytes must be there. */
  finish(key: string, size: number): Promise<void>;
  /** Bytes stored so far, or undefined when the object does not exist. */
  size(key: string): Promise<number | undefined>;
  /** The first `length` bytes (for sniffing the content type). */
  head(key: string, length: number): Promise<Uint8Array>;
  /** The object's bytes, or only `range` of them; a stream, so a large object never sits in memory. */
  read(key: string, range?: ByteRange): Readable;
  remove(key: string): Promise<void>;
}

/** Bucket and object names: letters, digits, dot, dash, underscore and slashes between parts; no '..'. */
export function isSafeObjectKey(key: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}\/[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) && key.length <= 512 && !key.split('/').some((part) => part === '.' || part === '..');
}

/** The default store: one file per object under a folder (the server's data directory). */
export class LocalFolderObjectStore implements ObjectStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    if (!isSafeObjectKey(key)) throw new Error(`unsafe object key ${JSON.stringify(key)}`);
    const path = resolve(join(this.root, key));
    // Belt and braces: the key check already keeps every path inside the root.
    if (!path.startsWith(this.root + sep)) throw new Error('object key outside the store');
    return path;
  }

  async writeAt(key: string, offset: number, bytes: Uint8Array): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // 'r+' keeps what is there; a missing object is created with 'w+' (the first chunk).
    const file = await open(path, 'r+').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return open(path, 'w+');
      throw error;
    });
    try {
      await file.write(bytes, 0, bytes.length, offset);
      await file.truncate(offset + bytes.length);
      await file.sync();
    } finally {
      await file.close();
    }
  }

  async finish(key: string, size: number): Promise<void> {
    const stored = await this.size(key);
    if (stored !== size) throw new Error(`object ${key} has ${stored ?? 'no'} bytes, expected ${size}`);
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async head(key: string, length: number): Promise<Uint8Array> {
    const file = await open(this.pathOf(key), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  read(key: string, range?: ByteRange): Readable {
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
