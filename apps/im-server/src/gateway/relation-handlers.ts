import { ResponseCode } from '../protocol';
import { ImServerError } from '../domain/errors';
import type { FriendChange } from '../domain/friend/friend-service';
import type { ServerSysMsg } from '../domain/system-msg/sys-msg-service';
import { readHead } from '../domain/sync/sequence';
import { friendRecord, relationRecord, sysMsgRecord, userRecord } from './records';
import type { CommandContext, CommandHandlers } from './handler-types';

/** Service/command of the p2p system message push (7/3): its read-ack pair marks system messages read (§7). */
export const SYS_MSG_READ_ACK = { serviceId: 7, commandId: 3 } as const;

/**
 * Users, friends, blocklist/mutelist and system messages (issue 10 §4, §5; docs/protocol.md
 * "Users, friends, relations and system messages"). Each change is persisted with its owners'
 * sync sequence numbers first; the pushes after the response only tell online ports sooner.
 */
export const RELATION_HANDLERS: CommandHandlers = {
  updateMyInfo: async (ctx, body) => {
    const { user, timetag } = await ctx.services.users.updateMyInfo(ctx.port.account, body.user);
    ctx.afterResponse(() =>
      ctx.publish(ctx.port.account, { kind: 'push', command: 'myInfoUpdated', body: { user: userRecord(user) }, exceptConnectionId: ctx.port.connectionId }),
    );
    return { user: userRecord(user), timetag };
  },

  updateDonnop: async (ctx, body) => ({ timetag: await ctx.services.users.updateDonnop(ctx.port.account, body.donnop) }),

  markInBlacklist: async (ctx, body) => {
    const relation = await ctx.services.relations.mark(ctx.port.account, body.account, 'blacklist', body.isAdd === true);
    publishRelation(ctx, relation);
    return {};
  },

  markInMutelist: async (ctx, body) => {
    const relation = await ctx.services.relations.mark(ctx.port.account, body.account, 'mutelist', body.isAdd === true);
    publishRelation(ctx, relation);
    return {};
  },

  /** timetag 0: the lists now; otherwise the rows changed since it, removals with flag "0". */
  getRelations: async (ctx, body) => {
    const account = ctx.port.account;
    const head = await readHead(ctx.services.relations.db, account);
    const since = typeof body.timetag === 'number' && body.timetag > 0 && body.timetag <= head ? body.timetag : 0;
    const rows = since === 0 ? await ctx.services.relations.current(account) : await ctx.services.relations.changedBetween(account, since, head);
    return {
      blacklist: rows.filter((r) => r.isBlacked || since > 0).map(relationRecord),
      mutelist: rows.filter((r) => r.isMuted || since > 0).map(relationRecord),
      timetag: head,
    };
  },

  friendRequest: async (ctx, body) => {
    const result = await ctx.services.friends.request(ctx.port.account, body);
    publishFriendChanges(ctx, result.friends, false);
    publishSysMsgs(ctx, result.sysMsgs);
    return {};
  },

  deleteFriend: async (ctx, body) => {
    const changes = await ctx.services.friends.delete(ctx.port.account, body.account, body.delAlias === true);
    publishFriendChanges(ctx, changes, true);
    return {};
  },

  updateFriend: async (ctx, body) => {
    const { friend, timetag } = await ctx.services.friends.update(ctx.port.account, body.friend ?? {});
    ctx.afterResponse(() =>
      ctx.publish(ctx.port.account, { kind: 'push', command: 'friendUpdated', body: { friend: friendRecord(friend) }, exceptConnectionId: ctx.port.connectionId }),
    );
    return { timetag };
  },

  getFriends: async (ctx, body) => {
    const account = ctx.port.account;
    const head = await readHead(ctx.services.relations.db, account);
    const since = typeof body.timetag === 'number' && body.timetag > 0 && body.timetag <= head ? body.timetag : 0;
    const friends = await ctx.services.friends.changedBetween(account, since, head);
    // From 0: the current friends only; from a timetag: deletions too (valid false).
    return { friends: friends.filter((f) => f.valid || since > 0).map(friendRecord), timetag: head };
  },

  sendCustomSysMsg: async (ctx, body) => {
    const input = body.sysMsg ?? {};
    const { sysMsg } = await ctx.services.sysMsgs.sendCustom(ctx.port.account, {
      to: input.to,
      scene: input.scene,
      content: input.content,
      attach: input.attach,
      sendToOnlineUsersOnly: input.sendToOnlineUsersOnly,
    });
    ctx.afterResponse(() => ctx.publish(sysMsg.to, { kind: 'push', command: 'sysMsg', body: { sysMsg: sysMsgRecord(sysMsg) } }));
    return { sysMsg: sysMsgRecord(sysMsg) };
  },
};

/** markRead / batchMarkRead: the 7/3 pair marks the caller's system messages read; other pairs need no state. */
export async function markSysMsgsRead(ctx: CommandContext, serviceId: number | undefined, commandId: number | undefined, idServers: readonly string[]): Promise<void> {
  if (serviceId !== SYS_MSG_READ_ACK.serviceId || commandId !== SYS_MSG_READ_ACK.commandId) return;
  if (idServers.length > 100) throw new ImServerError(ResponseCode.PARAMETER_ERROR, 'at most 100 idServers');
  const changed = await ctx.services.sysMsgs.markRead(ctx.port.account, idServers);
  // The account's other ports clear the same unread counts.
  for (const sysMsg of changed) {
    ctx.afterResponse(() =>
      ctx.publish(ctx.port.account, { kind: 'push', command: 'sysMsg', body: { sysMsg: sysMsgRecord(sysMsg) }, exceptConnectionId: ctx.port.connectionId }),
    );
  }
}

function publishRelation(ctx: CommandContext, relation: { account: string; isBlacked: boolean; isMuted: boolean; updateTime: number }): void {
  ctx.afterResponse(() =>
    ctx.publish(ctx.port.account, {
      kind: 'push',
      command: 'relationsUpdated',
      body: { account: relation.account, isBlacked: relation.isBlacked ? '1' : '0', isMuted: relation.isMuted ? '1' : '0', time: relation.updateTime },
      exceptConnectionId: ctx.port.connectionId,
    }),
  );
}

/** Each owner's ports learn their side of the friendship (the caller's own port too: the response carries nothing). */
function publishFriendChanges(ctx: CommandContext, changes: readonly FriendChange[], deleted: boolean): void {
  for (const change of changes) {
    ctx.afterResponse(() =>
      ctx.publish(change.owner, { kind: 'push', command: 'friendUpdated', body: { friend: friendRecord(change.friend), ...(deleted ? { deleted: true } : {}) } }),
    );
  }
}

/** New system messages go to their receiver; changed ones (an application passed) to the receiver's ports as well. */
function publishSysMsgs(ctx: CommandContext, sysMsgs: readonly ServerSysMsg[]): void {
  for (const sysMsg of sysMsgs) {
    ctx.afterResponse(() => ctx.publish(sysMsg.to, { kind: 'push', command: 'sysMsg', body: { sysMsg: sysMsgRecord(sysMsg) } }));
  }
}
