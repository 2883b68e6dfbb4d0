// A call the merchant places (issue 32 §3 "Calls", signalling only), as a small state machine the outgoing
// call dialog shows: calling (ringing at the peer) → connected, or a terminal state. It lives outside React so
// the invitation is sent once (not per render or effect run) and no signalling event is missed while it is placed.
import { ResponseCode, SignalingCode } from '@merchant/im-core';
import type { CallChange, CallsPort, OutgoingCall } from './calls-port';

/** How long an invitation rings before the frame cancels it and shows "No answer" (ours; the spec sets none). */
export const RING_TIMEOUT_MS = 60_000;

export type OutgoingCallState = 'calling' | 'connected' | 'declined' | 'canceled' | 'noAnswer' | 'offline' | 'ended' | 'failed';

export const isTerminalCallState = (state: OutgoingCallState): boolean => state !== 'calling' && state !== 'connected';

export interface OutgoingCallView {
  state: OutgoingCallState;
  /** Once placed: the channel and the invitation. */
  call?: OutgoingCall;
  /** failed: why. */
  reason?: string;
  /** An action of the merchant's (cancel, hang up) is on its way. */
  busy: boolean;
}

/** The peer is offline: the signalling refusal (10201) or the general one (11001). */
const OFFLINE_CODES: ReadonlySet<number> = new Set([SignalingCode.PEER_OFFLINE, ResponseCode.PEER_OFFLINE]);

const codeOf = (error: unknown): number | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
};
const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export interface OutgoingCallOptions {
  ringTimeoutMs?: number;
}

export class OutgoingCallSession {
  private view: OutgoingCallView = { state: 'calling', busy: false };
  private readonly listeners = new Set<() => void>();
  private started = false;
  private stopListening: (() => void) | undefined;
  private ringTimer: ReturnType<typeof setTimeout> | undefined;
  /** Changes that arrived while the call was being placed (its channel not known yet). */
  private early: CallChange[] = [];
  /** The merchant pressed Cancel before the invitation was out. */
  private cancelWhenPlaced = false;
  /** Cancel, hang up or the ring timeout is ending the call: the signalling echo of it is not shown. */
  private ending = false;
  private readonly ringTimeoutMs: number;

  constructor(
    private readonly calls: CallsPort,
    readonly to: string,
    readonly kind: 'audio' | 'video',
    options: OutgoingCallOptions = {},
  ) {
    this.ringTimeoutMs = options.ringTimeoutMs ?? RING_TIMEOUT_MS;
  }

  readonly snapshot = (): OutgoingCallView => this.view;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Places the call; later calls do nothing. From here until the call is over the session listens to the port
   * and keeps the ring timer, whether or not a dialog shows it (a ringing call still times out).
   */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopListening = this.calls.onChange((change) => this.onChange(change));
    this.calls.place(this.to, this.kind).then(
      (call) => {
        this.set({ call });
        if (this.cancelWhenPlaced) {
          void this.end(() => this.calls.cancel(call), 'canceled');
          return;
        }
        this.ringTimer = setTimeout(() => this.ringedOut(), this.ringTimeoutMs);
        const early = this.early;
        this.early = [];
        early.forEach((change) => this.onChange(change));
      },
      (refusal: unknown) => {
        // place closed the channel it made; a Cancel pressed meanwhile is what the merchant asked for.
        if (this.cancelWhenPlaced) this.finish({ state: 'canceled' });
        else if (OFFLINE_CODES.has(codeOf(refusal) ?? 0)) this.finish({ state: 'offline' });
        else this.finish({ state: 'failed', reason: reasonOf(refusal) });
      },
    );
  }

  /** The merchant withdraws the invitation while it rings. */
  cancel(): void {
    if (this.view.state !== 'calling' || this.ending || this.cancelWhenPlaced) return;
    const { call } = this.view;
    if (!call) {
      this.cancelWhenPlaced = true;
      this.set({ busy: true });
      return;
    }
    void this.end(() => this.calls.cancel(call), 'canceled');
  }

  /** The merchant ends the connected call. */
  hangUp(): void {
    const { call } = this.view;
    if (this.view.state !== 'connected' || this.ending || !call) return;
    void this.end(() => this.calls.hangUp(call), 'ended');
  }

  /** Stops listening and the ring timer: the call is over. */
  private stop(): void {
    this.clearRing();
    this.stopListening?.();
    this.stopListening = undefined;
  }

  private ringedOut(): void {
    this.ringTimer = undefined;
    const { call } = this.view;
    if (this.view.state !== 'calling' || this.ending || !call) return;
    void this.end(() => this.calls.cancel(call), 'noAnswer');
  }

  private onChange(change: CallChange): void {
    if (isTerminalCallState(this.view.state) || this.ending) return;
    if (change.type === 'invite') return;
    const { call } = this.view;
    if (!call) {
      this.early.push(change);
      return;
    }
    if (change.channelId !== call.channelId) return;
    switch (change.type) {
      case 'answered':
        if (this.view.state === 'calling') {
          this.clearRing();
          this.set({ state: 'connected' });
        }
        return;
      case 'declined':
        if (this.view.state !== 'calling') return;
        this.finish({ state: 'declined' });
        // The channel is of no use now: closed without a word (a refusal changes nothing the merchant sees).
        this.calls.hangUp(call).catch(() => undefined);
        return;
      case 'left':
        // The peer left: the call is over for both; close the channel.
        this.finish({ state: 'ended' });
        this.calls.hangUp(call).catch(() => undefined);
        return;
      case 'closed':
        this.finish({ state: 'ended' });
        return;
      case 'canceled':
        // Withdrawn on another device of the merchant's.
        if (this.view.state === 'calling') this.finish({ state: 'canceled' });
        return;
      default:
        return;
    }
  }

  private async end(action: () => Promise<void>, done: OutgoingCallState): Promise<void> {
    this.ending = true;
    this.clearRing();
    this.set({ busy: true });
    try {
      await action();
      this.finish({ state: done });
    } catch (refusal) {
      this.finish({ state: 'failed', reason: reasonOf(refusal) });
    }
  }

  private finish(next: Pick<OutgoingCallView, 'state' | 'reason'>): void {
    this.stop();
    this.set({ ...next, busy: false });
  }

  private clearRing(): void {
    if (this.ringTimer !== undefined) clearTimeout(this.ringTimer);
    this.ringTimer = undefined;
  }

  private set(change: Partial<OutgoingCallView>): void {
    this.view = { ...this.view, ...change };
    this.listeners.forEach((listener) => listener());
  }
}
