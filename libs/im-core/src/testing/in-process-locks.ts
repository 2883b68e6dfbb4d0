import type { LockManagerLike } from '../multitab/tab-protocol';

interface Waiter {
  callback: (lock: unknown) => Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * navigator.locks for one process (tests of the multi-tab client): exclusive locks granted in
 * request order, held until the callback's promise settles, and an aborted signal withdraws a
 * request that still waits. Tabs of one "browser profile" share one instance.
 */
export class InProcessLocks implements LockManagerLike {
  private readonly held = new Set<string>();
  private readonly queues = new Map<string, Waiter[]>();

  request(name: string, options: { mode: 'exclusive'; signal?: AbortSignal }, callback: (lock: unknown) => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (options.signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
      const waiter: Waiter = { callback, resolve, reject };
      const queue = this.queues.get(name) ?? [];
      queue.push(waiter);
      this.queues.set(name, queue);
      options.signal?.addEventListener('abort', () => {
        const index = queue.indexOf(waiter);
        if (index < 0) return; // Already granted: the holder releases by settling its callback.
        queue.splice(index, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
      this.grant(name);
    });
  }

  /** Whether someone holds the lock (tests). */
  isHeld(name: string): boolean {
    return this.held.has(name);
  }

  private grant(name: string): void {
    if (this.held.has(name)) return;
    const next = this.queues.get(name)?.shift();
    if (!next) return;
    this.held.add(name);
    // Granted asynchronously, as in browsers.
    queueMicrotask(() => {
      Promise.resolve()
        .then(() => next.callback({ name, mode: 'exclusive' }))
        .then(next.resolve, next.reject)
        .finally(() => {
          this.held.delete(name);
          this.grant(name);
        });
    });
  }
}
