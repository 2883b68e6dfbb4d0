import { runWithConcurrency } from './run-with-concurrency';
import { OFFLINE_SESSION_CONCURRENCY } from './constants';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('runWithConcurrency', () => {
  it('never runs more than the limit at once, and runs every item', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await runWithConcurrency(Array.from({ length: 120 }, (_, i) => i), OFFLINE_SESSION_CONCURRENCY, async (i) => {
      running++;
      peak = Math.max(peak, running);
      await tick();
      running--;
      done.push(i);
    });
    expect(peak).toBe(50);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i));
  });

  it('rejects with the first failure and starts no new items after it', async () => {
    const started: number[] = [];
    const run = runWithConcurrency([1, 2, 3, 4, 5], 2, async (i) => {
      started.push(i);
      await tick();
      if (i === 2) throw new Error('boom 2');
    });
    await expect(run).rejects.toThrow('boom 2');
    expect(started).toEqual([1, 2, 3]);
  });

  it('refuses a limit below 1', async () => {
    await expect(runWithConcurrency([1], 0, async () => undefined)).rejects.toThrow(RangeError);
  });
});
