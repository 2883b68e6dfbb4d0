import { ResponseCode, SceneCode, type CommandTable, type ResponseBodyOf } from '../protocol';
import { ImServerError, parameterError } from '../domain/errors';
import { p2pSessionId } from '../domain/msg/message';
import { validateAccount } from '../domain/msg/message-service';
import type { DeletedForSelf, MessageRef } from '../domain/history/history-service';
import type { RecalledMessage } from '../domain/history/recall-service';
import { messageRecord } from './records';
import type { CommandContext, CommandHandlers } from './handler-types';
import type { SyncResult } from '../domain/sync/sync-service';

/**
 * History per account, receipts and stick-top across the account's devices (issue 10 §2–§4;
 * docs/protocol.md "History, receipts and stick-top across devices"). Every change is stored
 * with the account's sync number first, so a device that is offline gets it by sync; the pushes
 * after the response only tell the account's other online ports sooner (every node, via the router).
 */
export const HISTORY_HANDLERS: CommandHandlers = {
  getHistoryMsgs: async (ctx, body) => {
    if (body.scene !== undefined && body.scene !== SceneCode.p2p) {
      throw new ImServerError(ResponseCode.SERVICE_UNAVAILABLE, 'only p2p history is supported by this server');
    }
    const msgs = await ctx.services.history.history(ctx.port.account, {
      peer: body.to,
      beginTime: body.beginTime,
      endTime: body.endTime,
      lastMsgId: body.lastMsgId,
      limit: body.limit,
      reverse: body.reverse,
    });
    return { msgs: msgs.map((m) => messageRecord(m, ctx.port.account)) };
  },

  searchHistoryMsgs: async (ctx, body) => {
    if (body.scene !== undefined && body.scene !== SceneCode.p2p) {
      throw new ImServerError(ResponseCode.SERVICE_UNAVAILABLE, 'only p2p messages can be searched on this server');
    }
    const msgs = await ctx.services.history.search(ctx.port.account, {
      keyword: body.keyword,
      sessionIds: body.sessionIds,
      to: body.to,
      msgTypes: body.msgTypes,
      beginTime: body.beginTime,
      endTime: body.endTime,
      lastMsgId: body.lastMsgId,
      limit: body.limit,
    });
    return { msgs: msgs.map((m) => messageRecord(m, ctx.port.account)) };
  },

  // Full-text search (issue 31, docs/protocol.md "History, receipts and stick-top across devices", the msgFtsSearch row): text and tip, p2p and teams, only what the caller still sees.
  msgFtsSearch: async (ctx, body) => {
    const msgs = await ctx.services.history.ftsSearch(ctx.port.account, body);
    return { msgs: msgs.map((m) => messageRecord(m, ctx.port.account)) };
  },

  // Recall (issue 31, docs/protocol.md "Recall"): stored for both accounts with their sync numbers,
  // then msgDeleted to every port of both on every node (the caller's own link has the response).
  // A super team message: stored once for the team; msgDeleted to its valid members and the sender.
  deleteMsg: async (ctx, body) => {
    const msg = body.msg ?? {};
    const recalled = await ctx.services.recall.recall(ctx.port.account, { ...refOf(msg), scene: msg.scene }, body.ps ?? '', body.attach ?? '');
    const deleted = recalledRecord(recalled);
    const superTeam = recalled.superTeam;
    ctx.afterResponse(async () => {
      const audience = superTeam
        ? [...new Set([recalled.message.from, ...(await ctx.services.superTeams.memberAccounts(superTeam.teamId, superTeam.memberSeq))])]
        : [...recalled.seqs.keys()];
      await ctx.publishToMany(audience, { kind: 'push', command: 'msgDeleted', body: { deleted }, exceptConnectionId: ctx.port.connectionId });
    });
    return {};
  },

  deleteMsgSelf: async (ctx, body) => deleteSelf(ctx, body.msg ? [refOf(body.msg)] : [], body.custom),
  deleteMsgSelfBatch: async (ctx, body) => deleteSelf(ctx, Array.isArray(body.msgs) ? body.msgs.map(refOf) : [], body.custom),

  clearServerHistoryMsgs: async (ctx, body) => {
    if (body.scene !== undefined && body.scene !== SceneCode.p2p) throw parameterError('only p2p history can be cleared here');
    const cleared = await ctx.services.history.clearHistory(ctx.port.account, body.to, body.ext ?? '');
    // isSyncSelf false: the other ports are not told now (they still get it at their next sync).
    if (body.isSyncSelf !== false) {
      ctx.afterResponse(() =>
        ctx.publish(ctx.port.account, {
          kind: 'push',
          command: 'sessionHistoryCleared',
          body: { session: { sessionId: cleared.sessionId, time: cleared.time, ...(cleared.ext ? { ext: cleared.ext } : {}) }, timetag: cleared.seq },
          exceptConnectionId: ctx.port.connectionId,
        }),
      );
    }
    return { time: cleared.time };
  },

  // p2p read receipt (§5): the caller read a message the peer sent; the peer's session keeps the
  // receipt time (all the peer's ports are told), the caller's keeps the send time (its other ports are told).
  sendMsgReceipt: async (ctx, body) => {
    const from = validateAccount(body.msg?.from, 'msg.from');
    if (body.msg?.scene !== SceneCode.p2p) throw parameterError('receipts are for p2p messages');
    if (typeof body.msg?.idClient !== 'string' || body.msg.idClient === '') throw parameterError('msg.idClient is required');
    const stored = await ctx.services.messages.findBySender(from, body.msg.idClient);
    if (!stored || stored.scene !== SceneCode.p2p || stored.to !== ctx.port.account) throw new ImServerError(ResponseCode.NOT_FOUND, 'message not found');
    const sessionId = p2pSessionId(ctx.port.account);
    const receipt = await ctx.services.sessionSync.recordReceipt(stored.from, sessionId, stored.time);
    if (receipt === undefined) throw new ImServerError(ResponseCode.NOT_FOUND, 'session not found');
    const sent = await ctx.services.sessionSync.recordReceiptSent(ctx.port.account, p2pSessionId(stored.from), stored.time);
    ctx.afterResponse(async () => {
      await ctx.publish(stored.from, { kind: 'push', command: 'msgReceipt', body: { sessionId, msgReceiptTime: receipt.msgReceiptTime, idClient: stored.idClient } });
      if (sent) {
        await ctx.publish(ctx.port.account, {
          kind: 'push',
          command: 'msgReceiptSent',
          body: { sessionId: p2pSessionId(stored.from), msgReceiptSendTime: sent.msgReceiptSendTime, timetag: sent.seq },
          exceptConnectionId: ctx.port.connectionId,
        });
      }
    });
    return { msgReceiptTime: receipt.msgReceiptTime };
  },

  // Stick-top sessions (§3 isTop/topCustom), persisted on the session row with the owner's sync number.
  addStickTopSession: async (ctx, body) => ({ session: await stickTop(ctx, body.session?.id, { topCustom: topCustomOf(body.session?.topCustom) }) }),
  updateStickTopSession: async (ctx, body) => ({ session: await stickTop(ctx, body.session?.id, { topCustom: topCustomOf(body.session?.topCustom), onlyIfOnTop: true }) }),
  deleteStickTopSession: async (ctx, body) => ({ time: (await stickTop(ctx, body.id, null)).updateTime }),
};

function refOf(msg: { idServer?: string; idClient?: string; from?: string }): MessageRef {
  return { idServer: msg.idServer, idClient: msg.idClient, from: msg.from };
}

type DeletedMsgRecordValue = NonNullable<ResponseBodyOf<CommandTable['msgsDeletedSelf']>['deleted']>[number];

export function deletedRecord(deleted: DeletedForSelf, account: string): DeletedMsgRecordValue {
  const m = messageRecord(deleted.message, account);
  return {
    scene: m.scene,
    from: m.from,
    to: m.to,
    idClient: m.idClient,
    idServer: m.idServer,
    time: m.time,
    opeAccount: account,
    ...(deleted.custom ? { attach: deleted.custom } : {}),
  };
}

/** The msgDeleted / syncDeleteMsgs record of a recall. */
export function recalledRecord(recalled: RecalledMessage): DeletedMsgRecordValue {
  const m = recalled.message;
  return {
    scene: m.scene,
    from: m.from,
    to: m.to,
    idClient: m.idClient,
    idServer: m.idServer,
    time: recalled.time,
    opeAccount: recalled.opeAccount,
    ...(recalled.ps ? { ps: recalled.ps } : {}),
    ...(recalled.attach ? { attach: recalled.attach } : {}),
  };
}

async function deleteSelf(ctx: CommandContext, refs: MessageRef[], custom: string | undefined) {
  const account = ctx.port.account;
  const result = await ctx.services.history.deleteSelf(account, refs, custom ?? '');
  const deleted = result.deleted.map((d) => deletedRecord(d, account));
  ctx.afterResponse(() =>
    ctx.publish(account, { kind: 'push', command: 'msgsDeletedSelf', body: { deleted, timetag: result.seq }, exceptConnectionId: ctx.port.connectionId }),
  );
  return { time: result.time };
}

const TOP_CUSTOM_MAX = 5000;

function topCustomOf(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'string' || value.length > TOP_CUSTOM_MAX) throw parameterError(`topCustom must be a string of at most ${TOP_CUSTOM_MAX}`);
  return value;
}

async function stickTop(ctx: CommandContext, id: unknown, top: { topCustom: string; onlyIfOnTop?: boolean } | null) {
  if (typeof id !== 'string' || !id.startsWith('p2p-')) throw parameterError('session id must be p2p-<account>');
  const changed = await ctx.services.sessionSync.setStickTop(ctx.port.account, p2pSessionId(validateAccount(id.slice(4), 'id')), top, Date.now());
  if (!changed) throw new ImServerError(ResponseCode.NOT_FOUND, 'session not found');
  const { seq, ...session } = changed;
  ctx.afterResponse(() =>
    ctx.publish(ctx.port.account, { kind: 'push', command: 'stickTopSessionUpdated', body: { session, timetag: seq }, exceptConnectionId: ctx.port.connectionId }),
  );
  return session;
}

/**
 * The sync data of this file's kinds, pushed between syncSessions and syncDone: receipts
 * (syncMsgReceipts), stick-top (syncStickTopSessions, createTime 0 = off the top), deletions for
 * self, history clears, and broadcasts with their own timetag. Empty kinds are not pushed.
 */
export function pushHistorySync(ctx: CommandContext, result: SyncResult): void {
  const { timetag } = result;
  if (result.receipts.length > 0) {
    const sessions = result.receipts.map((r) => ({ id: r.id, msgReceiptTime: r.msgReceiptTime, msgReceiptSendTime: r.msgReceiptSendTime }));
    ctx.pushToSelf('syncMsgReceipts', { sessions, timetag });
  }
  if (result.stickTop.length > 0) ctx.pushToSelf('syncStickTopSessions', { sessions: result.stickTop, timetag });
  if (result.deletedSelf.length > 0) {
    ctx.pushToSelf('syncDeleteMsgSelf', { deleted: result.deletedSelf.map((d) => deletedRecord(d, ctx.port.account)), timetag });
  }
  if (result.recalled.length > 0) ctx.pushToSelf('syncDeleteMsgs', { deleted: result.recalled.map(recalledRecord), timetag });
  if (result.historyClears.length > 0) {
    const sessions = result.historyClears.map((c) => ({ sessionId: c.sessionId, time: c.time, ...(c.ext ? { ext: c.ext } : {}) }));
    ctx.pushToSelf('syncSessionHistoryMsgsDelete', { sessions, timetag });
  }
  if (result.broadcasts.length > 0) ctx.pushToSelf('syncBroadcastMsgs', { broadcastMsgs: result.broadcasts, timetag: result.broadcastTimetag });
}
