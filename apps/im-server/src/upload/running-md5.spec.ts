import { createHash, randomBytes } from 'node:crypto';
import { RunningMd5 } from './running-md5';

const md5 = (...parts: Uint8Array[]) => parts.reduce((hash, part) => hash.update(part), createHash('md5')).digest('hex');

describe('RunningMd5: the md5 of an upload fed chunk by chunk', () => {
  const [a, b, c] = [randomBytes(1000), randomBytes(2000), randomBytes(10)];

  it('gives the md5 of every chunk in order plus the last one', async () => {
    const running = new RunningMd5();
    running.add('im/x', 0, a);
    running.add('im/x', a.length, b);
    expect(await running.finish('im/x', a.length + b.length, c)).toBe(md5(a, b, c));
    expect(running.size).toBe(0);
    // A file of one chunk is its own md5.
    expect(await running.finish('im/y', 0, c)).toBe(md5(c));
  });

  it('takes a chunk as the pieces it arrived in (a streamed body), the last one too', async () => {
    const running = new RunningMd5();
    running.add('im/x', 0, [a.subarray(0, 300), a.subarray(300)]);
    running.add('im/x', a.length, [b]);
    expect(await running.finish('im/x', a.length + b.length, [c.subarray(0, 4), c.subarray(4)])).toBe(md5(a, b, c));
    expect(await running.finish('im/y', 0, [a, c])).toBe(md5(a, c));
  });

  it('knows nothing after a gap, a repeated chunk or a chunk that did not start at 0, so the caller reads the object back', async () => {
    const gap = new RunningMd5();
    gap.add('im/x', 0, a);
    gap.add('im/x', a.length + 1, b);
    expect(await gap.finish('im/x', a.length + 1 + b.length, c)).toBeUndefined();

    const repeated = new RunningMd5();
    repeated.add('im/x', 0, a);
    repeated.add('im/x', 0, a);
    expect(await repeated.finish('im/x', a.length, c)).toBeUndefined();

    const elsewhere = new RunningMd5(); // the first chunks went to another node
    elsewhere.add('im/x', a.length, b);
    expect(await elsewhere.finish('im/x', a.length + b.length, c)).toBeUndefined();

    // The last chunk at another offset than the bytes seen.
    const short = new RunningMd5();
    short.add('im/x', 0, a);
    expect(await short.finish('im/x', a.length + 5, c)).toBeUndefined();
  });

  it('keeps separate uploads apart and drops the least recently fed when full', async () => {
    const running = new RunningMd5(2);
    running.add('im/one', 0, a);
    running.add('im/two', 0, b);
    running.add('im/one', a.length, b); // one is now the most recent
    running.add('im/three', 0, c); // two goes
    expect(running.size).toBe(2);
    expect(await running.finish('im/two', b.length, c)).toBeUndefined();
    expect(await running.finish('im/one', a.length + b.length, c)).toBe(md5(a, b, c));
    expect(await running.finish('im/three', c.length, a)).toBe(md5(c, a));
  });
});
