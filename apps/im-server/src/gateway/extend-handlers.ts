import type { CommandTable, ResponseBodyOf } from '../protocol';
import type { Collect, MsgPin, QuickComment, VisibleMessage } from '../domain/extend/msg-extend-service';
import type { PublishedEvent } from '../domain/extend/event-service';
import { messageRecord } from './records';
import type { CommandContext, CommandHandlers } from './handler-types';

type CollectRecordValue = NonNullable<ResponseBodyOf<CommandTable['addCollect']>['collect']>;
type PinRecordValue = NonNullable<ResponseBodyOf<CommandTable['addMsgPin']>['pin']>;
type EventRecordValue = NonNullable<ResponseBodyOf<CommandTable['publishEvent']>['event']>;

const eventRecord = (e: PublishedEvent): EventRecordValue => ({
  type: e.type,
  value: e.value,
  idServer: e.idServer,
  account: e.account,
  time: e.time,
  validTime: e.validTime,
  ...(e.idClient ? { idClient: e.idClient } : {}),
  ...(e.custom ? { custom: e.custom } : {}),
});

const collectRecord = (c: Collect): CollectRecordValue => ({
  id: c.id,
  type: c.type,
  data: c.data,
  createTime: c.createTime,
  updateTime: c.updateTime,
  ...(c.custom ? { custom: c.custom } : {}),
  ...(c.uniqueId ? { uniqueId: c.uniqueId } : {}),
});

const commentRecord = (c: QuickComment) => ({ from: c.from, body: c.body, time: c.time, ...(c.custom ? { custom: c.custom } : {}) });

function pinRecord(pin: MsgPin, viewer: string): PinRecordValue {
  const msg = messageRecord(pin.message, viewer);
  return {
    idClient: pin.message.idClient,
    sessionId: msg.sessionId,
    pinFrom: pin.pinFrom,
    createTime: pin.createTime,
    updateTime: pin.updateTime,
    msg,
    ...(pin.pinCustom ? { pinCustom: pin.pinCustom } : {}),
  };
}

/**
 * Pushes a change of `target` to everyone in its conversation (the other party, or the team's
 * members) and to the caller's other ports, after the answer. Each viewer gets its own sessionId.
 */
function pushToConversation(ctx: CommandContext, target: VisibleMessage, body: (viewer: string) => { command: 'quickCommentUpdated' | 'msgPinUpdated'; body: object }): void {
  ctx.afterResponse(async () => {
    await Promise.all(
      target.audience.map((account) => {
        const push = body(account);
        return ctx.publish(account, {
          kind: 'push',
          command: push.command,
          body: push.body as never,
          ...(account === ctx.port.account ? { exceptConnectionId: ctx.port.connectionId } : {}),
        });
      }),
    );
  });
}

/**
 * msgExtend (issue 12; docs/im-extend.md, docs/protocol.md "msgExtend"): quick comments and pins
 * are seen and pushed within the message's conversation; collects belong to the caller only.
 * Stick-top sessions live in history-handlers.ts.
 */
export const EXTEND_HANDLERS: CommandHandlers = {
  addQuickComment: async (ctx, body) => {
    const { target, comment } = await ctx.services.msgExtend.addQuickComment(ctx.port.account, body.msg, body.comment);
    pushToConversation(ctx, target, (viewer) => ({
      command: 'quickCommentUpdated',
      body: { msg: messageRecord(target.message, viewer), comment: commentRecord(comment), deleted: false },
    }));
    return { time: comment.time };
  },

  deleteQuickComment: async (ctx, body) => {
    const { target, comment } = await ctx.services.msgExtend.deleteQuickComment(ctx.port.account, body.msg, body.body);
    pushToConversation(ctx, target, (viewer) => ({
      command: 'quickCommentUpdated',
      body: { msg: messageRecord(target.message, viewer), comment: commentRecord(comment), deleted: true },
    }));
    return { time: comment.time };
  },

  getQuickComments: async (ctx, body) => {
    const found = await ctx.services.msgExtend.quickComments(ctx.port.account, body.msgs);
    return {
      msgs: found.map(({ message, comments }) => ({
        ...messageRecord(message, ctx.port.account),
        comments: comments.map(commentRecord),
        commentTimetag: comments.reduce((max, c) => Math.max(max, c.time), 0),
      })),
    };
  },

  addCollect: async (ctx, body) => ({ collect: collectRecord(await ctx.services.msgExtend.addCollect(ctx.port.account, body.collect)) }),
  updateCollect: async (ctx, body) => ({ collect: collectRecord(await ctx.services.msgExtend.updateCollect(ctx.port.account, body.collect)) }),
  deleteCollects: async (ctx, body) => ({ deleteCount: await ctx.services.msgExtend.deleteCollects(ctx.port.account, body.collectList) }),
  getCollects: async (ctx, body) => {
    const { collects, total } = await ctx.services.msgExtend.collects(ctx.port.account, body);
    return { collectList: collects.map(collectRecord), total };
  },

  addMsgPin: async (ctx, body) => {
    const { target, pin } = await ctx.services.msgExtend.addPin(ctx.port.account, body.pin);
    pushToConversation(ctx, target, (viewer) => ({ command: 'msgPinUpdated', body: { pin: pinRecord(pin, viewer), deleted: false } }));
    return { pin: pinRecord(pin, ctx.port.account) };
  },

  updateMsgPin: async (ctx, body) => {
    const { target, pin } = await ctx.services.msgExtend.updatePin(ctx.port.account, body.pin);
    pushToConversation(ctx, target, (viewer) => ({ command: 'msgPinUpdated', body: { pin: pinRecord(pin, viewer), deleted: false } }));
    return { pin: pinRecord(pin, ctx.port.account) };
  },

  deleteMsgPin: async (ctx, body) => {
    const { target, pin } = await ctx.services.msgExtend.deletePin(ctx.port.account, body.pin);
    pushToConversation(ctx, target, (viewer) => ({ command: 'msgPinUpdated', body: { pin: pinRecord(pin, viewer), deleted: true } }));
    return { time: pin.updateTime };
  },

  getMsgPins: async (ctx, body) => {
    const pins = await ctx.services.msgExtend.pins(ctx.port.account, body.sessionId);
    return { pins: pins.map((p) => pinRecord(p, ctx.port.account)), timetag: pins.reduce((max, p) => Math.max(max, p.updateTime), 0) };
  },

  // ---- threads and replies (docs/im-extend.md "Threads and replies"); a reply is sent with sendMsg / sendTeamMsg
  getThreadMsgs: async (ctx, body) => {
    const page = await ctx.services.msgExtend.threads.threadPage(ctx.port.account, body);
    return {
      threadMsg: messageRecord(page.root, ctx.port.account),
      msgs: page.replies.map((m) => messageRecord(m, ctx.port.account)),
      total: page.total,
      timetag: page.timetag,
    };
  },

  getMsgsByIdServer: async (ctx, body) => ({
    msgs: (await ctx.services.msgExtend.threads.messagesByIdServer(ctx.port.account, body.reqMsgs)).map((m) => messageRecord(m, ctx.port.account)),
  }),

  // ---- events (§7 event service; docs/im-extend.md "Events")
  publishEvent: async (ctx, body) => {
    const { event, subscribers } = await ctx.services.events.publish(ctx.port.account, body.event);
    const record = eventRecord(event);
    ctx.afterResponse(async () => {
      const targets = subscribers.filter((s) => s !== ctx.port.account);
      await Promise.all(targets.map((account) => ctx.publish(account, { kind: 'push', command: 'eventPush', body: { events: [record] } })));
      // sync: the publisher's other ports hear it too.
      if (body.event?.sync === true) {
        await ctx.publish(ctx.port.account, { kind: 'push', command: 'eventPush', body: { events: [record] }, exceptConnectionId: ctx.port.connectionId });
      }
    });
    return { event: record };
  },

  subscribeEvent: async (ctx, body) => {
    const current = await ctx.services.events.subscribe(ctx.port.account, body);
    // sync: the subscribed accounts' current events follow the answer.
    if (body.sync === true && current.length > 0) ctx.afterResponse(() => ctx.pushToSelf('eventPush', { events: current.map(eventRecord) }));
    return { failedAccounts: [] };
  },

  unSubscribeEvent: async (ctx, body) => {
    await ctx.services.events.unsubscribe(ctx.port.account, body);
    return { failedAccounts: [] };
  },

  querySubscribeEvents: async (ctx, body) => ({ events: (await ctx.services.events.query(ctx.port.account, body)).map(eventRecord) }),
};
