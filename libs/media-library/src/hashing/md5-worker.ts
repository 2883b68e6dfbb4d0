import { MediaLibraryError } from '../errors';
import { watermarkImage } from '../watermark/watermark';
import { hashFile, type FileHasher, type HashProgressListener } from './md5';

// The messages between the page and the media worker: MD5 hashing, and watermark stamping.
export type Md5WorkerRequest =
  | { id: number; kind?: 'hash'; blob: Blob; chunkBytes?: number }
  | { id: number; kind: 'watermark'; blob: Blob; text: string };

export type Md5WorkerReply =
  | { id: number; type: 'progress'; loaded: number; total: number }
  | { id: number; type: 'done'; md5: string }
  | { id: number; type: 'watermarked'; blob: Blob }
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

/** A request before it gets its id (Omit distributed over the union). */
type UnsentRequest = Md5WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Call inside a worker module so hashing and watermarking leave the main thread:
 *   // media.worker.ts
 *   import { installMd5WorkerHandler } from '@merchant/media-library';
 *   installMd5WorkerHandler(self);
 */
export function installMd5WorkerHandler(scope: Md5WorkerScope): void {
  scope.addEventListener('message', (event) => {
    const request = event.data;
    const { id } = request;
    if (request.kind === 'watermark') {
      watermarkImage(request.blob, request.text).then(
        (blob) => scope.postMessage({ id, type: 'watermarked', blob }),
        (error: unknown) => scope.postMessage({ id, type: 'error', message: messageOf(error) }),
      );
      return;
    }
    hashFile(request.blob, ({ loaded, total }) => scope.postMessage({ id, type: 'progress', loaded, total }), request.chunkBytes).then(
      (md5) => scope.postMessage({ id, type: 'done', md5 }),
      (error: unknown) => scope.postMessage({ id, type: 'error', message: messageOf(error) }),
    );
  });
}

export interface Md5WorkerClient {
  hash: FileHasher;
  /** Stamps a text diagonally and repeatedly across an image, in the worker (OffscreenCanvas). */
  watermark(blob: Blob, text: string): Promise<Blob>;
  /** Rejects every pending request and stops the worker. */
  terminate(): void;
}

interface PendingRequest {
  resolve: (value: string | Blob) => void;
  reject: (error: Error) => void;
  onProgress?: HashProgressListener;
}

/** Page side of the worker: many files may be in flight at once, replies are matched by id. */
export function createMd5WorkerClient(worker: Md5WorkerEndpoint, chunkBytes?: number): Md5WorkerClient {
  let nextId = 1;
  const pending = new Map<number, PendingRequest>();
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
    else if (reply.type === 'watermarked') request.resolve(reply.blob);
    else request.reject(new MediaLibraryError('WORKER_FAILED', reply.message));
  });
  const send = <T extends string | Blob>(message: UnsentRequest, onProgress?: HashProgressListener) => {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: string | Blob) => void, reject, onProgress });
      worker.postMessage({ ...message, id } as Md5WorkerRequest);
    });
  };
  return {
    hash: (blob, onProgress) => send<string>({ blob, chunkBytes }, onProgress),
    watermark: (blob, text) => send<Blob>({ kind: 'watermark', blob, text }),
    terminate() {
      for (const request of pending.values()) {
        request.reject(new MediaLibraryError('WORKER_FAILED', 'the hashing worker was stopped'));
      }
      pending.clear();
      worker.terminate?.();
    },
  };
}
