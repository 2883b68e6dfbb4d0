import { Timers } from '../transport/transport';

/**
 * Timers stall while a machine sleeps and are throttled in background tabs, so a heartbeat can be
 * minutes late without any timer noticing. This ticks on a timer and compares the wall clock:
 * a tick that comes more than twice its interval late means the process was asleep or throttled.
 */
export class WakeDetector {
  private timer: unknown;
  private lastTick = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly timers: Timers,
    private readonly now: () => number,
    private readonly onWake: (sleptMs: number) => void,
  ) {}

  start(): void {
    this.stop();
    this.lastTick = this.now();
    this.timer = this.timers.setTimeout(this.tick, this.intervalMs);
  }

  stop(): void {
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private readonly tick = (): void => {
    const now = this.now();
    const elapsed = now - this.lastTick;
    this.lastTick = now;
    this.timer = this.timers.setTimeout(this.tick, this.intervalMs);
    if (elapsed > this.intervalMs * 2) this.onWake(elapsed - this.intervalMs);
  };
}
