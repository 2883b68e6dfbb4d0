import { ImError } from '../errors/im-error';
import { ImErrorName } from '../errors/codes';
import { decodeFrameBatch, encodeFrameBatch } from '../protocol/frame-batch';
import { FetchLike, ImTransport, realTimers, Timers, TransportHandlers } from './transport';

/** Long-poll retry at most 3 (im-client-spec §9). */
export const LONG_POLL_MAX_RETRIES = 3;

export interface LongPollTransportOptions {
  /** Base URL, e.g. http://127.0.0.1:3200/lp (see longPollUrlFor). */
  url: string;
  fetch: FetchLike;
  connectTimeoutMs: number;
  /** Pause before retrying a failed poll or send. */
  retryDelayMs?: number;
  timers?: Timers;
}

/** Frames over HTTP long-polling (docs/protocol.md, "HTTP long-polling"). */
export class LongPollTransport implements ImTransport {
  readonly kind = 'long-polling' as const;
  private sid: string | undefined;
  private closed = false;
  private readonly outbox: Uint8Array[] = [];
  private sending = false;
  private readonly abort = new AbortController();
  private readonly timers: Timers;

  constructor(
    private readonly options: LongPollTransportOptions,
    private readonly handlers: TransportHandlers,
  ) {
    this.timers = options.timers ?? realTimers;
  }

  async open(): Promise<void> {
    let timer: unknown;
    const timeout = new Promise<never>((_, reject) => {
      timer = this.timers.setTimeout(() => reject(new Error('connect timeout')), this.options.connectTimeoutMs);
    });
    try {
      const response = await Promise.race([this.options.fetch(`${this.options.url}/open`, { method: 'POST', signal: this.abort.signal }), timeout]);
      if (!response.ok) throw new Error(`open answered HTTP ${response.status}`);
      const body = (await Promise.race([response.json(), timeout])) as { sid?: unknown };
      if (typeof body?.sid !== 'string' || !body.sid) throw new Error('open answered without a session id');
      if (this.closed) throw new Error('closed while opening');
      this.sid = body.sid;
    } catch (error) {
      this.closed = true;
      this.abort.abort();
      throw new ImError(ImErrorName.Connect_Failed, `long-polling ${this.options.url}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    } finally {
      this.timers.clearTimeout(timer);
    }
    void this.pollLoop();
  }

  send(frame: Uint8Array): void {
    if (this.closed || !this.sid) throw new ImError(ImErrorName.Error_Connection_Socket_State_not_Match, 'long-polling session is not open');
    this.outbox.push(frame);
    if (!this.sending) void this.flush();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.abort.abort();
    if (this.sid) {
      // Best effort: the server also expires idle sessions.
      this.options.fetch(`${this.options.url}/close?sid=${encodeURIComponent(this.sid)}`, { method: 'POST' }).catch(() => undefined);
    }
  }

  /** Sends queued frames in batches, one request at a time, preserving order. */
  private async flush(): Promise<void> {
    this.sending = true;
    try {
      while (this.outbox.length > 0 && !this.closed) {
        const batch = encodeFrameBatch(this.outbox.splice(0, this.outbox.length));
        await this.withRetries('send', async () => {
          const response = await this.options.fetch(`${this.options.url}/send?sid=${encodeURIComponent(this.sid as string)}`, {
            method: 'POST',
            body: batch,
            headers: { 'content-type': 'application/octet-stream' },
            signal: this.abort.signal,
          });
          if (response.status === 404) throw new SessionGone();
          if (!response.ok) throw new Error(`send answered HTTP ${response.status}`);
        });
      }
    } catch (error) {
      this.fail(`send failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.sending = false;
    }
  }

  private async pollLoop(): Promise<void> {
    try {
      while (!this.closed) {
        const frames = await this.withRetries('poll', async () => {
          const response = await this.options.fetch(`${this.options.url}/poll?sid=${encodeURIComponent(this.sid as string)}`, { signal: this.abort.signal });
          if (response.status === 404) throw new SessionGone();
          if (!response.ok) throw new Error(`poll answered HTTP ${response.status}`);
          return decodeFrameBatch(new Uint8Array(await response.arrayBuffer()));
        });
        for (const frame of frames) {
          if (this.closed) return;
          this.handlers.onFrame(frame);
        }
      }
    } catch (error) {
      this.fail(`poll failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Runs `call`, retrying up to LONG_POLL_MAX_RETRIES times unless the session is gone. */
  private async withRetries<T>(what: string, call: () => Promise<T>): Promise<T> {
    for (let retry = 0; ; retry++) {
      try {
        return await call();
      } catch (error) {
        if (this.closed || error instanceof SessionGone || retry >= LONG_POLL_MAX_RETRIES) throw error;
        await new Promise<void>((resolve) => this.timers.setTimeout(resolve, this.options.retryDelayMs ?? 500));
        if (this.closed) throw new Error(`${what} abandoned: transport closed`);
      }
    }
  }

  private fail(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.abort.abort();
    this.handlers.onClose(reason);
  }
}

class SessionGone extends Error {
  constructor() {
    super('long-polling session is gone');
  }
}
