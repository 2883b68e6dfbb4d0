import { MemoryStore } from '../store/memory-store';
import { DATABASE_TASK_CONCURRENCY, limitStoreTasks } from './store-task-limit';

/** A memory store whose getValue waits until the test lets it go, counting how many run at once. */
class HeldStore extends MemoryStore {
  running = 0;
  highest = 0;
  private readonly held: Array<() => void> = [];

  override async getValue(key: string): Promise<unknown> {
    this.running += 1;
    this.highest = Math.max(this.highest, this.running);
    await new Promise<void>((resolve) => this.held.push(resolve));
    this.running -= 1;
    return super.getValue(key);
  }

  release(count: number): void {
    for (const resolve of this.held.splice(0, count)) resolve();
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('database task concurrency (§9 "Local database: task concurrency 100")', () => {
  it('runs at most 100 store calls at once; the rest start in call order as slots free', async () => {
    expect(DATABASE_TASK_CONCURRENCY).toBe(100);
    const inner = new HeldStore();
    await inner.setValue('k', 'v');
    const { store, load } = limitStoreTasks(inner);
    const order: number[] = [];
    const calls = Array.from({ length: 250 }, (_, n) => store.getValue('k').then(() => order.push(n)));
    await settle();
    expect(inner.running).toBe(100);
    expect(load()).toEqual({ active: 100, queued: 150 });
    inner.release(30);
    await settle();
    expect(inner.running).toBe(100);
    expect(load().queued).toBe(120);
    for (let n = 0; n < 10; n++) {
      inner.release(100);
      await settle();
    }
    await Promise.all(calls);
    expect(inner.highest).toBe(100);
    expect(order).toEqual(Array.from({ length: 250 }, (_, n) => n));
    expect(load()).toEqual({ active: 0, queued: 0 });
  });

  it('passes other members through, does not queue close(), and frees a slot when a call fails', async () => {
    const inner = new MemoryStore();
    const { store, load } = limitStoreTasks(inner, 1);
    expect(store.kind).toBe(inner.kind);
    inner.getMessage = () => Promise.reject(new Error('disk full'));
    await expect(store.getMessage('x')).rejects.toThrow('disk full');
    expect(load()).toEqual({ active: 0, queued: 0 });
    await store.setValue('a', 1);
    expect(await store.getValue('a')).toBe(1);
    await expect(store.close()).resolves.toBeUndefined();
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => limitStoreTasks(new MemoryStore(), 0)).toThrow(RangeError);
    expect(() => limitStoreTasks(new MemoryStore(), 1.5)).toThrow(RangeError);
  });
});
