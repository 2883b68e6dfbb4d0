import { createMD5 } from 'hash-wasm';
import { DEFAULT_HASH_CHUNK_BYTES } from '../constants';
import { MediaLibraryError } from '../errors';

export interface HashProgress {
  loaded: number;
  total: number;
}

export type HashProgressListener = (progress: HashProgress) => void;

/** A Blob or File: read as a stream where there is one, else slice by slice. */
export interface HashableBlob {
  readonly size: number;
  stream?(): ReadableStream<Uint8Array>;
  slice(start?: number, end?: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

/** Bytes per read of a byte stream: 1 MiB measured fastest in Chromium (bench/media, docs/performance.md). */
const BYOB_BUFFER_BYTES = 1024 * 1024;

interface ChunkReader {
  read(): Promise<ReadableStreamReadResult<Uint8Array>>;
  /** The caller is done with `chunk`: a BYOB reader reuses its memory for the next read. */
  release(chunk: Uint8Array): void;
}

/**
 * Reads a stream into one reused buffer when it is a byte stream (a "bring your own buffer" reader):
 * in Chromium this hashes a 64 MiB File about 40 % faster than the default reader, which allocates a
 * new chunk for every read. Streams without BYOB support are read the default way.
 */
/**
 * Streams being read, with their readers. Chromium (seen in 156) may garbage-collect a Blob's byte
 * stream whose BYOB read is pending when nothing but the awaiting code refers to it; the read's promise
 * then never settles and the hash hangs forever (bench/media: 50 files at once after a 64 MiB run left
 * 1-48 of them stuck). Holding them here until the hash ends keeps them alive.
 */
const streamsInUse = new Set<object>();

function readChunks(stream: ReadableStream<Uint8Array>): ChunkReader & { close(): void } {
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = stream.getReader({ mode: 'byob' });
  } catch (_notAByteStream) {
    byob = undefined;
  }
  if (!byob) {
    const reader = stream.getReader();
    const pinned = { stream, reader };
    streamsInUse.add(pinned);
    return { read: () => reader.read(), release: () => undefined, close: () => streamsInUse.delete(pinned) };
  }
  const byobReader = byob;
  const pinned = { stream, reader: byobReader };
  streamsInUse.add(pinned);
  let buffer: ArrayBuffer | undefined = new ArrayBuffer(BYOB_BUFFER_BYTES);
  return {
    async read() {
      // A read transfers the buffer; release() hands the (detached-and-returned) memory back.
      const result = await byobReader.read(new Uint8Array(buffer ?? new ArrayBuffer(BYOB_BUFFER_BYTES)));
      buffer = undefined;
      return result as ReadableStreamReadResult<Uint8Array>;
    },
    release(chunk) {
      buffer = chunk.buffer as ArrayBuffer;
    },
    close() {
      streamsInUse.delete(pinned);
    },
  };
}

/**
 * MD5 of a Blob as lowercase hex with hash-wasm (chosen by benchmark: bench/media, docs/performance.md).
 * Reads `File.stream()` so memory stays flat for large videos and no copy of the file is made;
 * progress is reported about every `progressBytes`. Works in a Worker, on the main thread and in Node.
 */
export async function hashFile(
  blob: HashableBlob,
  onProgress?: HashProgressListener,
  progressBytes: number = DEFAULT_HASH_CHUNK_BYTES,
): Promise<string> {
  try {
    const md5 = await createMD5();
    md5.init();
    const total = blob.size;
    onProgress?.({ loaded: 0, total });
    if (typeof blob.stream === 'function') {
      const chunks = readChunks(blob.stream());
      let loaded = 0;
      let reported = 0;
      try {
        for (;;) {
          const { done, value } = await chunks.read();
          if (done) break;
          md5.update(value);
          loaded += value.byteLength;
          chunks.release(value);
          if (loaded - reported >= progressBytes) {
            reported = loaded;
            onProgress?.({ loaded, total });
          }
        }
      } finally {
        chunks.close();
      }
      if (reported !== loaded || total === 0) onProgress?.({ loaded, total });
    } else {
      for (let offset = 0; offset < total; offset += progressBytes) {
        const end = Math.min(offset + progressBytes, total);
        md5.update(new Uint8Array(await blob.slice(offset, end).arrayBuffer()));
        onProgress?.({ loaded: end, total });
      }
    }
    return md5.digest('hex');
  } catch (error) {
    throw new MediaLibraryError('HASH_FAILED', 'could not compute the file checksum', { cause: error });
  }
}

/** Hashes one file: on the main thread, or through a worker client. */
export type FileHasher = (blob: Blob, onProgress?: HashProgressListener) => Promise<string>;

export const hashOnMainThread: FileHasher = (blob, onProgress) => hashFile(blob, onProgress);
