import { GroupCommitQueue, type Settled, type WriteTurn } from './write-batcher';

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

  it('refuses a batch size or writes in flight below 1', () => {
    expect(() => new GroupCommitQueue(async () => [], 0)).toThrow(/positive integer/);
    expect(() => new GroupCommitQueue(async () => [], 10, 0)).toThrow(/positive integer/);
  });

  describe('two writes in flight', () => {
    /** A write whose statement, commit and result the test drives, one step at a time. */
    function pipelinedWrite() {
      const calls: { jobs: number[]; turn: WriteTurn; finish: (ok?: boolean) => void; previousCommitted?: boolean }[] = [];
      const write = (jobs: readonly number[], turn: WriteTurn) =>
        new Promise<Settled<string>[]>((resolve) => {
          const call: (typeof calls)[number] = {
            jobs: [...jobs],
            turn,
            finish: (ok = true) => {
              turn.committed(ok);
              resolve(jobs.map((j) => (ok ? { ok: true, value: `done ${j}` } : { ok: false, error: new Error(`rolled back ${j}`) })));
            },
          };
          void turn.previousCommitted.then((c) => (call.previousCommitted = c));
          calls.push(call);
        });
      return { calls, write };
    }

    it('starts the next batch once the previous one executed, not before; answers in submission order', async () => {
      const w = pipelinedWrite();
      const queue = new GroupCommitQueue(w.write, 100, 2);
      const answered: string[] = [];
      const first = [1, 2].map((j) => queue.submit(j).then((v) => answered.push(v)));
      await tick();
      expect(w.calls.map((c) => c.jobs)).toEqual([[1, 2]]);
      const second = [3, 4].map((j) => queue.submit(j).then((v) => answered.push(v)));
      await tick();
      expect(w.calls).toHaveLength(1); // batch 1 has not executed its statement yet
      w.calls[0].turn.executed();
      await tick();
      expect(w.calls.map((c) => c.jobs)).toEqual([[1, 2], [3, 4]]);
      // The first had nothing beside it; the second overlaps the first.
      expect(w.calls.map((c) => c.turn.alone)).toEqual([true, false]);
      expect(w.calls[1].previousCommitted).toBeUndefined(); // batch 1 has not committed
      // Batch 2 finishes first: its answers still wait for batch 1's.
      w.calls[1].finish();
      await tick();
      expect(answered).toEqual([]);
      w.calls[0].finish();
      await Promise.all([...first, ...second]);
      expect(answered).toEqual(['done 1', 'done 2', 'done 3', 'done 4']);
      expect(w.calls[1].previousCommitted).toBe(true);
    });

    it('holds a third batch while two are in flight, and tells a batch that the one before it failed', async () => {
      const w = pipelinedWrite();
      const queue = new GroupCommitQueue(w.write, 1, 2);
      const all = [1, 2, 3].map((j) => queue.submit(j).then((value) => ({ ok: true, value }), (error: Error) => ({ ok: false, value: error.message })));
      await tick();
      w.calls[0].turn.executed();
      await tick();
      w.calls[1].turn.executed();
      await tick();
      expect(w.calls).toHaveLength(2); // the third waits for a free slot
      w.calls[0].finish(false);
      await tick();
      expect(w.calls[1].previousCommitted).toBe(false);
      w.calls[1].finish(false);
      await tick();
      await tick();
      expect(w.calls).toHaveLength(3);
      w.calls[2].finish();
      await expect(Promise.all(all)).resolves.toEqual([
        { ok: false, value: 'rolled back 1' },
        { ok: false, value: 'rolled back 2' },
        { ok: true, value: 'done 3' },
      ]);
      expect(w.calls[2].previousCommitted).toBe(false);
    });
  });
});
