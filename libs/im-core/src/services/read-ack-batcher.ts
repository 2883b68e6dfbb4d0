import type { CommandRequester } from './service-context';

/** im-client-spec §7 "Read-ack pairs (service/command)": the push a read ack refers to. */
export interface ReadAckPair {
  readonly serviceId: number;
  readonly commandId: number;
}

export const READ_ACK_PAIRS = {
  p2pMsg: { serviceId: 7, commandId: 2 },
  p2pSysMsg: { serviceId: 7, commandId: 3 },
  teamMsg: { serviceId: 8, commandId: 3 },
  superTeamSysMsg: { serviceId: 21, commandId: 19 },
  filterMsg: { serviceId: 101, commandId: 2 },
  filterSysMsg: { serviceId: 101, commandId: 3 },
  callMsg: { serviceId: 9, commandId: 11 },
  broadcastMsg: { serviceId: 7, commandId: 17 },
} as const satisfies Record<string, ReadAckPair>;

/** im-client-spec §8: "Message acknowledgements batched with a 500 ms throttle". */
export const READ_ACK_THROTTLE_MS = 500;
/** The server takes at most 100 idServers per batchMarkRead. */
export const READ_ACK_BATCH_MAX = 100;

/** The timer half the batcher needs (structurally the transport's Timers; services may not import transport). */
export interface AckTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: AckTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Collects read acks and sends them at most once per 500 ms window: the first ack opens the window,
 * every ack within it joins, and at its end each pair goes out as one markRead (one id) or
 * batchMarkRead (several, in chunks of 100). Acks are best effort: a failed send is reported to
 * onError and not retried, since the next sync carries the read position anyway.
 */
export class ReadAckBatcher {
  private readonly pending = new Map<string, { pair: ReadAckPair; idServers: Set<string> }>();
  private timer: unknown;

  constructor(
    private readonly connection: CommandRequester,
    private readonly timers: AckTimers = globalTimers,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  queue(pair: ReadAckPair, idServers: readonly string[]): void {
    const ids = idServers.filter((id) => typeof id === 'string' && id !== '');
    if (ids.length === 0) return;
    const key = `${pair.serviceId}/${pair.commandId}`;
    const entry = this.pending.get(key) ?? { pair, idServers: new Set<string>() };
    for (const id of ids) entry.idServers.add(id);
    this.pending.set(key, entry);
    if (this.timer === undefined) {
      this.timer = this.timers.setTimeout(() => {
        this.timer = undefined;
        this.flush().catch(this.onError);
      }, READ_ACK_THROTTLE_MS);
    }
  }

  /** Sends everything queued now (also used on logout so no ack is lost). */
  async flush(): Promise<void> {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    const batches = [...this.pending.values()];
    this.pending.clear();
    for (const { pair, idServers } of batches) {
      const ids = [...idServers];
      for (let start = 0; start < ids.length; start += READ_ACK_BATCH_MAX) {
        const chunk = ids.slice(start, start + READ_ACK_BATCH_MAX);
        try {
          if (chunk.length === 1) await this.connection.request('markRead', { ...pair, idServer: chunk[0] });
          else await this.connection.request('batchMarkRead', { ...pair, idServers: chunk });
        } catch (error) {
          this.onError(error);
        }
      }
    }
  }

  /** Drops the window without sending (the client is destroyed). */
  dispose(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }
}
