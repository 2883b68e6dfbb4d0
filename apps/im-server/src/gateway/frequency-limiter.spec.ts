import { FrequencyLimiter } from './frequency-limiter';

describe('FrequencyLimiter', () => {
  it('allows `limit` calls per window per account and command, then answers the seconds to wait', () => {
    let now = 100_000;
    const limiter = new FrequencyLimiter({ sendMsg: { limit: 3, windowMs: 10_000 } }, () => now);
    expect([1, 2, 3].map(() => limiter.check('a', 'sendMsg'))).toEqual([0, 0, 0]);
    expect(limiter.check('a', 'sendMsg')).toBe(10);
    now += 2_500;
    expect(limiter.check('a', 'sendMsg')).toBe(8);
    // Other accounts and unruled commands are not affected.
    expect(limiter.check('b', 'sendMsg')).toBe(0);
    expect(limiter.check('a', 'getServerTime')).toBe(0);
    now += 7_500;
    expect(limiter.check('a', 'sendMsg')).toBe(0);
  });

  it('applies the "*" rule to commands without their own and never answers less than 1 s', () => {
    let now = 0;
    const limiter = new FrequencyLimiter({ '*': { limit: 1, windowMs: 300 } }, () => now);
    expect(limiter.check('a', 'x')).toBe(0);
    expect(limiter.check('a', 'x')).toBe(1);
    now = 301;
    expect(limiter.check('a', 'x')).toBe(0);
  });

  it('sweep forgets expired logs', () => {
    let now = 0;
    const limiter = new FrequencyLimiter({ '*': { limit: 1, windowMs: 100 } }, () => now);
    limiter.check('a', 'x');
    now = 1000;
    limiter.sweep();
    expect((limiter as unknown as { calls: Map<string, number[]> }).calls.size).toBe(0);
  });
});
