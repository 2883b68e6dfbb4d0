// Incoming call invitations (issue 12): im-core's `signalling` event reduced to what the call
// dialog needs, and the invitee's two answers. No media: only the signalling states are shown.
import type { ContactsServicesOptions, ImSignalEvent } from '@merchant/im-core';
import { validateSignalInvite } from '@merchant/im-core/validation';

export type CallKind = 'audio' | 'video' | 'custom';

/** A call to the merchant; `channelId` + `requestId` name the invitation (§4 Signalling). */
export interface IncomingCall {
  channelId: string;
  requestId: string;
  from: string;
  kind: CallKind;
}

/** What happened to a call after the invitation, as the dialog shows it. */
export type CallChange =
  | { type: 'invite'; call: IncomingCall }
  /** The caller canceled the invitation, or the channel closed. */
  | { type: 'canceled' | 'closed'; channelId: string }
  /** Answered on another device of the merchant (the invitee's other ports get accept/reject). */
  | { type: 'acceptedElsewhere' | 'rejectedElsewhere'; channelId: string };

export interface CallsPort {
  /** Accepts: the server joins the merchant to the channel (signalingAccept). */
  accept(call: IncomingCall): Promise<void>;
  reject(call: IncomingCall): Promise<void>;
  onChange(listener: (change: CallChange) => void): () => void;
}

/** §5: channel type 1 audio, 2 video, 3 custom. */
export const callKindOf = (type: number): CallKind => (type === 1 ? 'audio' : type === 2 ? 'video' : 'custom');

/** The change a signalling event means for the invitee; undefined for what the dialog does not show. */
export function callChangeOf(event: ImSignalEvent, me: string): CallChange | undefined {
  const channelId = event.channel.channelId;
  switch (event.type) {
    case 'invite':
      if (event.to !== undefined && event.to !== me) return undefined;
      if (!event.requestId) return undefined;
      return { type: 'invite', call: { channelId, requestId: event.requestId, from: event.from, kind: callKindOf(event.channel.type) } };
    case 'cancel':
      return { type: 'canceled', channelId };
    case 'close':
      return { type: 'closed', channelId };
    case 'accept':
    case 'reject':
      // Only the merchant's own other device answering concerns this dialog.
      if (event.from !== me) return undefined;
      return { type: event.type === 'accept' ? 'acceptedElsewhere' : 'rejectedElsewhere', channelId };
    default:
      return undefined;
  }
}

type Requester = ContactsServicesOptions['request'];

export interface SignalEventSource {
  on(event: 'signalling', listener: (event: ImSignalEvent) => void): () => void;
}

/** Over the client's `signalling` event (forwarded to every tab) and its request path (the leader's socket). */
export class ImCallsPort implements CallsPort {
  constructor(
    private readonly me: string,
    private readonly request: Requester,
    private readonly source: SignalEventSource,
  ) {}

  async accept(call: IncomingCall): Promise<void> {
    const input = validateSignalInvite({ channelId: call.channelId, account: call.from, requestId: call.requestId });
    await this.request('signalingAccept', input);
  }

  async reject(call: IncomingCall): Promise<void> {
    const input = validateSignalInvite({ channelId: call.channelId, account: call.from, requestId: call.requestId });
    await this.request('signalingReject', input);
  }

  onChange(listener: (change: CallChange) => void): () => void {
    return this.source.on('signalling', (event) => {
      const change = callChangeOf(event, this.me);
      if (change) listener(change);
    });
  }
}
