import { KickReason, ResponseCode, SceneCode } from '../protocol';
import { ImServerError, parameterError } from '../domain/errors';
import { p2pSessionId } from '../domain/msg/message';
import { validateAccount } from '../domain/msg/message-service';
import { friendRecord, messageRecord, relationRecord, sessionRecord, sysMsgRecord, userRecord } from './records';
import type { CommandContext, CommandHandlers } from './handler-types';
import { markSysMsgsRead, RELATION_HANDLERS } from './relation-handlers';

/**
 * The commands this server implements (logged-in callers only; login itself lives in the
 * connection). Every other command of the table is answered CODE_NOT_SUPPORTED.
 */
export const COMMAND_HANDLERS: CommandHandlers = {
  // Users, friends, relations, system messages (relation-handlers.ts).
  ...RELATION_HANDLERS,
  heartbeat: async () => ({}),
  getServerTime: async () => ({ time: Date.now() }),
  // No CDN in front of the object store: expire 0 means "none" (im-client-spec §9 CDN host refresh).
  getNosCdnHost: async () => ({ cdnDomain: '', objectNamePrefix: '', expire: 0 }),

  logout: async (ctx) => {
    ctx.closeAfterResponse('logout');
    return {};
  },

  kick: async (ctx, body) => {
    const deviceIds = new Set(body.deviceIds ?? []);
    const ports = await ctx.listPorts();
    const targets = ports.filter((p) => p.connectionId !== ctx.port.connectionId && deviceIds.has(p.deviceId));
    if (targets.length > 0) {
      await ctx.publish(ctx.port.account, {
        kind: 'kick',
        connectionIds: targets.map((p) => p.connectionId),
        reason: KickReason.otherPlatform,
        byClientType: ctx.port.type,
      });
    }
    return { deviceIds: targets.map((p) => p.deviceId) };
  },

  sendMsg: async (ctx, body) => {
    const input = body.msg ?? {};
    const { message, duplicate } = await ctx.services.messages.send(
      { account: ctx.port.account, nick: ctx.nick, clientType: ctx.port.type, deviceId: ctx.port.deviceId },
      input,
    );
    if (!duplicate) {
      const deliveries: Promise<void>[] = [];
      if (message.to !== message.from) {
        deliveries.push(ctx.publish(message.to, { kind: 'push', command: 'msg', body: { msg: messageRecord(message, message.to) } }));
      }
      deliveries.push(
        ctx.publish(message.from, {
          kind: 'push',
          command: 'syncSendMsg',
          body: { msg: messageRecord(message, message.from) },
          exceptConnectionId: ctx.port.connectionId,
        }),
      );
      ctx.afterResponse(async () => {
        await Promise.all(deliveries);
      });
    }
    return { msg: messageRecord(message, ctx.port.account) };
  },

  getHistoryMsgs: async (ctx, body) => {
    if (body.scene !== undefined && body.scene !== SceneCode.p2p) {
      throw new ImServerError(ResponseCode.SERVICE_UNAVAILABLE, 'only p2p history is supported by this server');
    }
    const msgs = await ctx.services.messages.history(ctx.port.account, {
      peer: body.to,
      beginTime: body.beginTime,
      endTime: body.endTime,
      lastMsgId: body.lastMsgId,
      limit: body.limit,
      reverse: body.reverse,
    });
    return { msgs: msgs.map((m) => messageRecord(m, ctx.port.account)) };
  },

  getServerSessions: async (ctx, body) => {
    const page = await ctx.services.sessions.listPage(ctx.port.account, {
      updatedAfter: body.minTimestamp,
      updatedBefore: body.maxTimestamp,
      limit: body.limit,
    });
    const withLastMsg = body.needLastMsg !== false;
    return { sessions: page.sessions.map((s) => sessionRecord(s, ctx.port.account, withLastMsg)), hasMore: page.hasMore };
  },

  getServerSession: async (ctx, body) => {
    const session = await ctx.services.sessions.get(ctx.port.account, String(body.sessionId ?? ''));
    if (!session) throw new ImServerError(ResponseCode.NOT_FOUND, 'session not found');
    return { session: sessionRecord(session, ctx.port.account) };
  },

  deleteSessions: async (ctx, body) => {
    await ctx.services.sessions.delete(ctx.port.account, body.sessionIds ?? []);
    return {};
  },
  deleteServerSessions: async (ctx, body) => {
    await ctx.services.sessions.delete(ctx.port.account, body.sessionIds ?? []);
    return {};
  },

  markSessionAck: async (ctx, body) => {
    if (body.scene !== undefined && body.scene !== SceneCode.p2p) throw parameterError('only p2p sessions can be acked here');
    const to = validateAccount(body.to, 'to');
    const session = await ctx.services.sessions.markRead(ctx.port.account, p2pSessionId(to), body.timetag || undefined);
    if (!session) throw new ImServerError(ResponseCode.NOT_FOUND, 'session not found');
    // The account's other ports clear the same unread count.
    ctx.afterResponse(() =>
      ctx.publish(ctx.port.account, {
        kind: 'push',
        command: 'sessionAck',
        body: { scene: SceneCode.p2p, to, timetag: session.ack },
        exceptConnectionId: ctx.port.connectionId,
      }),
    );
    return {};
  },

  // p2p read receipt (im-client-spec §5): the caller read a message the peer sent them; the
  // peer's session keeps the receipt time and the peer's ports are told.
  sendMsgReceipt: async (ctx, body) => {
    const from = validateAccount(body.msg?.from, 'msg.from');
    if (body.msg?.scene !== SceneCode.p2p) throw parameterError('receipts are for p2p messages');
    if (typeof body.msg?.idClient !== 'string' || body.msg.idClient === '') throw parameterError('msg.idClient is required');
    const stored = await ctx.services.messages.findBySender(from, body.msg.idClient);
    if (!stored || stored.scene !== SceneCode.p2p || stored.to !== ctx.port.account) throw new ImServerError(ResponseCode.NOT_FOUND, 'message not found');
    const sessionId = p2pSessionId(ctx.port.account);
    const msgReceiptTime = await ctx.services.sessions.recordReceipt(stored.from, sessionId, stored.time);
    if (msgReceiptTime === undefined) throw new ImServerError(ResponseCode.NOT_FOUND, 'session not found');
    ctx.afterResponse(() =>
      ctx.publish(stored.from, { kind: 'push', command: 'msgReceipt', body: { sessionId, msgReceiptTime, idClient: stored.idClient } }),
    );
    return { msgReceiptTime };
  },

  // Stick-top sessions (§3 isTop/topCustom), persisted per account on its session row.
  addStickTopSession: async (ctx, body) => {
    const session = await stickTop(ctx.port.account, body.session?.id, { topCustom: topCustomOf(body.session?.topCustom) }, ctx);
    return { session };
  },
  updateStickTopSession: async (ctx, body) => {
    const session = await stickTop(ctx.port.account, body.session?.id, { topCustom: topCustomOf(body.session?.topCustom) }, ctx);
    return { session };
  },
  deleteStickTopSession: async (ctx, body) => {
    const session = await stickTop(ctx.port.account, body.id, null, ctx);
    return { time: session.updateTime };
  },
  getStickTopSessions: async (ctx) => {
    const sessions = await ctx.services.sessions.listStickTop(ctx.port.account);
    return { sessions, timetag: Date.now() };
  },

  // Delivery acknowledgements of pushes (read-ack pairs, im-client-spec §7): delivery is
  // at-least-once through sync, so an ack needs no server state here, except the system
  // message pair (7/3), which marks system messages read.
  markRead: async (ctx, body) => {
    await markSysMsgsRead(ctx, body.serviceId, body.commandId, body.idServer ? [body.idServer] : []);
    return {};
  },
  batchMarkRead: async (ctx, body) => {
    await markSysMsgsRead(ctx, body.serviceId, body.commandId, body.idServers ?? []);
    return {};
  },

  getUsers: async (ctx, body) => {
    const users = await ctx.services.users.getMany(body.accounts ?? []);
    return { users: users.map(userRecord) };
  },

  sync: async (ctx, body) => {
    const timetags = body.timetags ?? {};
    const result = await ctx.services.sync.sync(ctx.port.account, {
      myInfo: timetags.myInfo,
      sessionAck: timetags.sessionAck,
      roamingMsgs: timetags.roamingMsgs,
      relations: timetags.relations,
      friends: timetags.friends,
      donnop: timetags.donnop,
    });
    const viewer = ctx.port.account;
    const timetag = result.timetag;
    // Data pushes follow the response in the order of im-client-spec §4 "Sync", then syncDone.
    ctx.afterResponse(() => {
      if (result.relations.length > 0) {
        // One row holds both flags; each list gets the rows whose flag it carries or just lost.
        const records = result.relations.map(relationRecord);
        ctx.pushToSelf('syncRelations', { blacklist: records, mutelist: records, timetag });
      }
      if (result.friends.length > 0) ctx.pushToSelf('syncFriends', { friends: result.friends.map(friendRecord), timetag });
      if (result.myInfo) ctx.pushToSelf('syncMyInfo', { user: userRecord(result.myInfo), timetag });
      const users = [...result.users, ...result.friendUsers.filter((f) => !result.users.some((u) => u.account === f.account))];
      if (users.length > 0) ctx.pushToSelf('syncFriendUsers', { users: users.map(userRecord), timetag });
      ctx.pushToSelf('syncSessions', { sessions: result.sessions.map((s) => sessionRecord(s, viewer)), timetag });
      ctx.pushToSelf('syncSessionAcks', {
        acks: result.sessionAcks.map((a) => ({ scene: SceneCode.p2p, to: a.id.slice('p2p-'.length), timetag: a.ack })),
        timetag,
      });
      ctx.pushToSelf('roamingMsgs', { msgs: result.messages.map((m) => messageRecord(m, viewer)), timetag });
      if (result.sysMsgs.length > 0) ctx.pushToSelf('offlineSysMsgs', { sysMsgs: result.sysMsgs.map(sysMsgRecord) });
      if (result.donnop !== undefined) ctx.pushToSelf('syncDonnop', { donnop: result.donnop, timetag });
      ctx.pushToSelf('syncDone', { timetag, hasMore: result.hasMore });
    });
    return {};
  },
};

const TOP_CUSTOM_MAX = 5000;

function topCustomOf(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'string' || value.length > TOP_CUSTOM_MAX) throw parameterError(`topCustom must be a string of at most ${TOP_CUSTOM_MAX}`);
  return value;
}

async function stickTop(owner: string, id: unknown, top: { topCustom: string } | null, ctx: CommandContext) {
  if (typeof id !== 'string' || !id.startsWith('p2p-')) throw parameterError('session id must be p2p-<account>');
  const session = await ctx.services.sessions.setStickTop(owner, p2pSessionId(validateAccount(id.slice(4), 'id')), top, Date.now());
  if (!session) throw new ImServerError(ResponseCode.NOT_FOUND, 'session not found');
  return session;
}
