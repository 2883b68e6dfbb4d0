/**
 * Exponential back-off with full jitter (im-client-spec §4, §9: 1.6 s up to 8 s): attempt n waits a
 * uniformly random time in [0, min(max, base · 2^n)). Full jitter spreads a crowd of clients that
 * lost the same server instead of having them return in lock-step.
 */
export class ReconnectBackoff {
  constructor(
    private readonly baseDelayMs: number,
    private readonly maxDelayMs: number,
    private readonly random: () => number = Math.random,
  ) {}

  /** Upper bound of the delay before attempt `attempt` (0-based). */
  ceiling(attempt: number): number {
    return Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** Math.min(attempt, 30));
  }

  delay(attempt: number): number {
    return Math.floor(this.random() * this.ceiling(attempt));
  }
}
