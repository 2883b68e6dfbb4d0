import { MediaLibraryError } from '../errors';
import { hashFile, type FileHasher, type HashProgressListener } from './md5';

// The messages between the page and the hashing worker.
export interface Md5WorkerRequest {
  id: number;
  blob: Blob;
  chunkBytes?: number;
}

export type Md5WorkerReply =
  | { id: number; type: 'progress'; loaded: number; total: number }
  | { id: number; type: 'done'; md5: string }
  | { id: number; type: 'error'; message: string };

/** The part of a worker global scope (or MessagePort) the handler needs. */
export interface Md5WorkerScope {
  addEventListener(type: 'message', listener: (event: { data: Md5WorkerRequest }) => void): void;
  postMessage(message: Md5WorkerReply): void;
}

/** The part of a Worker (or MessagePort) the client needs. */
export interface Md5WorkerEndpoint {
  addEventListener(type: 'message', listener: (event: { data: Md5WorkerReply }) => void): void;
  postMessage(message: Md5WorkerRequest): void;
  terminate?(): void;
}

/**
 * Call inside a worker module so hashing leaves the main thread:
 *   // md5.worker.ts
 *   import { installMd5WorkerHandler } from '@merchant/media-library';
 *   installMd5WorkerHandler(self);
 */
export function installMd5WorkerHandler(scope: Md5WorkerScope): void {
  scope.addEventListener('message', (event) => {
    const { id, blob, chunkBytes } = event.data;
    hashFile(blob, ({ loaded, total }) => scope.postMessage({ id, type: 'progress', loaded, total }), chunkBytes).then(
      (md5) => scope.postMessage({ id, type: 'done', md5 }),
      (error: unknown) =>
        scope.postMessage({ id, type: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  });
}

export interface Md5WorkerClient {
  hash: FileHasher;
  /** Rejects every pending request and stops the worker. */
  terminate(): void;
}

/** Page side of the worker: many files may be hashed at once, replies are matched by id. */
export function createMd5WorkerClient(worker: Md5WorkerEndpoint, chunkBytes?: number): Md5WorkerClient {
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (md5: string) => void; reject: (error: Error) => void; onProgress?: HashProgressListener }
  >();
  worker.addEventListener('message', (event) => {
    const reply = event.data;
    const request = pending.get(reply.id);
    if (!request) return;
    if (reply.type === 'progress') {
      request.onProgress?.({ loaded: reply.loaded, total: reply.total });
      return;
    }
    pending.delete(reply.id);
    if (reply.type === 'done') request.resolve(reply.md5);
    else request.reject(new MediaLibraryError('WORKER_FAILED', reply.message));
  });
  return {
    hash(blob, onProgress) {
      const id = nextId++;
      return new Promise<string>((resolve, reject) => {
        pending.set(id, { resolve, reject, onProgress });
        worker.postMessage({ id, blob, chunkBytes });
      });
    },
    terminate() {
      for (const request of pending.values()) {
        request.reject(new MediaLibraryError('WORKER_FAILED', 'the hashing worker was stopped'));
      }
      pending.clear();
      worker.terminate?.();
    },
  };
}
