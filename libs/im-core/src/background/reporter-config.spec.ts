import fc from 'fast-check';
import { DEFAULT_REPORTER_CONFIG, readDispatcherAnswer } from './reporter-config';

describe('readDispatcherAnswer (§7 dispatcher answer, §9 clamps)', () => {
  it('has the §9 defaults: maxSize 100, interval 30 s, minimum interval 10 s, maxDelay 300 s', () => {
    expect(DEFAULT_REPORTER_CONFIG).toEqual({ maxSize: 100, intervalMs: 30_000, minIntervalMs: 10_000, maxDelayMs: 300_000 });
    expect(readDispatcherAnswer({ code: 200 })).toEqual({ enabled: true, config: DEFAULT_REPORTER_CONFIG });
  });

  it('takes the dispatcher values in seconds', () => {
    expect(readDispatcherAnswer({ code: 200, maxSize: 20, maxInterval: 60, minInterval: 5, maxDelay: 120 })).toEqual({
      enabled: true,
      config: { maxSize: 20, intervalMs: 60_000, minIntervalMs: 5_000, maxDelayMs: 120_000 },
    });
  });

  it('clamps size and interval to at most 1000 and the minimum interval to at least 2 s', () => {
    expect(readDispatcherAnswer({ code: 200, maxSize: 5000, maxInterval: 99_999, minInterval: 0.5 })).toEqual({
      enabled: true,
      config: { maxSize: 1000, intervalMs: 1_000_000, minIntervalMs: 2000, maxDelayMs: 300_000 },
    });
  });

  it('keeps every clamp for any numbers the dispatcher may send', () => {
    const anything = fc.oneof(fc.double(), fc.integer(), fc.constant(undefined), fc.string(), fc.constant(null));
    fc.assert(
      fc.property(anything, anything, anything, anything, (maxSize, maxInterval, minInterval, maxDelay) => {
        const decision = readDispatcherAnswer({ code: 200, maxSize, maxInterval, minInterval, maxDelay });
        if (!decision.enabled) return false;
        const c = decision.config;
        return (
          Number.isInteger(c.maxSize) && c.maxSize >= 1 && c.maxSize <= 1000 &&
          c.minIntervalMs >= 2000 && c.minIntervalMs <= 1_000_000 &&
          c.intervalMs <= 1_000_000 && c.intervalMs >= c.minIntervalMs &&
          c.maxDelayMs >= c.minIntervalMs && Number.isFinite(c.maxDelayMs)
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('puts fields that are not positive numbers on their defaults', () => {
    expect(readDispatcherAnswer({ code: 200, maxSize: 'ten', maxInterval: -5, minInterval: null, maxDelay: Number.NaN })).toEqual({ enabled: true, config: DEFAULT_REPORTER_CONFIG });
  });

  it('turns reporting off for another code, and for garbage', () => {
    expect(readDispatcherAnswer({ code: 403 })).toEqual({ enabled: false, reason: 'the dispatcher answered code 403' });
    for (const garbage of [undefined, null, 'ok', 42, [], { code: '200' }, { maxSize: 10 }]) {
      expect(readDispatcherAnswer(garbage)).toMatchObject({ enabled: false });
    }
  });
});
