import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import {
  ResponseCode,
  SignalingCode,
  SignalEventType,
  signalChannelNameProblem,
  signalChannelProblem,
  signalCreateProblem,
  signalInviteProblem,
  signalMarkReadProblem,
  callRecordAttach,
  CALL_RECORD_TYPE_CODE,
  type CallRecordStatus,
} from '../../protocol';
import { ImServerError, parameterError } from '../errors';
import { storeP2pMessage } from '../msg/message-service';
import { Scene, type StoredMessage } from '../msg/message';

/** Tables of migration 013 (kept here, beside their only user; docs/im-signalling.md). */
export type SignalTables = {
  im_signal_channel: { channel_id: string; type: number; name: string; ext: string; creator: string; create_time: number; expire_time: number; closed: boolean };
  im_signal_member: { channel_id: string; account: string; uid: number; connection_id: string; join_time: number };
  im_signal_invite: {
    msgid: string; channel_id: string; request_id: string; from_account: string; to_account: string; state: InviteState;
    answered_by: string; need_push: boolean; need_badge: boolean; push_content: string; attach: string; offline: boolean;
    acked: boolean; create_time: number; answer_time: number;
  };
};
type Db = Kysely<ImDatabase & SignalTables>;
type ChannelRow = Selectable<SignalTables['im_signal_channel']>;
type InviteRow = Selectable<SignalTables['im_signal_invite']>;
export type InviteState = 'pending' | 'accepted' | 'rejected' | 'cancelled';

/** A channel lives this long after create or its latest delay (ours; the spec names channelExpireTime only). */
export const SIGNAL_CHANNEL_TTL_MS = 2 * 60 * 60 * 1000;
/** Members per channel (ours); one more is 10419. */
export const SIGNAL_MAX_MEMBERS = 16;

export interface SignalMember { account: string; uid: number; joinTime: number }
export interface SignalChannel {
  channelId: string; type: number; name: string; ext: string; creator: string; createTime: number; expireTime: number; members: SignalMember[];
}
/** What one signalingNotify carries beside the channel. */
export interface SignalEvent {
  eventType: number; from: string; to?: string; requestId?: string; attach?: string; uid?: number;
  needPush?: boolean; needBadge?: boolean; pushContent?: string; msgid?: string;
}
/** A push for `account`; `exceptConnectionId` skips the port that caused it. */
export interface SignalDelivery { account: string; channel: SignalChannel; event: SignalEvent; exceptConnectionId?: string }
export interface SignalActor { account: string; connectionId: string }
export interface SignalResult {
  channel: SignalChannel;
  deliveries: SignalDelivery[];
  /** Call records written by this change (an invitation that ended), each for both parties' ports: netcallMsg. */
  records?: StoredMessage[];
}

const fail = (code: number, message: string) => new ImServerError(code, message);
function check(problem: string | undefined): void {
  if (problem) throw parameterError(problem);
}

/**
 * Call signalling without media (issue 12; im-client-spec §3 "Signalling channel", §4, §5, §8 "Call
 * signalling codes"). Channels, members and invitations are rows, so every node sees the same state;
 * the gateway turns each result's deliveries into signalingNotify pushes through the router.
 * Refusals: 10404 no such channel, 9102 closed or expired, 10405 name taken, 10406 not a member,
 * 10407 already a member (same connection), 10420 already a member from another connection, 10417 uid
 * taken, 10419 full, 10408 no such pending invitation, 10409 rejected, 10410 accepted, 9103 accepted
 * on another device of the same account, 10201 invitee offline without offlineEnabled, 11001 control
 * target offline.
 */
export class SignalService {
  private readonly db: Db;

  constructor(db: Kysely<ImDatabase>, private readonly now: () => number = Date.now) {
    this.db = db.withTables<SignalTables>();
  }

  async create(actor: SignalActor, input: { type?: number; channelName?: string; ext?: string }): Promise<SignalChannel> {
    check(signalCreateProblem(input));
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const name = input.channelName ?? '';
      // Two creates of one name at once: the second waits here and then sees the first (10405).
      if (name) await sql`select pg_advisory_xact_lock(hashtext(${'signal:' + name}))`.execute(trx);
      if (name && (await liveByName(trx, name, now))) throw fail(SignalingCode.ROOM_EXISTS, `channel ${name} exists`);
      const row: ChannelRow = {
        channel_id: randomUUID().replace(/-/g, ''), type: input.type as number, name, ext: input.ext ?? '', creator: actor.account,
        create_time: now, expire_time: now + SIGNAL_CHANNEL_TTL_MS, closed: false,
      };
      await trx.insertInto('im_signal_channel').values(row).execute();
      return view(row, []);
    });
  }

  /** getChannelInfo: the open channel with this name (10404 when there is none). */
  async infoByName(input: string | undefined): Promise<SignalChannel> {
    check(signalChannelNameProblem(input));
    const channelName = input as string;
    const row = await liveByName(this.db, channelName, this.now());
    if (!row) throw fail(SignalingCode.ROOM_NOT_EXIST, `no channel named ${channelName}`);
    return view(row, await members(this.db, row.channel_id));
  }

  /** delay: a member or the creator moves the expiry to now + TTL. */
  async delay(actor: SignalActor, input: { channelId?: string }): Promise<SignalChannel> {
    check(signalChannelProblem(input));
    return this.db.transaction().execute(async (trx) => {
      const { row, list } = await this.open(trx, input.channelId as string);
      if (row.creator !== actor.account && !list.some((m) => m.account === actor.account)) throw fail(SignalingCode.MEMBER_NOT_EXIST, 'not a member of this channel');
      const expire = this.now() + SIGNAL_CHANNEL_TTL_MS;
      await trx.updateTable('im_signal_channel').set({ expire_time: expire }).where('channel_id', '=', row.channel_id).execute();
      return view({ ...row, expire_time: expire }, list);
    });
  }

  async join(actor: SignalActor, input: { channelId?: string; uid?: number; attach?: string }): Promise<SignalResult> {
    check(signalChannelProblem(input));
    return this.db.transaction().execute(async (trx) => this.joinIn(trx, actor, input.channelId as string, input.uid, input.attach));
  }

  async leave(actor: SignalActor, input: { channelId?: string; attach?: string }): Promise<SignalResult> {
    check(signalChannelProblem(input));
    return this.db.transaction().execute(async (trx) => {
      const { row, list } = await this.open(trx, input.channelId as string);
      if (!list.some((m) => m.account === actor.account)) throw fail(SignalingCode.MEMBER_NOT_EXIST, 'not a member of this channel');
      await trx.deleteFrom('im_signal_member').where('channel_id', '=', row.channel_id).where('account', '=', actor.account).execute();
      const rest = list.filter((m) => m.account !== actor.account);
      const channel = view(row, rest);
      const event = { eventType: SignalEventType.leave, from: actor.account, attach: input.attach };
      return { channel, deliveries: toAll(rest.map((m) => m.account), channel, event, actor) };
    });
  }

  /** close: a member or the creator ends the channel; members are told, pending invitations end. */
  async close(actor: SignalActor, input: { channelId?: string; attach?: string }): Promise<SignalResult> {
    check(signalChannelProblem(input));
    return this.db.transaction().execute(async (trx) => {
      const { row, list } = await this.open(trx, input.channelId as string);
      if (row.creator !== actor.account && !list.some((m) => m.account === actor.account)) throw fail(SignalingCode.MEMBER_NOT_EXIST, 'not a member of this channel');
      await trx.updateTable('im_signal_channel').set({ closed: true }).where('channel_id', '=', row.channel_id).execute();
      await trx.deleteFrom('im_signal_member').where('channel_id', '=', row.channel_id).execute();
      const ended = await trx.selectFrom('im_signal_invite').selectAll().where('channel_id', '=', row.channel_id).where('state', 'in', ['pending', 'accepted']).forUpdate().execute();
      await trx.updateTable('im_signal_invite').set({ state: 'cancelled' }).where('channel_id', '=', row.channel_id).where('state', '=', 'pending').execute();
      const now = this.now();
      // Each invitation still open ends here: ringing ones as canceled, answered ones as calls that lasted until now.
      const records: StoredMessage[] = [];
      for (const invite of ended) {
        const answerTime = Number(invite.answer_time);
        const record = invite.state === 'accepted' ? { status: 'completed' as const, durationSeconds: Math.floor((now - answerTime) / 1000) } : { status: 'canceled' as const };
        records.push(await this.storeCallRecord(trx, row, invite, record.status, record.durationSeconds));
      }
      const channel = view(row, list);
      const event = { eventType: SignalEventType.close, from: actor.account, attach: input.attach };
      // Invitees still ringing are told too, so their call dialogs stop.
      const ringing = ended.filter((invite) => invite.state === 'pending').map((invite) => invite.to_account);
      return { channel, deliveries: toAll([...list.map((m) => m.account), ...ringing], channel, event, actor), records };
    });
  }

  /**
   * invite: a member or the creator invites `account`. Online invitees get it now; offline ones only
   * with offlineEnabled (stored, sent after their next sync), otherwise 10201 and nothing is stored.
   */
  async invite(
    actor: SignalActor,
    input: { channelId?: string; account?: string; requestId?: string; offlineEnabled?: boolean; attach?: string; needPush?: boolean; needBadge?: boolean; pushContent?: string },
    inviteeOnline: boolean,
  ): Promise<SignalResult> {
    check(signalInviteProblem(input));
    const to = input.account as string;
    const exists = await this.db.selectFrom('im_user').select('accid').where('accid', '=', to).executeTakeFirst();
    if (!exists) throw fail(ResponseCode.NOT_FOUND, `account ${to} does not exist`);
    if (!inviteeOnline && !input.offlineEnabled) throw fail(SignalingCode.PEER_OFFLINE, `${to} is offline`);
    return this.db.transaction().execute(async (trx) => {
      const { row, list } = await this.open(trx, input.channelId as string);
      if (row.creator !== actor.account && !list.some((m) => m.account === actor.account)) throw fail(SignalingCode.MEMBER_NOT_EXIST, 'not a member of this channel');
      if (list.some((m) => m.account === to)) throw fail(SignalingCode.MEMBER_EXISTS, `${to} is already in the channel`);
      const same = await trx.selectFrom('im_signal_invite').select('msgid').where('channel_id', '=', row.channel_id)
        .where('request_id', '=', input.requestId as string).where('to_account', '=', to).executeTakeFirst();
      if (same) throw fail(ResponseCode.DUPLICATE_OPERATION, 'this requestId was already sent to this account');
      const invite: InviteRow = {
        msgid: randomUUID().replace(/-/g, ''), channel_id: row.channel_id, request_id: input.requestId as string, from_account: actor.account,
        to_account: to, state: 'pending', answered_by: '', need_push: input.needPush ?? true, need_badge: input.needBadge ?? true,
        push_content: input.pushContent ?? '', attach: input.attach ?? '', offline: input.offlineEnabled ?? false, acked: false, create_time: this.now(), answer_time: 0,
      };
      await trx.insertInto('im_signal_invite').values(invite).execute();
      const channel = view(row, list);
      return { channel, deliveries: inviteeOnline ? [{ account: to, channel, event: inviteEvent(invite) }] : [] };
    });
  }

  /** cancel: the inviter withdraws a pending invitation. */
  async cancel(actor: SignalActor, input: { channelId?: string; account?: string; requestId?: string; attach?: string }): Promise<SignalResult> {
    check(signalInviteProblem(input));
    return this.db.transaction().execute(async (trx) => {
      const { row, list } = await this.open(trx, input.channelId as string);
      const invite = await this.pending(trx, row.channel_id, input.requestId as string, actor.account, input.account as string);
      await trx.updateTable('im_signal_invite').set({ state: 'cancelled' }).where('msgid', '=', invite.msgid).execute();
      const record = await this.storeCallRecord(trx, row, invite, 'canceled');
      const channel = view(row, list);
      const event = { eventType: SignalEventType.cancel, from: actor.account, to: invite.to_account, requestId: invite.request_id, attach: input.attach };
      return { channel, deliveries: [{ account: invite.to_account, channel, event }], records: [record] };
    });
  }

  /** reject: the invitee (caller) declines `account`'s invitation; the inviter and the invitee's other ports are told. */
  async reject(actor: SignalActor, input: { channelId?: string; account?: string; requestId?: string; attach?: string }): Promise<SignalResult> {
    return this.answer(actor, input, 'rejected');
  }

  /** accept: the invitee joins the channel (join's checks apply) and the inviter is told. */
  async accept(actor: SignalActor, input: { channelId?: string; account?: string; requestId?: string; attach?: string; uid?: number }): Promise<SignalResult> {
    return this.answer(actor, input, 'accepted');
  }

  /** control: a member sends `attach` to one online account, or to every other member. */
  async control(actor: SignalActor, input: { channelId?: string; account?: string; attach?: string }, targetOnline: (account: string) => Promise<boolean>): Promise<SignalResult> {
    check(signalChannelProblem(input));
    const { row, list } = await this.open(this.db, input.channelId as string);
    if (!list.some((m) => m.account === actor.account)) throw fail(SignalingCode.MEMBER_NOT_EXIST, 'not a member of this channel');
    const channel = view(row, list);
    const event = { eventType: SignalEventType.control, from: actor.account, attach: input.attach, ...(input.account ? { to: input.account } : {}) };
    if (input.account) {
      if (!(await targetOnline(input.account))) throw fail(ResponseCode.PEER_OFFLINE, `${input.account} is offline`);
      return { channel, deliveries: [{ account: input.account, channel, event, exceptConnectionId: actor.connectionId }] };
    }
    return { channel, deliveries: toAll(list.map((m) => m.account), channel, event, actor) };
  }

  /** markRead: these invitations reached the caller and are not sent again at login. */
  async markRead(account: string, msgid: unknown): Promise<void> {
    check(signalMarkReadProblem(msgid));
    const ids = (Array.isArray(msgid) ? msgid : [msgid]) as string[];
    await this.db.updateTable('im_signal_invite').set({ acked: true }).where('to_account', '=', account).where('msgid', 'in', ids).execute();
  }

  /** Pending, unacknowledged invitations to `account` in open channels: sent after each sync. */
  async pendingFor(account: string): Promise<SignalDelivery[]> {
    const now = this.now();
    const rows = await this.db.selectFrom('im_signal_invite').innerJoin('im_signal_channel', 'im_signal_channel.channel_id', 'im_signal_invite.channel_id')
      .selectAll('im_signal_invite').select(['im_signal_channel.type', 'im_signal_channel.name', 'im_signal_channel.ext', 'im_signal_channel.creator',
        'im_signal_channel.create_time as channel_create_time', 'im_signal_channel.expire_time', 'im_signal_channel.closed'])
      .where('to_account', '=', account).where('state', '=', 'pending').where('acked', '=', false)
      .where('im_signal_channel.closed', '=', false).where('im_signal_channel.expire_time', '>', now)
      .orderBy('im_signal_invite.create_time').execute();
    const out: SignalDelivery[] = [];
    for (const r of rows) {
      const channelRow: ChannelRow = { channel_id: r.channel_id, type: Number(r.type), name: r.name, ext: r.ext, creator: r.creator, create_time: Number(r.channel_create_time), expire_time: Number(r.expire_time), closed: r.closed };
      out.push({ account, channel: view(channelRow, await members(this.db, r.channel_id)), event: inviteEvent(r) });
    }
    return out;
  }

  private async answer(actor: SignalActor, input: { channelId?: string; account?: string; requestId?: string; attach?: string; uid?: number }, state: 'accepted' | 'rejected'): Promise<SignalResult> {
    check(signalInviteProblem(input));
    return this.db.transaction().execute(async (trx) => {
      const { row, list } = await this.open(trx, input.channelId as string);
      const invite = await this.pending(trx, row.channel_id, input.requestId as string, input.account as string, actor.account, actor.connectionId);
      await trx.updateTable('im_signal_invite').set({ state, answered_by: actor.connectionId, acked: true, answer_time: this.now() }).where('msgid', '=', invite.msgid).execute();
      const base = { from: actor.account, to: invite.from_account, requestId: invite.request_id, attach: input.attach };
      if (state === 'rejected') {
        const record = await this.storeCallRecord(trx, row, invite, 'rejected');
        const channel = view(row, list);
        const event = { ...base, eventType: SignalEventType.reject };
        return { channel, deliveries: [{ account: invite.from_account, channel, event }, { account: actor.account, channel, event, exceptConnectionId: actor.connectionId }], records: [record] };
      }
      const joined = await this.joinIn(trx, actor, row.channel_id, input.uid, input.attach);
      const event = { ...base, eventType: SignalEventType.accept };
      // The inviter hears accept (not join); the invitee's other devices stop ringing.
      const deliveries = joined.deliveries.filter((d) => d.account !== invite.from_account && d.account !== actor.account);
      deliveries.push({ account: invite.from_account, channel: joined.channel, event }, { account: actor.account, channel: joined.channel, event, exceptConnectionId: actor.connectionId });
      return { channel: joined.channel, deliveries };
    });
  }

  /**
   * The call record of an invitation that ended (a g2 message from the inviter to the invitee, written once: its
   * idClient is the invitation's), in the same transaction as the change that ended it.
   */
  private async storeCallRecord(trx: Transaction<ImDatabase & SignalTables>, channel: ChannelRow, invite: InviteRow, status: CallRecordStatus, durationSeconds?: number): Promise<StoredMessage> {
    const attach = callRecordAttach({ channelId: channel.channel_id, callType: Number(channel.type), status, durationSeconds });
    const { message } = await storeP2pMessage(
      trx as unknown as Transaction<ImDatabase>,
      { account: invite.from_account, nick: '', clientType: 0, deviceId: '' },
      { idClient: `call-${invite.msgid}`, scene: Scene.P2P, to: invite.to_account, type: CALL_RECORD_TYPE_CODE, subType: 0, text: '', attach, custom: '' },
      this.now,
    );
    return message;
  }

  private async joinIn(trx: Transaction<ImDatabase & SignalTables>, actor: SignalActor, channelId: string, uid: number | undefined, attach: string | undefined): Promise<SignalResult> {
    const { row, list } = await this.open(trx, channelId);
    const mine = list.find((m) => m.account === actor.account);
    if (mine) {
      if (mine.connectionId === actor.connectionId) throw fail(SignalingCode.MEMBER_EXISTS, 'already in the channel');
      throw fail(SignalingCode.MEMBER_ON_OTHER_CLIENT, 'already in the channel on another client');
    }
    if (list.length >= SIGNAL_MAX_MEMBERS) throw fail(SignalingCode.MEMBER_LIMIT, `at most ${SIGNAL_MAX_MEMBERS} members per channel`);
    let memberUid = uid ?? 0;
    if (memberUid !== 0 && list.some((m) => m.uid === memberUid)) throw fail(SignalingCode.UID_CONFLICT, `uid ${memberUid} is taken`);
    // uid 0 asks the server for one: the next after the largest in use.
    if (memberUid === 0) memberUid = list.reduce((max, m) => Math.max(max, m.uid), 0) + 1;
    const joinTime = this.now();
    await trx.insertInto('im_signal_member').values({ channel_id: row.channel_id, account: actor.account, uid: memberUid, connection_id: actor.connectionId, join_time: joinTime }).execute();
    const others = list.map((m) => m.account);
    const next = [...list, { account: actor.account, uid: memberUid, joinTime, connectionId: actor.connectionId }];
    const channel = view(row, next);
    const event = { eventType: SignalEventType.join, from: actor.account, uid: memberUid, attach };
    return { channel, deliveries: toAll(others, channel, event, actor) };
  }

  /** The channel, locked for this transaction, with its members: 10404 unknown, 9102 closed or expired. */
  private async open(trx: Kysely<ImDatabase & SignalTables>, channelId: string) {
    let q = trx.selectFrom('im_signal_channel').selectAll().where('channel_id', '=', channelId);
    if (trx.isTransaction) q = q.forUpdate();
    const found = await q.executeTakeFirst();
    if (!found) throw fail(SignalingCode.ROOM_NOT_EXIST, `channel ${channelId} does not exist`);
    const row = { ...found, type: Number(found.type), create_time: Number(found.create_time), expire_time: Number(found.expire_time) };
    if (row.closed || row.expire_time <= this.now()) throw fail(ResponseCode.CHANNEL_INVALID, `channel ${channelId} is closed or expired`);
    return { row, list: await members(trx, channelId) };
  }

  /** The invitation from → to; 10408 when missing or cancelled, 10409 rejected, 10410 / 9103 accepted. */
  private async pending(trx: Kysely<ImDatabase & SignalTables>, channelId: string, requestId: string, from: string, to: string, answeringConnection?: string): Promise<InviteRow> {
    const invite = await trx.selectFrom('im_signal_invite').selectAll().where('channel_id', '=', channelId).where('request_id', '=', requestId)
      .where('from_account', '=', from).where('to_account', '=', to).forUpdate().executeTakeFirst();
    if (!invite || invite.state === 'cancelled') throw fail(SignalingCode.INVITE_NOT_EXIST, 'no such invitation');
    if (invite.state === 'rejected') throw fail(SignalingCode.INVITE_REJECTED, 'the invitation was rejected');
    if (invite.state === 'accepted') {
      if (answeringConnection && invite.answered_by !== answeringConnection) throw fail(ResponseCode.CALL_ANSWERED_ELSEWHERE, 'the call was answered on another device');
      throw fail(SignalingCode.INVITE_ACCEPTED, 'the invitation was accepted');
    }
    return invite;
  }
}

async function liveByName(db: Kysely<ImDatabase & SignalTables>, name: string, now: number): Promise<ChannelRow | undefined> {
  const row = await db.selectFrom('im_signal_channel').selectAll().where('name', '=', name).where('closed', '=', false).where('expire_time', '>', now).executeTakeFirst();
  return row && { ...row, type: Number(row.type), create_time: Number(row.create_time), expire_time: Number(row.expire_time) };
}

async function members(db: Kysely<ImDatabase & SignalTables>, channelId: string) {
  const rows = await db.selectFrom('im_signal_member').selectAll().where('channel_id', '=', channelId).orderBy('join_time').orderBy('account').execute();
  return rows.map((r) => ({ account: r.account, uid: Number(r.uid), joinTime: Number(r.join_time), connectionId: r.connection_id }));
}

function view(row: ChannelRow, list: SignalMember[]): SignalChannel {
  return {
    channelId: row.channel_id, type: Number(row.type), name: row.name, ext: row.ext, creator: row.creator,
    createTime: Number(row.create_time), expireTime: Number(row.expire_time),
    members: list.map((m) => ({ account: m.account, uid: m.uid, joinTime: m.joinTime })),
  };
}

function inviteEvent(invite: InviteRow): SignalEvent {
  return {
    eventType: SignalEventType.invite, from: invite.from_account, to: invite.to_account, requestId: invite.request_id, attach: invite.attach,
    needPush: invite.need_push, needBadge: invite.need_badge, pushContent: invite.push_content, msgid: invite.msgid,
  };
}

/** One delivery per account (the actor's own other ports included, the acting port left out). */
function toAll(accounts: string[], channel: SignalChannel, event: SignalEvent, actor: SignalActor): SignalDelivery[] {
  const set = new Set([...accounts, actor.account]);
  return [...set].map((account) => ({ account, channel, event, exceptConnectionId: actor.connectionId }));
}
