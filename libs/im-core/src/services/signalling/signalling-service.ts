import { ImError, SignalingCode } from '../../errors';
import type { ResponseBodyOf } from '../../protocol/command-definition';
import type { CommandTable } from '../../protocol/commands';
import {
  SignalEventType,
  validateSignalChannel,
  validateSignalChannelName,
  validateSignalCreate,
  validateSignalInvite,
  validateSignalMarkRead,
  type SignalEventName,
} from '../../validation/signalling-rules';
import type { ServiceContext } from '../service-context';

type ChannelRecord = NonNullable<ResponseBodyOf<CommandTable['signalingCreate']>['channel']>;

/** A signalling channel member (§3: uid; join time as createTime, the channel's expiry as expireTime). */
export interface ImSignalMember {
  account: string;
  uid: number;
  createTime: number;
  expireTime: number;
}

/** §3 Signalling channel. */
export interface ImSignalChannel {
  type: number;
  channelName: string;
  channelId: string;
  channelCreateTime: number;
  channelExpireTime: number;
  creator: string;
  ext: string;
  members: ImSignalMember[];
}

/** Something another party did in a channel (signalingNotify), or an invitation that waited while offline. */
export interface ImSignalEvent {
  type: SignalEventName;
  channel: ImSignalChannel;
  from: string;
  to?: string;
  requestId?: string;
  attach?: string;
  uid?: number;
  needPush?: boolean;
  needBadge?: boolean;
  /** Pass to markRead so an invitation is not delivered again at the next login. */
  msgid?: string;
}

export interface SignallingEvents {
  signalling: ImSignalEvent;
}

export interface SignalCreateInput { type: number; channelName?: string; ext?: string }
export interface SignalJoinInput { channelId: string; uid?: number; offlineEnabled?: boolean; attach?: string }
export interface SignalChannelInput { channelId: string; offlineEnabled?: boolean; attach?: string }
export interface SignalInviteInput {
  channelId: string;
  /** The invitee (invite, cancel) or the inviter (accept, reject). */
  account: string;
  requestId: string;
  offlineEnabled?: boolean;
  attach?: string;
  needPush?: boolean;
  needBadge?: boolean;
  pushContent?: string;
  /** accept only: the uid to join with. */
  uid?: number;
}
export interface SignalControlInput { channelId: string; account?: string; attach?: string }

const EVENT_NAMES = new Map<number, SignalEventName>(Object.entries(SignalEventType).map(([name, code]) => [code, name as SignalEventName]));

export function fromWireSignalChannel(record: ChannelRecord | undefined): ImSignalChannel {
  const r = record ?? {};
  return {
    type: r.type ?? 0,
    channelName: r.channelName ?? '',
    channelId: r.channelId ?? '',
    channelCreateTime: r.channelCreateTime ?? 0,
    channelExpireTime: r.channelExpireTime ?? 0,
    creator: r.creator ?? '',
    ext: r.ext ?? '',
    members: (r.members ?? []).map((m) => ({ account: m.account ?? '', uid: m.uid ?? 0, createTime: m.createTime ?? 0, expireTime: m.expireTime ?? 0 })),
  };
}

/**
 * Call signalling without media (im-client-spec §4/§5 "Signalling"; docs/im-signalling.md). Every
 * call is checked by the §5 rules before it is sent; the server's refusals (§8 call signalling codes)
 * reject with ImError carrying the code. Incoming signalingNotify pushes become `signalling` events.
 */
export class SignallingService {
  constructor(
    private readonly context: ServiceContext,
    private readonly emit: <E extends keyof SignallingEvents>(event: E, payload: SignallingEvents[E]) => void,
  ) {}

  async create(input: SignalCreateInput): Promise<ImSignalChannel> {
    validateSignalCreate(input);
    return fromWireSignalChannel((await this.context.connection.request('signalingCreate', input)).channel);
  }

  /**
   * Create the channel and join it. §4: creating an existing channel (10405) falls back to fetching
   * its info and joining it, so two parties calling this with one name end up in the same channel.
   */
  async createAndJoin(input: SignalCreateInput & { uid?: number; attach?: string; offlineEnabled?: boolean }): Promise<ImSignalChannel> {
    validateSignalCreate(input);
    let channel: ImSignalChannel;
    try {
      channel = await this.create({ type: input.type, channelName: input.channelName, ext: input.ext });
    } catch (error) {
      if (!(error instanceof ImError && error.code === SignalingCode.ROOM_EXISTS && input.channelName)) throw error;
      channel = await this.getChannelInfo(input.channelName);
    }
    return this.join({ channelId: channel.channelId, uid: input.uid, attach: input.attach, offlineEnabled: input.offlineEnabled });
  }

  async getChannelInfo(channelName: string): Promise<ImSignalChannel> {
    validateSignalChannelName(channelName);
    return fromWireSignalChannel((await this.context.connection.request('signalingGetChannelInfo', { channelName })).channel);
  }

  async delay(channelId: string): Promise<ImSignalChannel> {
    validateSignalChannel({ channelId });
    return fromWireSignalChannel((await this.context.connection.request('signalingDelay', { channelId })).channel);
  }

  async join(input: SignalJoinInput): Promise<ImSignalChannel> {
    validateSignalChannel(input);
    return fromWireSignalChannel((await this.context.connection.request('signalingJoin', input)).channel);
  }

  async leave(input: SignalChannelInput): Promise<void> {
    validateSignalChannel(input);
    await this.context.connection.request('signalingLeave', input);
  }

  async close(input: SignalChannelInput): Promise<void> {
    validateSignalChannel(input);
    await this.context.connection.request('signalingClose', input);
  }

  async invite(input: SignalInviteInput): Promise<void> {
    validateSignalInvite(input);
    const { uid: _uid, ...body } = input;
    await this.context.connection.request('signalingInvite', body);
  }

  async cancel(input: SignalInviteInput): Promise<void> {
    validateSignalInvite(input);
    await this.context.connection.request('signalingCancel', { channelId: input.channelId, account: input.account, requestId: input.requestId, offlineEnabled: input.offlineEnabled, attach: input.attach });
  }

  async reject(input: SignalInviteInput): Promise<void> {
    validateSignalInvite(input);
    await this.context.connection.request('signalingReject', { channelId: input.channelId, account: input.account, requestId: input.requestId, offlineEnabled: input.offlineEnabled, attach: input.attach });
  }

  /** Accept `account`'s invitation: the caller joins the channel, which is returned. */
  async accept(input: SignalInviteInput): Promise<ImSignalChannel> {
    validateSignalInvite(input);
    const answer = await this.context.connection.request('signalingAccept', {
      channelId: input.channelId, account: input.account, requestId: input.requestId, offlineEnabled: input.offlineEnabled, attach: input.attach, uid: input.uid,
    });
    return fromWireSignalChannel(answer.channel);
  }

  async control(input: SignalControlInput): Promise<void> {
    validateSignalChannel(input);
    await this.context.connection.request('signalingControl', input);
  }

  /** Acknowledge invitations (their msgid) so they are not delivered again at the next login. */
  async markRead(msgid: string | string[]): Promise<void> {
    await this.context.connection.request('signalingMarkRead', { msgid: validateSignalMarkRead(msgid) });
  }

  /** signalingNotify push → `signalling` event. */
  receive(body: { channel?: ChannelRecord }): void {
    const record = body.channel;
    const type = record?.eventType !== undefined ? EVENT_NAMES.get(record.eventType) : undefined;
    if (!record || !type) return;
    const event: ImSignalEvent = { type, channel: fromWireSignalChannel(record), from: record.from ?? '' };
    if (record.to !== undefined) event.to = record.to;
    if (record.requestId !== undefined) event.requestId = record.requestId;
    if (record.attach !== undefined) event.attach = record.attach;
    if (record.uid !== undefined) event.uid = record.uid;
    if (record.needPush !== undefined) event.needPush = record.needPush;
    if (record.needBadge !== undefined) event.needBadge = record.needBadge;
    if (record.msgid !== undefined) event.msgid = record.msgid;
    this.emit('signalling', event);
  }
}
