import { ImError } from '../errors/im-error';
import { ImErrorName } from '../errors/codes';
import { Timers } from '../transport/transport';

export interface HeartbeatMonitorOptions {
  intervalMs: number;
  timeoutMs: number;
  timers: Timers;
  /** Sends one heartbeat frame (sequence 0). Throws when the transport cannot send. */
  send(): void;
  /** More than one consecutive failure: the connection must be dropped (§4). */
  onDead(error: ImError): void;
  /** Each missed heartbeat, reported as a custom error (§8 "Heartbeat errors are reported"). */
  onMissed(error: ImError): void;
}

/**
 * Heartbeat every interval (§9: 30 s), answer within the timeout (§9: 5 s). A timeout gives one
 * more heartbeat at once; a second consecutive failure declares the connection dead (§4).
 */
export class HeartbeatMonitor {
  private nextTimer: unknown;
  private timeoutTimer: unknown;
  private inFlight = false;
  private failures = 0;
  private running = false;

  constructor(private readonly options: HeartbeatMonitorOptions) {}

  start(): void {
    this.stop();
    this.running = true;
    this.failures = 0;
    this.scheduleNext();
  }

  stop(): void {
    this.running = false;
    this.inFlight = false;
    this.options.timers.clearTimeout(this.nextTimer);
    this.options.timers.clearTimeout(this.timeoutTimer);
    this.nextTimer = undefined;
    this.timeoutTimer = undefined;
  }

  /** Beat now (coming online, waking from sleep) unless one is already waiting for its answer. */
  checkNow(): void {
    if (!this.running || this.inFlight) return;
    this.options.timers.clearTimeout(this.nextTimer);
    this.beat();
  }

  /** The heartbeat response arrived. */
  answered(): void {
    if (!this.running || !this.inFlight) return;
    this.inFlight = false;
    this.failures = 0;
    this.options.timers.clearTimeout(this.timeoutTimer);
    this.scheduleNext();
  }

  get consecutiveFailures(): number {
    return this.failures;
  }

  private scheduleNext(): void {
    this.nextTimer = this.options.timers.setTimeout(() => this.beat(), this.options.intervalMs);
  }

  private beat(): void {
    if (!this.running) return;
    this.inFlight = true;
    this.timeoutTimer = this.options.timers.setTimeout(() => this.missed('no heartbeat response'), this.options.timeoutMs);
    try {
      this.options.send();
    } catch (error) {
      this.options.timers.clearTimeout(this.timeoutTimer);
      this.missed(`heartbeat could not be sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private missed(why: string): void {
    if (!this.running) return;
    this.inFlight = false;
    this.failures++;
    const error = new ImError(ImErrorName.HEARTBEAT_ERROR, `${why} (${this.failures} in a row)`, { command: 'heartbeat' });
    this.options.onMissed(error);
    if (this.failures > 1) {
      this.stop();
      this.options.onDead(new ImError(ImErrorName.Error_Timeout, `heartbeat failed ${this.failures} times in a row`, { code: 408, command: 'heartbeat', cause: error }));
      return;
    }
    this.beat(); // one more heartbeat (§4)
  }
}
