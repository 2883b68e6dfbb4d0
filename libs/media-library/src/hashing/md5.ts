import { createMD5 } from 'hash-wasm';
import { DEFAULT_HASH_CHUNK_BYTES } from '../constants';
import { MediaLibraryError } from '../errors';

export interface HashProgress {
  loaded: number;
  total: number;
}

export type HashProgressListener = (progress: HashProgress) => void;

/** Anything with a size that can be sliced into readable parts: a Blob or File. */
export interface HashableBlob {
  readonly size: number;
  slice(start?: number, end?: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

/**
 * MD5 of a Blob as lowercase hex, read chunk by chunk so memory stays flat for large videos.
 * Works on the main thread, in a Worker and in Node (hash-wasm runs everywhere WebAssembly does).
 */
export async function hashFile(
  blob: HashableBlob,
  onProgress?: HashProgressListener,
  chunkBytes: number = DEFAULT_HASH_CHUNK_BYTES,
): Promise<string> {
  try {
    const md5 = await createMD5();
    md5.init();
    const total = blob.size;
    onProgress?.({ loaded: 0, total });
    for (let offset = 0; offset < total; offset += chunkBytes) {
      const end = Math.min(offset + chunkBytes, total);
      md5.update(new Uint8Array(await blob.slice(offset, end).arrayBuffer()));
      onProgress?.({ loaded: end, total });
    }
    return md5.digest('hex');
  } catch (error) {
    throw new MediaLibraryError('HASH_FAILED', 'could not compute the file checksum', { cause: error });
  }
}

/** Hashes one file: on the main thread, or through a worker client. */
export type FileHasher = (blob: Blob, onProgress?: HashProgressListener) => Promise<string>;

export const hashOnMainThread: FileHasher = (blob, onProgress) => hashFile(blob, onProgress);
