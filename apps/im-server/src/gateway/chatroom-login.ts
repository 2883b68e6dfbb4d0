import { randomUUID } from 'node:crypto';
import {
  CHATROOM_NOT_CONNECTED,
  MessageTypeCode,
  ResponseCode,
  ServiceId,
  chatroomIdProblem,
  commandByName,
  type CommandName,
  type CommandTable,
  type MessageRecordValue,
  type ProtocolRecord,
  type RequestBodyOf,
  type ResponseBodyOf,
} from '../protocol';
import { ImServerError } from '../domain/errors';
import type { ChatroomNotice } from '../domain/chatroom/chatroom-service';
import type { ChatroomMemberRow, ChatroomRow } from '../domain/chatroom/chatroom-tables';
import type { PortRecord, Router } from '../routing/router';
import type { ChatroomLink, ImServices, LoginContext, LoginOutcome } from './handler-types';
import { isRefusal, newPort, refusal, registerPort, verifyLoginToken } from './login-steps';

type ChatroomRecordValue = NonNullable<ResponseBodyOf<CommandTable['getChatroom']>['chatroom']>;
type ChatroomMemberRecordValue = NonNullable<ResponseBodyOf<CommandTable['chatroomLogin']>['member']>;

/**
 * A chat-room connection is routed under the room's key, not an account: publishing to the key
 * reaches every chat-room socket of the room on every node, and the router's directory of the key is
 * the room's online list. '#' is no account character, so a key never meets an account.
 */
export const chatroomRouteKey = (chatroomId: string) => `#chatroom:${chatroomId}`;

/** Commands a chat-room connection may send beside the chat-room service's. */
const CHATROOM_CONNECTION_EXTRAS: ReadonlySet<string> = new Set(['heartbeat', 'getServerTime', 'logout']);

/**
 * Which connection a command belongs on: chat-room commands need a chat-room login (13002
 * 'chatroom not connected' on a normal IM connection), a chat-room connection speaks nothing else (403).
 */
export function chatroomScopeProblem(name: CommandName, isChatroomConnection: boolean): { code: number; message: string } | undefined {
  const isChatroomCommand = commandByName(name)?.serviceId === ServiceId.chatroom;
  if (isChatroomConnection && !isChatroomCommand && !CHATROOM_CONNECTION_EXTRAS.has(name)) {
    return { code: ResponseCode.NO_PERMISSION, message: `${name} is not available on a chat-room connection` };
  }
  if (!isChatroomConnection && isChatroomCommand) return { code: ResponseCode.CHATROOM_STATE_ABNORMAL, message: CHATROOM_NOT_CONNECTED };
  return undefined;
}

/** The accounts online in a room, on every node (router directory of the room key). */
export async function onlineAccounts(router: Pick<Router, 'listPorts'>, chatroomId: string): Promise<Set<string>> {
  const ports = await router.listPorts(chatroomRouteKey(chatroomId));
  return new Set(ports.map((p) => p.chatroomAccount ?? '').filter(Boolean));
}

export function chatroomRecord(room: ChatroomRow, onlineMemberNum: number): ChatroomRecordValue {
  return {
    id: room.id, name: room.name, announcement: room.announcement, broadcastUrl: room.broadcast_url, custom: room.custom,
    queuelevel: room.queuelevel, creator: room.creator, onlineMemberNum, mute: room.mute,
  };
}

export function chatroomMemberRecord(member: ChatroomMemberRow, online: boolean, now: number): ChatroomMemberRecordValue {
  const tempMuteDuration = Math.max(0, Math.ceil((member.temp_mute_until - now) / 1000));
  return {
    chatroomId: member.chatroom_id, account: member.account, type: member.type, level: member.level, nick: member.nick, avatar: member.avatar,
    custom: member.custom, online, guest: member.type === 'guest' || member.type === 'anonymous', enterTime: member.enter_time,
    blacked: member.blacked, gaged: member.gaged, valid: !member.blacked, tempMuted: tempMuteDuration > 0, tempMuteDuration,
  };
}

/** A chat-room notification (§3 type notification) as the message the room's sockets receive. */
export function noticeMessage(chatroomId: string, notice: ChatroomNotice, now: number): MessageRecordValue {
  return {
    idClient: randomUUID(), idServer: '', type: MessageTypeCode.notification, to: chatroomId, from: notice.from, time: now, chatroomId,
    attach: JSON.stringify(notice), status: 'success',
  };
}

/** Pushes a notification to every chat-room socket of the room on every node. */
export async function publishNotice(router: Pick<Router, 'publish'>, chatroomId: string, notice: ChatroomNotice, now: number): Promise<void> {
  await router.publish(chatroomRouteKey(chatroomId), { kind: 'push', command: 'chatroomMsg', body: { msg: noticeMessage(chatroomId, notice, now) } });
}

/**
 * chatroomLogin, the first frame of a chat-room connection: an account with the IM token
 * store-server issued, or no account and no token for an anonymous visitor where the room admits
 * them. Answers the room and the member; the first socket of an account tells the room (memberEnter).
 */
export async function chatroomLogIn(ctx: LoginContext, frameBody: ProtocolRecord): Promise<LoginOutcome> {
  const body = frameBody as RequestBodyOf<CommandTable['chatroomLogin']>;
  const idProblem = chatroomIdProblem(body.chatroomId);
  if (idProblem) return refusal(ResponseCode.PARAMETER_ERROR, idProblem);
  const chatroomId = body.chatroomId as string;
  let account: string | undefined;
  let profile = { nick: body.member?.nick, avatar: body.member?.avatar };
  if (body.token !== undefined || body.account !== undefined) {
    if (typeof body.account !== 'string' || typeof body.token !== 'string') return refusal(ResponseCode.WRONG_CREDENTIALS, 'account and token go together');
    const claims = verifyLoginToken(ctx, body.account, body.token);
    if (isRefusal(claims)) return claims;
    // An account store-server disabled enters no room either (issue 31; login.ts).
    if (claims.disabled === true) return refusal(ResponseCode.ACCOUNT_DISABLED, 'account disabled');
    account = body.account;
    const user = await ctx.services.users.ensureFromClaims(claims, ctx.now());
    profile = { nick: profile.nick ?? user.nick, avatar: profile.avatar ?? user.avatar };
  }
  let entered;
  try {
    entered = await ctx.services.chatrooms.enter({ chatroomId, account, ...profile, custom: body.member?.custom });
  } catch (error) {
    if (error instanceof ImServerError) return refusal(error.code, error.message);
    throw error;
  }
  const { room, member } = entered;
  const port = newPort(ctx, { account: chatroomRouteKey(chatroomId), chatroomAccount: member.account, type: 0, customClientType: 0, deviceId: '', os: '' });
  const wasOnline = (await onlineAccounts(ctx.router, chatroomId)).has(member.account);
  if (!(await registerPort(ctx, port))) return { kind: 'abandoned' };
  return {
    kind: 'loggedIn',
    port,
    nick: member.nick,
    chatroom: { chatroomId, account: member.account, nick: member.nick },
    answer: async () => {
      const online = await onlineAccounts(ctx.router, chatroomId);
      return { chatroom: chatroomRecord(room, online.size), member: chatroomMemberRecord(member, true, ctx.now()) };
    },
    announce: async () => {
      if (!wasOnline) await publishNotice(ctx.router, chatroomId, { type: 'memberEnter', from: member.account, to: [member.account] }, ctx.now());
    },
  };
}

/** What unregistering a closed chat-room socket uses (the gateway). */
export interface ChatroomNode {
  readonly router: Pick<Router, 'removePort' | 'listPorts' | 'publish'>;
  readonly services: Pick<ImServices, 'chatroomQueue'>;
  now(): number;
}

/**
 * A chat-room socket closed: unregister it; when it was the account's last socket in the room, its
 * transient queue items go and the room hears memberExit (and queueChange for the items).
 */
export async function chatroomConnectionClosed(node: ChatroomNode, link: ChatroomLink, port: PortRecord): Promise<void> {
  await node.router.removePort(port);
  if ((await onlineAccounts(node.router, link.chatroomId)).has(link.account)) return;
  const now = node.now();
  await publishNotice(node.router, link.chatroomId, { type: 'memberExit', from: link.account, to: [link.account] }, now);
  const removed = await node.services.chatroomQueue.removeTransient(link.chatroomId, link.account);
  if (removed.length > 0) {
    await publishNotice(node.router, link.chatroomId, { type: 'queueRemove', from: link.account, items: removed }, now);
  }
}
