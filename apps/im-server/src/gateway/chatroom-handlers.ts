import {
  CHATROOM_KICK_REASON,
  MessageTypeCode,
  ResponseCode,
  normalizeSendRecord,
  sendMessageProblem,
  type MessageRecordValue,
} from '../protocol';
import { ImServerError } from '../domain/errors';
import type { ChatroomNotice } from '../domain/chatroom/chatroom-service';
import type { QueueItem } from '../domain/chatroom/chatroom-queue';
import { chatroomMemberRecord, chatroomRecord, chatroomRouteKey, onlineAccounts, publishNotice } from './chatroom-login';
import type { ChatroomLink, CommandContext, CommandHandlers } from './handler-types';

/** The chat-room connection's member (the gateway lets only chat-room connections reach these handlers). */
function linkOf(ctx: CommandContext): ChatroomLink {
  if (!ctx.chatroom) throw new ImServerError(ResponseCode.CHATROOM_STATE_ABNORMAL, 'chatroom not connected');
  return ctx.chatroom;
}

/** A chatroomId a request names must be the connection's room (the connection serves one room). */
function sameRoom(link: ChatroomLink, chatroomId: string | undefined): void {
  if (chatroomId !== undefined && chatroomId !== '' && chatroomId !== link.chatroomId) {
    throw new ImServerError(ResponseCode.NO_PERMISSION, `this connection is logged in to chat room ${link.chatroomId}`);
  }
}

const routerOf = (ctx: CommandContext) => ({
  listPorts: (key: string) => ctx.listPorts(key),
  publish: ctx.publish,
});

function notify(ctx: CommandContext, link: ChatroomLink, notice: ChatroomNotice): void {
  ctx.afterResponse(() => publishNotice(routerOf(ctx), link.chatroomId, notice, ctx.services.chatrooms.now()));
}

function queueNotice(ctx: CommandContext, link: ChatroomLink, type: string, items: QueueItem[]): void {
  notify(ctx, link, { type, from: link.account, items });
}

/**
 * The chat-room service's commands (issue 12; docs/im-chatroom.md). getChatroomAddress is asked on
 * the normal IM connection; every other one on the chat-room connection its answer leads to.
 */
export const CHATROOM_HANDLERS: CommandHandlers = {
  getChatroomAddress: async (ctx, body) => {
    const chatroomId = body.chatroomId as string;
    await ctx.services.chatrooms.checkAddress(chatroomId, ctx.port.account);
    return { address: ctx.services.chatrooms.addresses() };
  },

  chatroomSendMsg: async (ctx, body) => {
    const link = linkOf(ctx);
    const input = body.msg;
    // A room message goes to the room: scene and to are the room's whatever the client wrote.
    const record = input && typeof input === 'object' ? normalizeSendRecord({ ...input, scene: 0, to: link.chatroomId }) : undefined;
    const problem = sendMessageProblem(record);
    if (problem) throw new ImServerError(problem.code, problem.message);
    const member = await ctx.services.chatrooms.checkSpeaker(link.chatroomId, link.account);
    const { localCustom: _local, ...wire } = record as MessageRecordValue;
    // The same anti-spam filter as p2p and team texts (domain/antispam, issue 30 §2): a reject word refuses the
    // message (403, nothing stored), a replace word is stored replaced, with the verdict in yidunAntiSpamRes.
    const verdict = ctx.services.antispam && wire.type === MessageTypeCode.text && typeof wire.text === 'string' ? await ctx.services.antispam.judge(wire.text) : undefined;
    const filtered = verdict ? { ...wire, text: verdict.text, ...(verdict.yidunAntiSpamRes ? { yidunAntiSpamRes: verdict.yidunAntiSpamRes } : {}) } : wire;
    const msg = await ctx.services.chatrooms.saveMessage(link.chatroomId, link.account, { ...filtered, fromNick: member.nick, flow: 'in' });
    ctx.afterResponse(() =>
      ctx.publish(chatroomRouteKey(link.chatroomId), { kind: 'push', command: 'chatroomMsg', body: { msg }, exceptConnectionId: ctx.port.connectionId }),
    );
    return { msg: { ...msg, flow: 'out' } };
  },

  getChatroomHistoryMsgs: async (ctx, body) => {
    const link = linkOf(ctx);
    await ctx.services.chatrooms.openRoom(link.chatroomId);
    const msgs = await ctx.services.chatrooms.history(link.chatroomId, body);
    return { msgs: msgs.map((m) => ({ ...m, flow: m.from === link.account ? 'out' : 'in' })) };
  },

  getChatroomMembers: async (ctx, body) => {
    const link = linkOf(ctx);
    sameRoom(link, body.chatroomId);
    await ctx.services.chatrooms.openRoom(link.chatroomId);
    const online = await onlineAccounts(routerOf(ctx), link.chatroomId);
    const members = await ctx.services.chatrooms.members(link.chatroomId, body, online);
    const now = ctx.services.chatrooms.now();
    return { members: members.map((m) => chatroomMemberRecord(m, online.has(m.account), now)) };
  },

  markChatroomMember: async (ctx, body) => {
    const link = linkOf(ctx);
    const { member, notice } = await ctx.services.chatrooms.mark(link.chatroomId, link.account, body);
    notify(ctx, link, notice);
    const online = await onlineAccounts(routerOf(ctx), link.chatroomId);
    return { member: chatroomMemberRecord(member, online.has(member.account), ctx.services.chatrooms.now()) };
  },

  kickChatroomMember: async (ctx, body) => {
    const link = linkOf(ctx);
    const account = typeof body.account === 'string' ? body.account : '';
    if (!account) throw new ImServerError(ResponseCode.PARAMETER_ERROR, 'account is required');
    await ctx.services.chatrooms.checkKick(link.chatroomId, link.account, account);
    const targets = (await ctx.listPorts(chatroomRouteKey(link.chatroomId))).filter((p) => p.chatroomAccount === account);
    if (targets.length === 0) throw new ImServerError(ResponseCode.NOT_FOUND, `${account} is not in the chat room now`);
    ctx.afterResponse(async () => {
      const key = chatroomRouteKey(link.chatroomId);
      await publishNotice(routerOf(ctx), link.chatroomId, { type: 'kickMember', from: link.account, to: [account], ...(body.custom ? { custom: body.custom } : {}) }, ctx.services.chatrooms.now());
      await ctx.publish(key, { kind: 'kick', connectionIds: targets.map((p) => p.connectionId), reason: CHATROOM_KICK_REASON.kicked, byClientType: 0 });
    });
    return {};
  },

  closeChatroom: async (ctx, body) => {
    const link = linkOf(ctx);
    sameRoom(link, body.chatroomId);
    await ctx.services.chatrooms.close(link.chatroomId, link.account);
    ctx.afterResponse(async () => {
      const key = chatroomRouteKey(link.chatroomId);
      await publishNotice(routerOf(ctx), link.chatroomId, { type: 'closeChatroom', from: link.account, ...(body.custom ? { custom: body.custom } : {}) }, ctx.services.chatrooms.now());
      const ports = await ctx.listPorts(key);
      if (ports.length > 0) await ctx.publish(key, { kind: 'kick', connectionIds: ports.map((p) => p.connectionId), reason: CHATROOM_KICK_REASON.closed, byClientType: 0 });
    });
    return {};
  },

  getChatroom: async (ctx, body) => {
    const link = linkOf(ctx);
    sameRoom(link, body.chatroomId);
    const room = await ctx.services.chatrooms.openRoom(link.chatroomId);
    const online = await onlineAccounts(routerOf(ctx), link.chatroomId);
    return { chatroom: chatroomRecord(room, online.size) };
  },

  updateChatroom: async (ctx, body) => {
    const link = linkOf(ctx);
    const { room, muteChanged } = await ctx.services.chatrooms.update(link.chatroomId, link.account, body.chatroom);
    if (muteChanged) notify(ctx, link, { type: room.mute ? 'muteRoom' : 'unmuteRoom', from: link.account, mute: room.mute });
    if (body.needNotify) notify(ctx, link, { type: 'updateChatroom', from: link.account, ...(body.custom ? { custom: body.custom } : {}) });
    return {};
  },

  queueOffer: async (ctx, body) => {
    const link = linkOf(ctx);
    const item = await ctx.services.chatroomQueue.offer(link.chatroomId, link.account, body.item, body.transient === true);
    queueNotice(ctx, link, 'queueOffer', [item]);
    return {};
  },
  queuePoll: async (ctx, body) => {
    const link = linkOf(ctx);
    const item = await ctx.services.chatroomQueue.poll(link.chatroomId, link.account, body.key);
    queueNotice(ctx, link, 'queuePoll', [item]);
    return { item };
  },
  queueList: async (ctx) => ({ items: await ctx.services.chatroomQueue.list(linkOf(ctx).chatroomId) }),
  queuePeek: async (ctx) => ({ item: await ctx.services.chatroomQueue.peek(linkOf(ctx).chatroomId) }),
  queueDrop: async (ctx) => {
    const link = linkOf(ctx);
    await ctx.services.chatroomQueue.drop(link.chatroomId, link.account);
    queueNotice(ctx, link, 'queueDrop', []);
    return {};
  },
  queueChange: async (ctx, body) => {
    const link = linkOf(ctx);
    const item = await ctx.services.chatroomQueue.change(link.chatroomId, link.account, body.item);
    queueNotice(ctx, link, 'queueChange', [item]);
    return {};
  },
  queueBatchUpdate: async (ctx, body) => {
    const link = linkOf(ctx);
    const { updated, notInQueue } = await ctx.services.chatroomQueue.batchUpdate(link.chatroomId, link.account, body.items);
    if (body.needNotify && updated.length > 0) queueNotice(ctx, link, 'queueBatchUpdate', updated);
    return { notInQueue };
  },

  updateChatroomTags: async (ctx, body) => {
    const link = linkOf(ctx);
    await ctx.services.chatrooms.openRoom(link.chatroomId);
    await ctx.services.chatrooms.setTags(link.chatroomId, link.account, body.tags);
    return {};
  },
  updateCoordinate: async (ctx, body) => {
    const link = linkOf(ctx);
    await ctx.services.chatrooms.openRoom(link.chatroomId);
    await ctx.services.chatrooms.setCoordinate(link.chatroomId, link.account, body);
    return {};
  },
  getChatroomMembersByTag: async (ctx, body) => {
    const link = linkOf(ctx);
    await ctx.services.chatrooms.openRoom(link.chatroomId);
    const online = await onlineAccounts(routerOf(ctx), link.chatroomId);
    const members = await ctx.services.chatrooms.membersByTag(link.chatroomId, body, online);
    const now = ctx.services.chatrooms.now();
    return { members: members.map((m) => chatroomMemberRecord(m, true, now)) };
  },
};
