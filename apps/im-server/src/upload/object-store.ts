import { createReadStream } from 'node:fs';
import { mkdir, open, rm, stat, type FileHandle } from 'node:fs/promises';
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
  /**
   * Only for a store that can write at an offset (the local folder; S3 cannot): writes a chunk of exactly
   * `length` bytes at `offset` while it arrives (an HTTP body) and makes it durable. Unlike writeAt it
   * leaves what lies past the chunk (finish drops what lies past the object's size). Rejects when `source`
   * ends short, carries more than `length` or fails; bytes past `offset` may then be partly written, and
   * the caller counts none of them (the next write at `offset` replaces them). The caller keeps writers
   * of one object apart (UploadService: one at a time per object on this node).
   */
  writeStreamAt?(key: string, offset: number, source: AsyncIterable<Uint8Array>, length: number): Promise<void>;
  /**
   * Called once the last byte is written, before the object is read: `size` bytes must be there; what lies
   * past them (a chunk cut after a streamed write) is dropped.
   */
  finish(key: string, size: number): Promise<void>;
  /** Bytes stored so far, or undefined when the object does not exist. */
  size(key: string): Promise<number | undefined>;
  /** The first `length` bytes (for sniffing the content type). */
  head(key: string, length: number): Promise<Uint8Array>;
  /** The object's bytes, or only `range` of them; a stream, so a large object never sits in memory. */
  read(key: string, range?: ByteRange): Readable;
  remove(key: string): Promise<void>;
}

/** A streamed chunk whose length is not the one announced. */
export class ChunkLengthError extends Error {}

/** Bytes gathered before one write while a chunk streams in: few system calls, little waiting. */
const WRITE_BATCH_BYTES = 1024 * 1024;

/** Writes every byte of `pieces` at `position` (writev may write less than asked). */
async function writeAll(file: FileHandle, pieces: Uint8Array[], position: number): Promise<void> {
  let rest = pieces;
  let at = position;
  for (;;) {
    const total = rest.reduce((sum, piece) => sum + piece.length, 0);
    const { bytesWritten } = await file.writev(rest, at);
    if (bytesWritten >= total) return;
    at += bytesWritten;
    rest = [Buffer.concat(rest).subarray(bytesWritten)];
  }
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

  async writeStreamAt(key: string, offset: number, source: AsyncIterable<Uint8Array>, length: number): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const file = await open(path, 'r+').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return open(path, 'w+');
      throw error;
    });
    try {
      // Receiving and writing overlap: a batch goes to the page cache while the next arrives in the socket.
      let written = 0;
      let batch: Uint8Array[] = [];
      let batched = 0;
      for await (const piece of source) {
        if (written + batched + piece.length > length) throw new ChunkLengthError(`the chunk carries more than its ${length} bytes`);
        batch.push(piece);
        batched += piece.length;
        if (batched >= WRITE_BATCH_BYTES) {
          await writeAll(file, batch, offset + written);
          written += batched;
          batch = [];
          batched = 0;
        }
      }
      if (batched > 0) await writeAll(file, batch, offset + written);
      written += batched;
      if (written !== length) throw new ChunkLengthError(`the chunk ended at ${written} of its ${length} bytes`);
      // No truncate here: a late copy of an earlier chunk (another node on a shared folder) must not cut
      // bytes committed after it. finish() drops whatever lies past the object's size.
      await file.sync();
    } finally {
      await file.close();
    }
  }

  async finish(key: string, size: number): Promise<void> {
    const stored = await this.size(key);
    if (stored === undefined || stored < size) throw new Error(`object ${key} has ${stored ?? 'no'} bytes, expected ${size}`);
    if (stored > size) {
      const file = await open(this.pathOf(key), 'r+');
      try {
        await file.truncate(size);
        await file.sync();
      } finally {
        await file.close();
      }
    }
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
