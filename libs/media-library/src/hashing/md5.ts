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
      const reader = blob.stream().getReader();
      let loaded = 0;
      let reported = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        md5.update(value);
        loaded += value.byteLength;
        if (loaded - reported >= progressBytes) {
          reported = loaded;
          onProgress?.({ loaded, total });
        }
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
