import { MemoryStore } from '../store/memory-store';
import type { Store } from '../store/store';

/**
 * §9 "Local database: task concurrency 100": at most this many calls of the client into its store run at
 * once; the others wait their turn, in call order. Sync's per-session work (concurrency 50, §4) and live
 * pushes together stay under it, and a burst never opens thousands of IndexedDB requests at once.
 */
export const DATABASE_TASK_CONCURRENCY = 100;

/** The Store's methods, read from the memory store that implements all of them (and nothing else). */
const STORE_METHODS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(MemoryStore.prototype).filter((name) => name !== 'constructor'));
/** close() is not queued: it must not wait behind tasks that may never end. */
const UNLIMITED = new Set(['close']);

/** A counting gate whose freed slot goes straight to the longest waiter, so the limit is never passed. */
class TaskGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

export interface TaskLimitedStore {
  readonly store: Store;
  /** Calls running and calls waiting (tests, diagnostics). */
  readonly load: () => { active: number; queued: number };
}

/**
 * The same store with its Store methods run through a gate of `limit` (default 100, §9). Other members
 * (kind, an implementation's own extras) pass through untouched; internal calls of the store to itself
 * are not gated, so a method that calls another cannot wait on its own slot.
 */
export function limitStoreTasks(store: Store, limit = DATABASE_TASK_CONCURRENCY): TaskLimitedStore {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`database task concurrency must be a positive integer, got ${limit}`);
  const gate = new TaskGate(limit);
  const wrapped = new Map<PropertyKey, unknown>();
  const limited = new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string' || !STORE_METHODS.has(property) || UNLIMITED.has(property)) {
        return typeof value === 'function' ? value.bind(target) : value;
      }
      if (!wrapped.has(property)) {
        // The method is looked up at call time, so a store that swaps a method keeps being gated.
        wrapped.set(property, (...args: unknown[]) => gate.run(() => (Reflect.get(target, property) as (...a: unknown[]) => Promise<unknown>).apply(target, args)));
      }
      return wrapped.get(property);
    },
  });
  return { store: limited, load: () => ({ active: gate.active, queued: gate.queued }) };
}
