import type { CommandTable, ResponseBodyOf } from '../protocol';
import type { SignalActor, SignalChannel, SignalDelivery, SignalEvent, SignalResult } from '../domain/signal/signal-service';
import type { StoredMessage } from '../domain/msg/message';
import type { CommandContext, CommandHandlers } from './handler-types';
import { messageRecord } from './records';

type SignalChannelRecordValue = NonNullable<ResponseBodyOf<CommandTable['signalingCreate']>['channel']>;

/** Domain channel (+ the event it reports) → wire SignalChannelRecord (§3 "Signalling channel"). */
export function signalChannelRecord(channel: SignalChannel, event?: SignalEvent): SignalChannelRecordValue {
  return {
    type: channel.type,
    channelName: channel.name,
    channelId: channel.channelId,
    channelCreateTime: channel.createTime,
    channelExpireTime: channel.expireTime,
    creator: channel.creator,
    ext: channel.ext,
    members: channel.members.map((m) => ({ account: m.account, uid: m.uid, createTime: m.joinTime, expireTime: channel.expireTime })),
    ...(event
      ? {
          eventType: event.eventType,
          from: event.from,
          ...(event.to !== undefined ? { to: event.to } : {}),
          ...(event.requestId !== undefined ? { requestId: event.requestId } : {}),
          ...(event.attach !== undefined ? { attach: event.attach } : {}),
          ...(event.uid !== undefined ? { uid: event.uid } : {}),
          ...(event.needPush !== undefined ? { needPush: event.needPush } : {}),
          ...(event.needBadge !== undefined ? { needBadge: event.needBadge } : {}),
          ...(event.msgid !== undefined ? { msgid: event.msgid } : {}),
        }
      : {}),
  };
}

const actorOf = (ctx: CommandContext): SignalActor => ({ account: ctx.port.account, connectionId: ctx.port.connectionId });
const online = async (ctx: CommandContext, account: string) => (await ctx.listPorts(account)).length > 0;

/** Each delivery as signalingNotify to every port of its account on every node (after the answer). */
function deliver(ctx: CommandContext, deliveries: SignalDelivery[]): void {
  ctx.afterResponse(async () => {
    for (const d of deliveries) {
      await ctx.publish(d.account, {
        kind: 'push',
        command: 'signalingNotify',
        body: { channel: signalChannelRecord(d.channel, d.event) },
        ...(d.exceptConnectionId ? { exceptConnectionId: d.exceptConnectionId } : {}),
      });
    }
  });
}

/**
 * Each call record to every port of both parties, the acting one included (no port sent it): netcallMsg, the push of
 * the call pair 9/11 (docs/im-signalling.md "Call records").
 */
function deliverRecords(ctx: CommandContext, records: readonly StoredMessage[]): void {
  if (records.length === 0) return;
  ctx.afterResponse(async () => {
    for (const message of records) {
      for (const account of new Set([message.from, message.to])) {
        await ctx.publish(account, { kind: 'push', command: 'netcallMsg', body: { msg: messageRecord(message, account) } });
      }
    }
  });
}

function answered(ctx: CommandContext, result: SignalResult) {
  deliver(ctx, result.deliveries);
  deliverRecords(ctx, result.records ?? []);
  return { channel: signalChannelRecord(result.channel) };
}

/** After sync: pending invitations not yet acknowledged by signalingMarkRead (offline delivery). */
export async function pushSignalSync(ctx: CommandContext): Promise<void> {
  for (const d of await ctx.services.signalling.pendingFor(ctx.port.account)) {
    ctx.pushToSelf('signalingNotify', { channel: signalChannelRecord(d.channel, d.event) });
  }
}

/**
 * Call signalling, no media (issue 12; docs/im-signalling.md). The domain decides and stores; the
 * events go out as signalingNotify through the router so members and invitees on any node get them.
 */
export const SIGNAL_HANDLERS: CommandHandlers = {
  signalingCreate: async (ctx, body) => ({ channel: signalChannelRecord(await ctx.services.signalling.create(actorOf(ctx), body)) }),
  signalingGetChannelInfo: async (ctx, body) => ({ channel: signalChannelRecord(await ctx.services.signalling.infoByName(body.channelName)) }),
  signalingDelay: async (ctx, body) => ({ channel: signalChannelRecord(await ctx.services.signalling.delay(actorOf(ctx), body)) }),
  signalingJoin: async (ctx, body) => answered(ctx, await ctx.services.signalling.join(actorOf(ctx), body)),
  signalingLeave: async (ctx, body) => {
    answered(ctx, await ctx.services.signalling.leave(actorOf(ctx), body));
    return {};
  },
  signalingClose: async (ctx, body) => {
    answered(ctx, await ctx.services.signalling.close(actorOf(ctx), body));
    return {};
  },
  signalingInvite: async (ctx, body) => {
    const to = typeof body.account === 'string' ? body.account : '';
    answered(ctx, await ctx.services.signalling.invite(actorOf(ctx), body, to !== '' && (await online(ctx, to))));
    return {};
  },
  signalingCancel: async (ctx, body) => {
    answered(ctx, await ctx.services.signalling.cancel(actorOf(ctx), body));
    return {};
  },
  signalingReject: async (ctx, body) => {
    answered(ctx, await ctx.services.signalling.reject(actorOf(ctx), body));
    return {};
  },
  signalingAccept: async (ctx, body) => answered(ctx, await ctx.services.signalling.accept(actorOf(ctx), body)),
  signalingControl: async (ctx, body) => {
    answered(ctx, await ctx.services.signalling.control(actorOf(ctx), body, (account) => online(ctx, account)));
    return {};
  },
  signalingMarkRead: async (ctx, body) => {
    await ctx.services.signalling.markRead(ctx.port.account, body.msgid);
    return {};
  },
};
