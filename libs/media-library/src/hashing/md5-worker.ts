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
  /** A Worker's 'error' (uncaught error, failed load) and 'messageerror' (a reply that could not be read). */
  addEventListener(type: 'error' | 'messageerror', listener: (event: { message?: string }) => void): void;
  postMessage(message: Md5WorkerRequest): void;
  terminate?(): void;
}

export interface Md5WorkerHandlerOptions {
  /**
   * Files hashed at the same time; later ones wait their turn. 50 files at once only thrash on a
   * small machine (50 WebAssembly instances and read buffers), and the order of arrival is kept.
   * Default 2.
   */
  concurrentHashes?: number;
}

/** The default number of files one worker hashes at the same time. */
export const DEFAULT_CONCURRENT_HASHES = 2;

/** A request before it gets its id (Omit distributed over the union). */
type UnsentRequest = Md5WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Call inside a worker module so hashing and watermarking leave the main thread:
 *   // media.worker.ts
 *   import { installMd5WorkerHandler } from '@merchant/media-library';
 *   installMd5WorkerHandler(self);
 */
export function installMd5WorkerHandler(scope: Md5WorkerScope, options: Md5WorkerHandlerOptions = {}): void {
  const limit = Math.max(1, Math.floor(options.concurrentHashes ?? DEFAULT_CONCURRENT_HASHES));
  let running = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    running--;
    const start = waiting.shift();
    if (start) start();
  };
  const whenFree = (start: () => void) => {
    const run = () => {
      running++;
      start();
    };
    if (running < limit) run();
    else waiting.push(run);
  };
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
    whenFree(() => {
      hashFile(request.blob, ({ loaded, total }) => scope.postMessage({ id, type: 'progress', loaded, total }), request.chunkBytes)
        .then(
          (md5) => scope.postMessage({ id, type: 'done', md5 }),
          (error: unknown) => scope.postMessage({ id, type: 'error', message: messageOf(error) }),
        )
        .finally(next);
    });
  });
}

export interface Md5WorkerClient {
  hash: FileHasher;
  /** Stamps a text diagonally and repeatedly across an image, in the worker (OffscreenCanvas). */
  watermark(blob: Blob, text: string): Promise<Blob>;
  /** Rejects every pending request and stops the worker. */
  terminate(): void;
  /** True once the worker failed ('error' or 'messageerror') or was stopped: every request now rejects. */
  readonly failed: boolean;
}

interface PendingRequest {
  resolve: (value: string | Blob) => void;
  reject: (error: Error) => void;
  onProgress?: HashProgressListener;
}

/**
 * Page side of the worker: many files may be in flight at once, replies are matched by id.
 * When the worker reports an 'error' (an uncaught error, a failed load) or a 'messageerror', every
 * pending request rejects with MediaLibraryError 'WORKER_FAILED' and so do later ones: an upload
 * never waits forever on a dead worker. createRestartingMd5WorkerClient starts a new one instead.
 */
export function createMd5WorkerClient(worker: Md5WorkerEndpoint, chunkBytes?: number): Md5WorkerClient {
  let nextId = 1;
  const pending = new Map<number, PendingRequest>();
  let failure: string | undefined;
  const fail = (message: string) => {
    if (failure !== undefined) return;
    failure = message;
    for (const request of pending.values()) request.reject(new MediaLibraryError('WORKER_FAILED', message));
    pending.clear();
    worker.terminate?.();
  };
  const onWorkerError = (kind: string) => (event: { message?: string; preventDefault?: () => void }) => {
    // The page handles it: do not also report it as an uncaught error.
    event.preventDefault?.();
    fail(`the hashing worker failed (${kind}${event.message ? `: ${event.message}` : ''})`);
  };
  worker.addEventListener('error', onWorkerError('error'));
  worker.addEventListener('messageerror', onWorkerError('messageerror'));
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
      if (failure !== undefined) {
        reject(new MediaLibraryError('WORKER_FAILED', failure));
        return;
      }
      pending.set(id, { resolve: resolve as (value: string | Blob) => void, reject, onProgress });
      try {
        worker.postMessage({ ...message, id } as Md5WorkerRequest);
      } catch (error) {
        pending.delete(id);
        reject(new MediaLibraryError('WORKER_FAILED', `the hashing worker could not be reached: ${messageOf(error)}`, { cause: error }));
      }
    });
  };
  return {
    hash: (blob, onProgress) => send<string>({ blob, chunkBytes }, onProgress),
    watermark: (blob, text) => send<Blob>({ kind: 'watermark', blob, text }),
    terminate() {
      fail('the hashing worker was stopped');
    },
    get failed() {
      return failure !== undefined;
    },
  };
}

/**
 * A worker client that starts its worker on first use and starts a new one for the next request
 * after the current one failed (its pending requests still reject with 'WORKER_FAILED', so the
 * uploader can show the error and the merchant can retry):
 *   createRestartingMd5WorkerClient(() => new Worker(new URL('./media.worker.ts', import.meta.url), { type: 'module' }))
 */
export function createRestartingMd5WorkerClient(spawn: () => Md5WorkerEndpoint, chunkBytes?: number): Md5WorkerClient {
  let current: Md5WorkerClient | undefined;
  let stopped = false;
  const client = () => {
    if (!current || current.failed) current = createMd5WorkerClient(spawn(), chunkBytes);
    return current;
  };
  const use = <T>(call: (worker: Md5WorkerClient) => Promise<T>): Promise<T> => {
    if (stopped) return Promise.reject(new MediaLibraryError('WORKER_FAILED', 'the hashing worker was stopped'));
    let worker: Md5WorkerClient;
    try {
      worker = client();
    } catch (error) {
      return Promise.reject(new MediaLibraryError('WORKER_FAILED', `the hashing worker could not start: ${messageOf(error)}`, { cause: error }));
    }
    return call(worker);
  };
  return {
    hash: (blob, onProgress) => use((worker) => worker.hash(blob, onProgress)),
    watermark: (blob, text) => use((worker) => worker.watermark(blob, text)),
    terminate() {
      stopped = true;
      current?.terminate();
    },
    get failed() {
      return stopped;
    },
  };
}
