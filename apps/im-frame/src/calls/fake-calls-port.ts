// A CallsPort in memory for the frame's component tests: every call is recorded; `refuse` makes answers fail,
// `refusePlace` makes placing fail (e.g. ImError with code 10201), `holdPlace` keeps a call being placed until
// released; `fire` plays a signalling change as im-core's `signalling` event would bring it.
import { act } from '@testing-library/react';
import type { CallChange, CallsPort, IncomingCall, OutgoingCall } from './calls-port';

export class FakeCallsPort implements CallsPort {
  /** Every call, e.g. 'accept ch1 r1', 'place c_demo1 audio', 'cancel ch-1 req-1', 'hangUp ch-1'. */
  readonly answers: string[] = [];
  refuse: Error | undefined;
  refusePlace: Error | undefined;
  /** While set, place() waits for it. */
  holdPlace: Promise<void> | undefined;
  /** The calls placed, in order. */
  readonly placed: OutgoingCall[] = [];
  private readonly listeners = new Set<(change: CallChange) => void>();
  private nextChannel = 1;

  async accept(call: IncomingCall) {
    this.answers.push(`accept ${call.channelId} ${call.requestId}`);
    if (this.refuse) throw this.refuse;
  }

  async reject(call: IncomingCall) {
    this.answers.push(`reject ${call.channelId} ${call.requestId}`);
    if (this.refuse) throw this.refuse;
  }

  async place(to: string, kind: 'audio' | 'video'): Promise<OutgoingCall> {
    this.answers.push(`place ${to} ${kind}`);
    if (this.holdPlace) await this.holdPlace;
    if (this.refusePlace) throw this.refusePlace;
    const n = this.nextChannel++;
    const call: OutgoingCall = { channelId: `ch-${n}`, requestId: `req-${n}`, to, kind };
    this.placed.push(call);
    return call;
  }

  async cancel(call: OutgoingCall) {
    this.answers.push(`cancel ${call.channelId} ${call.requestId}`);
    if (this.refuse) throw this.refuse;
  }

  async hangUp(call: OutgoingCall) {
    this.answers.push(`hangUp ${call.channelId}`);
    if (this.refuse) throw this.refuse;
  }

  onChange(listener: (change: CallChange) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  listenerCount(): number {
    return this.listeners.size;
  }

  fire(change: CallChange) {
    act(() => this.listeners.forEach((listener) => listener(change)));
  }
}
