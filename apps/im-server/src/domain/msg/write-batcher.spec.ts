import { GroupCommitQueue, type Settled } from './write-batcher';

/** A write whose completion the test controls, recording the batches it was given. */
function controlledWrite() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const write = (jobs: readonly number[]) => {
    batches.push([...jobs]);
    return new Promise<Settled<string>[]>((resolve) => {
      pending.push(() => resolve(jobs.map((j) => (j < 0 ? { ok: false, error: new Error(`bad ${j}`) } : { ok: true, value: `done ${j}` }))));
    });
  };
  return { batches, write, finishNext: () => pending.shift()?.() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommitQueue', () => {
  it('writes a lone job on the next turn, and everything that arrived meanwhile in the next batch, in arrival order', async () => {
    const w = controlledWrite();
    const queue = new GroupCommitQueue(w.write, 100);
    const first = queue.submit(1);
    await tick();
    expect(w.batches).toEqual([[1]]);
    const later = [2, 3, 4].map((j) => queue.submit(j));
    await tick();
    expect(w.batches).toEqual([[1]]); // still in flight: the others wait
    w.finishNext();
    await expect(first).resolves.toBe('done 1');
    await tick();
    expect(w.batches).toEqual([[1], [2, 3, 4]]);
    w.finishNext();
    await expect(Promise.all(later)).resolves.toEqual(['done 2', 'done 3', 'done 4']);
    expect(queue.stats()).toEqual({ batches: 2, jobs: 4, largestBatch: 3 });
  });

  it('splits a long queue into batches of maxBatch', async () => {
    const w = controlledWrite();
    const queue = new GroupCommitQueue(w.write, 2);
    const all = [1, 2, 3, 4, 5].map((j) => queue.submit(j));
    for (let i = 0; i < 3; i++) {
      await tick();
      w.finishNext();
    }
    await expect(Promise.all(all)).resolves.toHaveLength(5);
    expect(w.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('answers each job on its own: a failed job rejects alone; a failed write rejects its batch and the queue goes on', async () => {
    let calls = 0;
    const queue = new GroupCommitQueue<number, string>(async (jobs) => {
      calls++;
      if (calls === 2) throw new Error('connection lost');
      return jobs.map((j) => (j < 0 ? { ok: false, error: new Error(`bad ${j}`) } : { ok: true, value: `done ${j}` }));
    }, 10);
    const [a, b, c] = await Promise.allSettled([queue.submit(1), queue.submit(-2), queue.submit(3)]);
    expect([a.status, b.status, c.status]).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((b as PromiseRejectedResult).reason.message).toBe('bad -2');
    await expect(queue.submit(4)).rejects.toThrow('connection lost');
    await expect(queue.submit(5)).resolves.toBe('done 5');
  });

  it('refuses a batch size below 1', () => {
    expect(() => new GroupCommitQueue(async () => [], 0)).toThrow(/positive integer/);
  });
});
