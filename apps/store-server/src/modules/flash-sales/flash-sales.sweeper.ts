import type { FlashSalesService } from './flash-sales.service';

/**
 * Releases what unpaid sale orders held once their payment window ends (docs/marketing.md "Time-limited sales"):
 * a round every `intervalSeconds` while the server runs; tests call `sweepOnce` with a controllable clock.
 */
export class FlashSaleSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly sales: FlashSalesService,
    private readonly intervalSeconds: number,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  start(): void {
    if (this.timer || this.intervalSeconds <= 0) return;
    this.timer = setInterval(() => {
      this.running = this.sweepOnce().catch((error: unknown) => this.log('time-limited sale sweeper failed', error));
    }, this.intervalSeconds * 1000);
    this.timer.unref();
  }

  /** Stops the timer and waits for a round in flight, so the database closes after it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  sweepOnce(): Promise<{ released: number; paid: number }> {
    return this.sales.releaseExpired();
  }
}
