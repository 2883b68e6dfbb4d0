// Call invitations (issue 12, issue 32 §3 "Calls"): im-core's `signalling` event reduced to what the call
// dialogs need, the invitee's two answers, and the inviter's side: placing a call, withdrawing it, hanging up.
// No media: only the signalling states are shown.
import type { ContactsServicesOptions, ImSignalEvent } from '@merchant/im-core';
import { SIGNAL_CHANNEL_TYPES, validateSignalChannel, validateSignalCreate, validateSignalInvite } from '@merchant/im-core/validation';

export type CallKind = 'audio' | 'video' | 'custom';

/** A call to the merchant; `channelId` + `requestId` name the invitation (§4 Signalling). */
export interface IncomingCall {
  channelId: string;
  requestId: string;
  from: string;
  kind: CallKind;
}

/** A call the merchant placed: the channel it created and joined, and the invitation sent to `to`. */
export interface OutgoingCall {
  channelId: string;
  requestId: string;
  to: string;
  kind: 'audio' | 'video';
}

/** What happened to a call after the invitation, as the dialogs show it. */
export type CallChange =
  | { type: 'invite'; call: IncomingCall }
  /** The caller canceled the invitation, or the channel closed. */
  | { type: 'canceled' | 'closed'; channelId: string }
  /** Answered on another device of the merchant (the invitee's other ports get accept/reject). */
  | { type: 'acceptedElsewhere' | 'rejectedElsewhere'; channelId: string }
  /** The inviter's view: the peer accepted or declined my invitation, or left the channel; `from` is the peer. */
  | { type: 'answered' | 'declined' | 'left'; channelId: string; from: string };

export interface CallsPort {
  /** Accepts: the server joins the merchant to the channel (signalingAccept). */
  accept(call: IncomingCall): Promise<void>;
  reject(call: IncomingCall): Promise<void>;
  /**
   * Calls `to`: creates a channel of the kind, joins it and invites `to` (not kept for an offline peer). A
   * refused invitation (10201 / 11001 peer offline, …) closes the channel and rejects with the refusal.
   */
  place(to: string, kind: 'audio' | 'video'): Promise<OutgoingCall>;
  /** Withdraws the invitation while it rings, and closes the channel. */
  cancel(call: OutgoingCall): Promise<void>;
  /** Ends the call: closes the channel. */
  hangUp(call: OutgoingCall): Promise<void>;
  onChange(listener: (change: CallChange) => void): () => void;
}

/** §5: channel type 1 audio, 2 video, 3 custom. */
export const callKindOf = (type: number): CallKind => (type === 1 ? 'audio' : type === 2 ? 'video' : 'custom');

/** The change a signalling event means for the invitee or the inviter; undefined for what the dialogs do not show. */
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
      // The merchant's own other device answering an invitation to them.
      if (event.from === me) return { type: event.type === 'accept' ? 'acceptedElsewhere' : 'rejectedElsewhere', channelId };
      // The peer answering the merchant's invitation.
      if (event.to === me) return { type: event.type === 'accept' ? 'answered' : 'declined', channelId, from: event.from };
      return undefined;
    case 'leave':
      // Someone else left a channel the merchant is in (the merchant's own leave needs no showing).
      if (event.from === me || !event.from) return undefined;
      return { type: 'left', channelId, from: event.from };
    default:
      return undefined;
  }
}

type Requester = ContactsServicesOptions['request'];

export interface SignalEventSource {
  on(event: 'signalling', listener: (event: ImSignalEvent) => void): () => void;
}

/** A fresh invitation id (ours: the spec only asks that it name the invitation). */
export function newRequestId(): string {
  const cryptoApi = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return cryptoApi?.randomUUID ? cryptoApi.randomUUID().replace(/-/g, '') : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/** Over the client's `signalling` event (forwarded to every tab) and its request path (the leader's socket). */
export class ImCallsPort implements CallsPort {
  constructor(
    private readonly me: string,
    private readonly request: Requester,
    private readonly source: SignalEventSource,
    private readonly requestIdOf: () => string = newRequestId,
  ) {}

  async accept(call: IncomingCall): Promise<void> {
    const input = validateSignalInvite({ channelId: call.channelId, account: call.from, requestId: call.requestId });
    await this.request('signalingAccept', input);
  }

  async reject(call: IncomingCall): Promise<void> {
    const input = validateSignalInvite({ channelId: call.channelId, account: call.from, requestId: call.requestId });
    await this.request('signalingReject', input);
  }

  async place(to: string, kind: 'audio' | 'video'): Promise<OutgoingCall> {
    const requestId = this.requestIdOf();
    // The invitation's own fields first, so a call to nobody creates no channel.
    validateSignalInvite({ channelId: 'pending', account: to, requestId });
    const created = await this.request('signalingCreate', validateSignalCreate({ type: SIGNAL_CHANNEL_TYPES[kind] }));
    const channelId = created.channel?.channelId ?? '';
    try {
      await this.request('signalingJoin', validateSignalChannel({ channelId }));
      // offlineEnabled false: an offline peer is refused at once (10201) instead of ringing at their next login.
      await this.request('signalingInvite', validateSignalInvite({ channelId, account: to, requestId, offlineEnabled: false }));
    } catch (refusal) {
      // The channel is ours and useless now; the refusal is what the dialog shows.
      if (channelId) await this.request('signalingClose', { channelId }).catch(() => undefined);
      throw refusal;
    }
    return { channelId, requestId, to, kind };
  }

  async cancel(call: OutgoingCall): Promise<void> {
    const input = validateSignalInvite({ channelId: call.channelId, account: call.to, requestId: call.requestId });
    let refusal: unknown;
    try {
      await this.request('signalingCancel', input);
    } catch (error) {
      // E.g. the peer answered a moment ago: closing the channel below still ends the call.
      refusal = error;
    }
    try {
      await this.request('signalingClose', validateSignalChannel({ channelId: call.channelId }));
    } catch (error) {
      throw refusal ?? error;
    }
  }

  async hangUp(call: OutgoingCall): Promise<void> {
    await this.request('signalingClose', validateSignalChannel({ channelId: call.channelId }));
  }

  onChange(listener: (change: CallChange) => void): () => void {
    return this.source.on('signalling', (event) => {
      const change = callChangeOf(event, this.me);
      if (change) listener(change);
    });
  }
}
