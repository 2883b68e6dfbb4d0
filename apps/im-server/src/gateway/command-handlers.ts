import { ResponseCode, SceneCode, serverSessionIdProblem, serverSessionsQueryProblem, updateServerSessionProblem } from '../protocol';
import { ImServerError, parameterError } from '../domain/errors';
import { p2pSessionId } from '../domain/msg/message';
import { validateAccount } from '../domain/msg/message-service';
import { friendRecord, messageRecord, relationRecord, sessionRecord, sysMsgRecord, userRecord } from './records';
import type { CommandHandlers } from './handler-types';
import { markSysMsgsRead, RELATION_HANDLERS } from './relation-handlers';
import { HISTORY_HANDLERS, pushHistorySync } from './history-handlers';
import { markTeamSessionAck, pushTeamSync, TEAM_HANDLERS } from './team-handlers';
import { loadSuperTeamSync, markSuperTeamSessionAck, markSuperTeamSysMsgsRead, SUPER_TEAM_HANDLERS } from './super-team-handlers';
import { UPLOAD_HANDLERS } from './upload-handlers';
import { DOCUMENT_HANDLERS } from './document-handlers';
import { EXTEND_HANDLERS } from './extend-handlers';
import { pushSignalSync, SIGNAL_HANDLERS } from './signal-handlers';
import { CHATROOM_HANDLERS } from './chatroom-handlers';
import { BACKGROUND_HANDLERS } from './background-handlers';
import { PORT_HANDLERS } from './port-handlers';
import { PUSH_HANDLERS } from './push-handlers';

/**
 * The commands this server implements (logged-in callers only; login itself lives in the
 * connection). Every other command of the table is answered CODE_NOT_SUPPORTED.
 */
export const COMMAND_HANDLERS: CommandHandlers = {
  // Users, friends, relations, system messages (relation-handlers.ts).
  ...RELATION_HANDLERS,
  // History per account, receipts and stick-top across devices (history-handlers.ts).
  ...HISTORY_HANDLERS,
  // Normal and advanced teams (team-handlers.ts).
  ...TEAM_HANDLERS,
  // Super teams (super-team-handlers.ts).
  ...SUPER_TEAM_HANDLERS,
  // Upload tokens for the object store (upload-handlers.ts).
  ...UPLOAD_HANDLERS,
  // fetchFile, fetchFileList, removeFile (document-handlers.ts).
  ...DOCUMENT_HANDLERS,
  // Quick comments, collects, pins (extend-handlers.ts).
  ...EXTEND_HANDLERS,
  // Call signalling channels and invitations (signal-handlers.ts).
  ...SIGNAL_HANDLERS,
  // Chat rooms: the address on the IM connection, the rest on a chat-room connection (chatroom-handlers.ts).
  ...CHATROOM_HANDLERS,
  // getClientAntispam and uploadSdkLogUrl (background-handlers.ts, docs/im-background.md).
  ...BACKGROUND_HANDLERS,
  heartbeat: async () => ({}),
  getServerTime: async () => ({ time: Date.now() }),
  // The CDN in front of the object store when one is configured; else expire 0, "none" (im-client-spec §9 CDN host refresh).
  getNosCdnHost: async (ctx) => ctx.services.cdnHost?.() ?? { cdnDomain: '', objectNamePrefix: '', expire: 0 },

  logout: async (ctx) => {
    // A device that logged out gets no more offline pushes for this account (docs/protocol.md "Push settings").
    await ctx.services.push.forgetToken(ctx.port.account, ctx.port.deviceId);
    ctx.closeAfterResponse('logout');
    return {};
  },

  // kick: by connection id or device id, other accounts' ids ignored (port-handlers.ts, issue 31).
  ...PORT_HANDLERS,
  // updatePushToken, appBackground, updatePushConfig (push-handlers.ts, docs/protocol.md "Push settings").
  ...PUSH_HANDLERS,

  sendMsg: async (ctx, body) => {
    const input = body.msg ?? {};
    const { message, duplicate } = await ctx.services.messages.send(
      { account: ctx.port.account, nick: ctx.nick, clientType: ctx.port.type, deviceId: ctx.port.deviceId },
      input,
    );
    // A duplicate first sent over another connection (the outbox resending after a reconnect) is routed
    // again: the node that stored it may have died before routing it (issue 34 §1, node-loss.int.spec.ts).
    // Receivers keep one copy per idClient (§4), so a push that did go out is not shown twice.
    const routed = !duplicate || !ctx.sentHere.has(message.idClient);
    ctx.sentHere.add(message.idClient);
    if (routed) {
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
    // The offline-push decision, while the pushes above are on their way and before the answer, so a
    // sender's answer means the outbox holds what it should; once per message and device, so a resend
    // queues nothing more (domain/push, docs/protocol.md "Push settings").
    await ctx.services.push.queueOfflinePush(message, input, () => ctx.listPorts(message.to));
    return { msg: messageRecord(message, ctx.port.account) };
  },

  // getHistoryMsgs, searchHistoryMsgs, deleteMsgSelf(Batch), clearServerHistoryMsgs: history-handlers.ts.

  getServerSessions: async (ctx, body) => {
    // The wire's absent numbers are 0: no bound, the default page.
    const queryProblem = serverSessionsQueryProblem({ ...body, limit: body.limit === 0 ? undefined : body.limit });
    if (queryProblem) throw parameterError(queryProblem);
    await ctx.services.teamMessages.settleFor(ctx.port.account);
    const page = await ctx.services.sessions.listPage(ctx.port.account, {
      updatedAfter: body.minTimestamp,
      updatedBefore: body.maxTimestamp,
      limit: body.limit,
    });
    const withLastMsg = body.needLastMsg !== false;
    return { sessions: page.sessions.map((s) => sessionRecord(s, ctx.port.account, withLastMsg)), hasMore: page.hasMore };
  },

  getServerSession: async (ctx, body) => {
    const idProblem = serverSessionIdProblem(body.sessionId);
    if (idProblem) throw parameterError(idProblem);
    await ctx.services.teamMessages.settleFor(ctx.port.account);
    const session = await ctx.services.sessions.get(ctx.port.account, String(body.sessionId ?? ''));
    if (!session) throw new ImServerError(ResponseCode.NOT_FOUND, 'session not found');
    return { session: sessionRecord(session, ctx.port.account) };
  },

  /** issue 31: the session's ext, numbered like any change of the account, so other devices sync it. */
  updateServerSession: async (ctx, body) => {
    const problem = updateServerSessionProblem(body);
    if (problem) throw new ImServerError(problem.code === 405 ? ResponseCode.PARAMETER_TOO_LONG : ResponseCode.PARAMETER_ERROR, problem.message);
    const session = await ctx.services.sessions.updateExt(ctx.port.account, body.sessionId as string, body.ext as string);
    if (!session) throw new ImServerError(ResponseCode.NOT_FOUND, 'session not found');
    return {};
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
    if (body.scene === SceneCode.team) return markTeamSessionAck(ctx, body);
    if (body.scene === SceneCode.superTeam) return markSuperTeamSessionAck(ctx, body);
    if (body.scene !== undefined && body.scene !== SceneCode.p2p) throw parameterError('only p2p and team sessions can be acked here');
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

  // sendMsgReceipt and add/update/deleteStickTopSession: history-handlers.ts (stored with the sync number, pushed to the other ports).
  getStickTopSessions: async (ctx) => {
    const sessions = await ctx.services.sessions.listStickTop(ctx.port.account);
    return { sessions, timetag: Date.now() };
  },

  // Delivery acknowledgements of pushes (read-ack pairs, im-client-spec §7): delivery is
  // at-least-once through sync, so an ack needs no server state here, except the system
  // message pair (7/3), which marks system messages read.
  markRead: async (ctx, body) => {
    await markSysMsgsRead(ctx, body.serviceId, body.commandId, body.idServer ? [body.idServer] : []);
    await markSuperTeamSysMsgsRead(ctx, body.serviceId, body.commandId, body.idServer ? [body.idServer] : []);
    return {};
  },
  batchMarkRead: async (ctx, body) => {
    await markSysMsgsRead(ctx, body.serviceId, body.commandId, body.idServers ?? []);
    await markSuperTeamSysMsgsRead(ctx, body.serviceId, body.commandId, body.idServers ?? []);
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
      msgReceipts: timetags.msgReceipts,
      stickTopSessions: timetags.stickTopSessions,
      deleteMsgSelf: timetags.deleteMsgSelf,
      deleteMsg: timetags.deleteMsg,
      sessionHistoryMsgsDelete: timetags.sessionHistoryMsgsDelete,
      broadcastMsgs: timetags.broadcastMsgs,
      teams: timetags.teams,
      myTeamMembers: timetags.myTeamMembers,
      // §5 sync options the client turned off (docs/im-sync.md "Sync options").
      off: new Set(body.offKinds ?? []),
    });
    const viewer = ctx.port.account;
    const timetag = result.timetag;
    const pushSuperTeamSync = await loadSuperTeamSync(ctx, new Set(body.offKinds ?? []), body.timetags?.deleteSuperTeamMsg);
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
      pushTeamSync(ctx, result);
      pushSuperTeamSync();
      ctx.pushToSelf('syncSessions', { sessions: result.sessions.map((s) => sessionRecord(s, viewer)), timetag });
      // Receipts, stick-top, deletions for self, history clears, broadcasts (history-handlers.ts, docs/im-sync.md).
      pushHistorySync(ctx, result);
      ctx.pushToSelf('syncSessionAcks', {
        acks: result.sessionAcks.map((a) => ({ scene: SceneCode.p2p, to: a.id.slice('p2p-'.length), timetag: a.ack })),
        timetag,
      });
      // Team messages sent with needMsgReceipt say so (team read receipts, team-handlers.ts).
      const receipt = { needMsgReceipt: true };
      const msgs = result.messages.map((m) => (result.receiptAsked.has(m.idServer) ? { ...messageRecord(m, viewer), ...receipt } : messageRecord(m, viewer)));
      // §4 offline vs roaming: with syncRoamingMsgs off only offline messages come, as offlineMsgs.
      if (!result.offlineOnly) ctx.pushToSelf('roamingMsgs', { msgs, timetag });
      else if (msgs.length > 0) ctx.pushToSelf('offlineMsgs', { msgs });
      if (result.sysMsgs.length > 0) ctx.pushToSelf('offlineSysMsgs', { sysMsgs: result.sysMsgs.map(sysMsgRecord) });
      if (result.donnop !== undefined) ctx.pushToSelf('syncDonnop', { donnop: result.donnop, timetag });
      // §4: push configuration is the last kind before sync-done.
      if (result.pushConfig !== undefined) ctx.pushToSelf('syncPushConfig', { shouldPushNotificationWhenPCOnline: result.pushConfig });
      ctx.pushToSelf('syncDone', { timetag, hasMore: result.hasMore });
      // Invitations that waited for this account (docs/im-signalling.md "Offline invitees").
      return pushSignalSync(ctx);
    });
    return {};
  },
};

