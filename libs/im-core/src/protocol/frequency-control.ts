import { ImError } from '../errors/im-error';
import { ImErrorName, ResponseCode } from '../errors/codes';

/**
 * Frequency control (im-client-spec §8, code 416): after the server answers 416 for a command,
 * the client rejects further calls of that command locally for the seconds the server gave.
 */
export class FrequencyControl {
  private readonly blockedUntil = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  block(command: string, seconds: number): void {
    const until = this.now() + Math.max(0, seconds) * 1000;
    this.blockedUntil.set(command, Math.max(until, this.blockedUntil.get(command) ?? 0));
  }

  /** Epoch ms until which the command is blocked, or undefined when it may be called. */
  blockedUntilFor(command: string): number | undefined {
    const until = this.blockedUntil.get(command);
    if (until === undefined) return undefined;
    if (this.now() >= until) {
      this.blockedUntil.delete(command);
      return undefined;
    }
    return until;
  }

  /** Throws ImError(Frequency_Control, 416) when the command is blocked. */
  assertAllowed(command: string): void {
    const until = this.blockedUntilFor(command);
    if (until !== undefined) {
      throw new ImError(ImErrorName.Frequency_Control, `${command} is rate limited by the server for ${Math.ceil((until - this.now()) / 1000)} s more`, {
        code: ResponseCode.FREQUENCY_CONTROL,
        command,
        retryAt: until,
      });
    }
  }

  clear(): void {
    this.blockedUntil.clear();
  }
}
