import { createSlots } from './slots';

describe('createSlots (the image work gate)', () => {
  it('runs at most the limit at once, starts the waiting in order as slots free up, and frees a slot when a task fails', async () => {
    const slot = createSlots(2);
    const started: number[] = [];
    const finish: Array<(fail?: boolean) => void> = [];
    const results = [1, 2, 3, 4].map((n) =>
      slot(
        () =>
          new Promise<number>((resolve, reject) => {
            started.push(n);
            finish[n] = (fail) => (fail ? reject(new Error(`task ${n} failed`)) : resolve(n));
          }),
      ).catch((error: Error) => error.message),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2]);
    finish[2](true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3]);
    finish[1]();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3, 4]);
    finish[3]();
    finish[4]();
    expect(await Promise.all(results)).toEqual([1, 'task 2 failed', 3, 4]);
    // All slots are free again: two run at once straight away.
    const again: number[] = [];
    void slot(async () => again.push(1));
    void slot(async () => again.push(2));
    await new Promise((resolve) => setImmediate(resolve));
    expect(again).toEqual([1, 2]);
  });
});
