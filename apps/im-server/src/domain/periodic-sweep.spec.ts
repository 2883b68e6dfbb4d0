import { startPeriodicSweep } from './periodic-sweep';

const quietLog = () => {
  const errors: string[] = [];
  return { errors, log: { error: (_details: object, message: string) => void errors.push(message) } };
};

describe('startPeriodicSweep', () => {
  afterEach(() => jest.useRealTimers());

  it('sweeps at start while batches come back full, then again on each tick', async () => {
    jest.useFakeTimers();
    const answers = [true, true, false, false];
    let calls = 0;
    const { log } = quietLog();
    const stop = startPeriodicSweep('test sweep', async () => answers[calls++] ?? false, 1000, log);
    await jest.advanceTimersByTimeAsync(0);
    expect(calls).toBe(3); // two full batches and the short one that ends the run
    await jest.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(4);
    await stop();
    await jest.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(4); // no tick after stop
  });

  it('logs a failed run by name and tries again on the next tick', async () => {
    jest.useFakeTimers();
    let calls = 0;
    const { errors, log } = quietLog();
    const stop = startPeriodicSweep('upload sweep', async () => {
      calls++;
      if (calls === 1) throw new Error('database gone');
      return false;
    }, 1000, log);
    await jest.advanceTimersByTimeAsync(0);
    expect(errors).toEqual(['upload sweep failed']);
    await jest.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    await stop();
  });

  it('stop() waits for the run in flight and ends it after the current batch', async () => {
    let release!: () => void;
    let calls = 0;
    const { log } = quietLog();
    const stop = startPeriodicSweep('test sweep', () => {
      calls++;
      return new Promise<boolean>((resolve) => (release = () => resolve(true))); // a full batch: would go on
    }, 60_000, log);
    await new Promise((resolve) => setImmediate(resolve));
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false); // still waiting for the batch in flight
    release();
    await stopping;
    expect(calls).toBe(1); // the full batch did not start another after stop
  });
});
