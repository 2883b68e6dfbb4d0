import { ImError } from '../errors/im-error';
import { ImErrorName } from '../errors/codes';
import { MAX_SERIAL_ID } from './constants';

/**
 * Hands out request sequence numbers 1..32767 cyclically (im-client-spec §7), skipping any still
 * in flight so a late response can never be matched to the wrong request. 0 is the heartbeat's.
 */
export class SerialIdAllocator {
  private last = 0;
  private readonly inFlight = new Set<number>();

  /** Reserves the next free id; throws when all 32767 are in flight. */
  next(): number {
    if (this.inFlight.size >= MAX_SERIAL_ID) {
      throw new ImError(ImErrorName.Error_Connection_Socket_State_not_Match, `all ${MAX_SERIAL_ID} sequence numbers are in flight`);
    }
    let candidate = this.last;
    do {
      candidate = candidate >= MAX_SERIAL_ID ? 1 : candidate + 1;
    } while (this.inFlight.has(candidate));
    this.last = candidate;
    this.inFlight.add(candidate);
    return candidate;
  }

  release(serialId: number): void {
    this.inFlight.delete(serialId);
  }

  isInFlight(serialId: number): boolean {
    return this.inFlight.has(serialId);
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /** Forgets every reservation (the socket they belonged to is gone). */
  reset(): void {
    this.inFlight.clear();
  }
}
