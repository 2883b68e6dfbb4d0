/** A budget of `limit` calls per `windowMs` for one command. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

export type RateRules = Record<string, RateRule>;

/**
 * Our defaults (the spec gives only the 416 reaction, im-client-spec §8): generous for people,
 * tight enough that one scripted account cannot flood the database or its peers.
 */
export const DEFAULT_RATE_RULES: RateRules = {
  '*': { limit: 200, windowMs: 10_000 },
  sendMsg: { limit: 50, windowMs: 10_000 },
  getHistoryMsgs: { limit: 60, windowMs: 10_000 },
  // A sync of a long absence takes several pages, each a sync request (docs/im-sync.md).
  sync: { limit: 60, windowMs: 10_000 },
  // Requests that land in another account's system messages: kept low so one account cannot spam others.
  friendRequest: { limit: 10, windowMs: 10_000 },
  sendCustomSysMsg: { limit: 50, windowMs: 10_000 },
};

/**
 * Frequency control per account and command (im-client-spec §8, code 416): a sliding log of
 * call times; when the budget is spent, `check` returns the whole seconds until a slot frees.
 * Counters are per node; an account spread over several nodes gets a budget on each.
 */
export class FrequencyLimiter {
  private readonly calls = new Map<string, number[]>();

  constructor(
    private readonly rules: RateRules = DEFAULT_RATE_RULES,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a call and returns 0, or returns the seconds to wait (the call is not recorded). */
  check(account: string, command: string): number {
    const rule = this.rules[command] ?? this.rules['*'];
    if (!rule) return 0;
    const key = `${account}\u0000${command}`;
    const now = this.now();
    const log = (this.calls.get(key) ?? []).filter((t) => t > now - rule.windowMs);
    if (log.length >= rule.limit) {
      this.calls.set(key, log);
      return Math.max(1, Math.ceil((log[0] + rule.windowMs - now) / 1000));
    }
    log.push(now);
    this.calls.set(key, log);
    return 0;
  }

  /** Drops logs that no longer limit anything, so idle accounts cost no memory. */
  sweep(): void {
    const now = this.now();
    const longest = Math.max(...Object.values(this.rules).map((r) => r.windowMs));
    for (const [key, log] of this.calls) {
      if (log.length === 0 || log[log.length - 1] <= now - longest) this.calls.delete(key);
    }
  }
}
