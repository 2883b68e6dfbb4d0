import { ImError, errorFromResponseCode } from '../errors/im-error';
import { ImErrorName, ResponseCode } from '../errors/codes';
import { DecodedFrame } from '../protocol/frame';
import { FrequencyControl } from '../protocol/frequency-control';
import { SerialIdAllocator } from '../protocol/serial-ids';
import { ProtocolRecord } from '../protocol/schema';
import { Timers } from '../transport/transport';

interface PendingRequest {
  name: string;
  serviceId: number;
  commandId: number;
  resolve(body: ProtocolRecord): void;
  reject(error: ImError): void;
  timer: unknown;
}

/**
 * Requests waiting for their response, keyed by sequence number. Owns the sequence allocator and
 * frequency control, so a number is released exactly when its request settles.
 */
export class PendingRequests {
  private readonly pending = new Map<number, PendingRequest>();
  readonly serialIds = new SerialIdAllocator();

  constructor(
    private readonly timers: Timers,
    readonly frequencyControl: FrequencyControl,
    /** Called when a request times out (the connection then forces a disconnect, §4). */
    private readonly onTimeout: (error: ImError) => void,
  ) {}

  get size(): number {
    return this.pending.size;
  }

  /** Reserves a sequence number and starts the timeout; `send` gets the number. */
  start(name: string, serviceId: number, commandId: number, timeoutMs: number, send: (serialId: number) => void): Promise<ProtocolRecord> {
    let serialId: number;
    try {
      this.frequencyControl.assertAllowed(name);
      serialId = this.serialIds.next();
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<ProtocolRecord>((resolve, reject) => {
      const timer = this.timers.setTimeout(() => {
        if (!this.take(serialId)) return;
        const error = new ImError(ImErrorName.Error_Timeout, `${name} got no response within ${timeoutMs} ms`, { code: ResponseCode.REQUEST_TIMEOUT, command: name });
        reject(error);
        this.onTimeout(error);
      }, timeoutMs);
      this.pending.set(serialId, { name, serviceId, commandId, resolve, reject, timer });
      try {
        send(serialId);
      } catch (error) {
        this.take(serialId);
        reject(error instanceof ImError ? error : new ImError(ImErrorName.Error_Connection_Socket_State_not_Match, `${name}: ${String(error)}`, { cause: error }));
      }
    });
  }

  /** Settles the request a response frame answers; returns false for an unmatched (stale) response. */
  settle(frame: DecodedFrame): boolean {
    const request = this.pending.get(frame.serialId);
    if (!request || request.serviceId !== frame.serviceId || request.commandId !== frame.commandId) return false;
    this.take(frame.serialId);
    if (frame.code === ResponseCode.FREQUENCY_CONTROL) {
      const seconds = typeof frame.body.retryAfterSeconds === 'number' ? frame.body.retryAfterSeconds : 0;
      this.frequencyControl.block(request.name, seconds);
      request.reject(
        new ImError(ImErrorName.Frequency_Control, `${request.name} is rate limited by the server for ${seconds} s`, {
          code: ResponseCode.FREQUENCY_CONTROL,
          command: request.name,
          retryAt: this.frequencyControl.blockedUntilFor(request.name),
        }),
      );
      return true;
    }
    const message = typeof frame.body.errMsg === 'string' ? frame.body.errMsg : undefined;
    // The body rides on the error: some error answers carry data (813's abortedAccidList).
    const details = Object.entries(frame.body).filter(([field]) => field !== 'errMsg');
    const error = errorFromResponseCode(frame.code, request.name, message, details.length > 0 ? Object.fromEntries(details) : undefined);
    if (error) request.reject(error);
    else request.resolve(frame.body);
    return true;
  }

  /** Rejects every pending request (the socket they were sent on is gone). */
  rejectAll(error: ImError): void {
    for (const serialId of [...this.pending.keys()]) this.take(serialId)?.reject(error);
    this.serialIds.reset();
  }

  private take(serialId: number): PendingRequest | undefined {
    const request = this.pending.get(serialId);
    if (!request) return undefined;
    this.pending.delete(serialId);
    this.timers.clearTimeout(request.timer);
    this.serialIds.release(serialId);
    return request;
  }
}
