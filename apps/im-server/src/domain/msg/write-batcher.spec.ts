import fc from 'fast-check';
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

  it('refuses a batch size or writes in flight below 1', () => {
    expect(() => new GroupCommitQueue(async () => [], 0)).toThrow(/positive integer/);
    expect(() => new GroupCommitQueue(async () => [], 10, 0)).toThrow(/positive integer/);
  });

  describe('batches in flight together share no key', () => {
    /** Jobs are "key:n" (or "a+b:n" for two keys); the write records each batch and is finished by the test. */
    const keysOf = (job: string) => job.split(':')[0].split('+');

    it('a job whose keys are free starts beside the batch in flight; one sharing a key waits, and so does every later job of its keys', async () => {
      const w = controlledWrite();
      const queue = new GroupCommitQueue<string, string>(w.write as never, 100, 2, keysOf);
      const order: string[] = [];
      const sub = (j: string) => queue.submit(j).then((v) => order.push(v));
      const first = sub('a+b:1');
      await tick();
      expect(w.batches).toEqual([['a+b:1']]);
      // b is busy: b+c:2 waits, and c:3 (behind it on c) waits with it; d:4 shares nothing and goes.
      const rest = ['b+c:2', 'c:3', 'd:4'].map(sub);
      await tick();
      expect(w.batches).toEqual([['a+b:1'], ['d:4']]);
      w.finishNext();
      await first;
      await tick();
      // Two in flight (d:4 still is): b+c:2 and c:3 go together once a+b:1 answered.
      expect(w.batches).toEqual([['a+b:1'], ['d:4'], ['b+c:2', 'c:3']]);
      w.finishNext();
      w.finishNext();
      await Promise.all(rest);
      expect(order).toEqual(['done a+b:1', 'done d:4', 'done b+c:2', 'done c:3']);
    });

    it('holds a third batch while two are in flight', async () => {
      const w = controlledWrite();
      const queue = new GroupCommitQueue<string, string>(w.write as never, 100, 2, keysOf);
      const all = ['a:1', 'b:2'].map((j) => queue.submit(j));
      await tick();
      expect(w.batches).toEqual([['a:1', 'b:2']]); // free keys arriving together share one batch
      all.push(queue.submit('c:3'));
      await tick();
      expect(w.batches).toEqual([['a:1', 'b:2'], ['c:3']]);
      all.push(queue.submit('d:4'));
      await tick();
      expect(w.batches).toHaveLength(2); // both slots taken
      w.finishNext();
      await Promise.all(all.slice(0, 2));
      await tick();
      expect(w.batches).toEqual([['a:1', 'b:2'], ['c:3'], ['d:4']]);
      w.finishNext();
      w.finishNext();
      await expect(Promise.all(all)).resolves.toEqual(['done a:1', 'done b:2', 'done c:3', 'done d:4']);
    });

    it('with more than a full batch waiting, no small batch starts beside the one in flight: the next one waits and goes full', async () => {
      const w = controlledWrite();
      const queue = new GroupCommitQueue<string, string>(w.write as never, 2, 2, keysOf);
      const all = ['a:1', 'b:2', 'c:3', 'd:4', 'e:5'].map((j) => queue.submit(j));
      await tick();
      expect(w.batches).toEqual([['a:1', 'b:2']]); // three wait: more than a batch of two
      w.finishNext();
      await Promise.all(all.slice(0, 2));
      await tick();
      // c and d go full; e alone waits then (one ≤ 2), so it starts beside them.
      expect(w.batches).toEqual([['a:1', 'b:2'], ['c:3', 'd:4'], ['e:5']]);
      w.finishNext();
      w.finishNext();
      await expect(Promise.all(all)).resolves.toHaveLength(5);
    });

    it('any arrival: no two batches in flight share a key, and each key sees its jobs written and answered in arrival order', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 30 }),
          fc.integer({ min: 1, max: 4 }),
          fc.integer({ min: 1, max: 5 }),
          fc.array(fc.nat(), { minLength: 1, maxLength: 50 }),
          async (jobKeys, inFlight, maxBatch, picks) => {
            const running: string[][] = [];
            const pending: { keys: Set<string>; finish: () => void }[] = [];
            const written: string[] = [];
            const write = (jobs: readonly string[]) => {
              const keys = new Set(jobs.flatMap(keysOf));
              for (const other of pending) for (const k of keys) expect(other.keys.has(k)).toBe(false);
              expect(pending.length).toBeLessThan(inFlight);
              written.push(...jobs);
              running.push([...jobs]);
              return new Promise<Settled<string>[]>((resolve) => {
                const entry = { keys, finish: () => resolve(jobs.map((j) => ({ ok: true as const, value: j }))) };
                pending.push(entry);
              });
            };
            const queue = new GroupCommitQueue<string, string>(write, maxBatch, inFlight, keysOf);
            const answered: string[] = [];
            const jobs = jobKeys.map((keys, n) => `${keys.join('+')}:${n}`);
            const all = jobs.map((j) => queue.submit(j).then((v) => answered.push(v)));
            // Finish batches in flight in an arbitrary order until all are answered.
            let p = 0;
            while (answered.length < jobs.length) {
              await tick();
              if (pending.length > 0) pending.splice(picks[p++ % picks.length] % pending.length, 1)[0].finish();
              await tick();
            }
            await Promise.all(all);
            for (const key of ['a', 'b', 'c', 'd', 'e']) {
              const mine = jobs.filter((j) => keysOf(j).includes(key));
              expect(written.filter((j) => keysOf(j).includes(key))).toEqual(mine);
              expect(answered.filter((j) => keysOf(j).includes(key))).toEqual(mine);
            }
          },
        ),
        { numRuns: 200 },
      );
    });
  });
});
