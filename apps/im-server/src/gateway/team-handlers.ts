import { ResponseCode, SceneCode, type CommandTable, type ResponseBodyOf } from '../protocol';
import type { TeamActor, TeamChange } from '../domain/team/team-change';
import type { ServerTeamMember, TeamView } from '../domain/team/team-model';
import { markTeamSessionRead, teamHistory } from '../domain/team/team-msg-service';
import { ImServerError } from '../domain/errors';
import type { TeamReceiptCount } from '../domain/team/team-receipts';
import type { StoredMessage } from '../domain/msg/message';
import { MuteType, partialAddMessage } from '../domain/team/team-model';
import type { SyncResult } from '../domain/sync/sync-service';
import { messageRecord, sysMsgRecord } from './records';
import type { CommandContext, CommandHandlers } from './handler-types';

type TeamRecordValue = NonNullable<ResponseBodyOf<CommandTable['getTeam']>['team']>;
type TeamMemberRecordValue = NonNullable<ResponseBodyOf<CommandTable['getTeamMembers']>['members']>[number];

/** Domain team → wire TeamRecord as `view`'s account sees it; empty optional strings are left out. */
export function teamRecord(view: TeamView): TeamRecordValue {
  const { team } = view;
  return {
    teamId: team.teamId,
    type: team.type,
    name: team.name,
    level: team.level,
    owner: team.owner,
    valid: team.valid,
    validToCurrentUser: view.validToCurrentUser,
    memberNum: team.memberNum,
    memberUpdateTime: team.memberUpdateTime,
    createTime: team.createTime,
    updateTime: team.updateTime,
    mute: team.muteType !== MuteType.none,
    muteType: team.muteType,
    joinMode: team.joinMode,
    beInviteMode: team.beInviteMode,
    inviteMode: team.inviteMode,
    updateTeamMode: team.updateTeamMode,
    updateCustomMode: team.updateCustomMode,
    ...(team.avatar ? { avatar: team.avatar } : {}),
    ...(team.intro ? { intro: team.intro } : {}),
    ...(team.announcement ? { announcement: team.announcement } : {}),
    ...(team.custom ? { custom: team.custom } : {}),
    ...(team.serverCustom ? { serverCustom: team.serverCustom } : {}),
  };
}

/** §3 Team member: id is teamId joined to account with a dash. */
export function teamMemberRecord(member: ServerTeamMember): TeamMemberRecordValue {
  return {
    id: `${member.teamId}-${member.account}`,
    teamId: member.teamId,
    account: member.account,
    type: member.type,
    bits: member.bits,
    mute: member.mute,
    muteNotiType: member.muteNotiType,
    joinTime: member.joinTime,
    updateTime: member.updateTime,
    active: member.valid,
    valid: member.valid,
    ...(member.nickInTeam ? { nickInTeam: member.nickInTeam } : {}),
    ...(member.custom ? { custom: member.custom } : {}),
    ...(member.invitor ? { invitorAccid: member.invitor } : {}),
  };
}

const actorOf = (ctx: CommandContext): TeamActor => ({ account: ctx.port.account, nick: ctx.nick, clientType: ctx.port.type, deviceId: ctx.port.deviceId });

/**
 * Normal and advanced teams (issue 12; docs/protocol.md "Teams"). Each change is stored first,
 * with its members' sync numbers and its notification (a type-5 team message); after the answer
 * every told account's ports get the notification as `teamMsg` and the changed member rows as
 * `teamMembersUpdated`, on every node (the router), so a port that misses them gets the same by sync.
 */
export const TEAM_HANDLERS: CommandHandlers = {
  createTeam: async (ctx, body) => {
    const change = await ctx.services.teams.create(actorOf(ctx), body);
    publishTeamChange(ctx, change);
    answerPartlyWhenAborted(ctx, change.aborted, change.team.level);
    return { team: teamRecord({ team: change.team, validToCurrentUser: true }), abortedAccidList: change.aborted };
  },

  getTeam: async (ctx, body) => ({ team: teamRecord(await ctx.services.teams.get(ctx.port.account, body.teamId)) }),

  getTeamsById: async (ctx, body) => {
    const { teams, missing } = await ctx.services.teams.getMany(ctx.port.account, body.teamIds);
    // §8 816: some ids could not be read; the teams that could ride beside the code, the rest in tids.
    if (missing.length > 0) ctx.answerPartly(ResponseCode.PARTIAL_BATCH_FAILURE_816, `${missing.length} team(s) could not be read`);
    return { teams: teams.map(teamRecord), tids: missing };
  },

  getTeams: async (ctx, body) => {
    const { teams, timetag, since } = await ctx.services.teams.listForAccount(ctx.port.account, body.timetag);
    // §8 803: asked from a timetag with nothing changed since; the client keeps the list it has.
    if (since > 0 && teams.length === 0) throw new ImServerError(ResponseCode.TEAM_MISSING_OR_UNCHANGED, 'no team changed since timetag');
    return { teams: teams.map(teamRecord), timetag };
  },

  getTeamMembers: async (ctx, body) => {
    const { members, timetag } = await ctx.services.teams.members(ctx.port.account, body.teamId, body.timetag);
    // §8 406: asked from the head itself, nothing changed; the client clears it as nothing to merge.
    if (members.length === 0 && body.timetag === timetag && timetag > 0) ctx.answerPartly(ResponseCode.NOT_MODIFIED, 'no member changed since timetag');
    return { members: members.map(teamMemberRecord), timetag };
  },

  /** Members of several teams, each from its own timetag (§3 per-team member timetags); the answer's timetag is the largest head. */
  syncTeamMembers: async (ctx, body) => {
    const teamIds = body.teamIds ?? [];
    const tags = new Map((body.timetags?.teamMembers ?? []).map((t) => [t.teamId, t.timetag]));
    const members: TeamMemberRecordValue[] = [];
    let timetag = 0;
    for (const teamId of teamIds) {
      const page = await ctx.services.teams.members(ctx.port.account, teamId, tags.get(teamId) ?? 0);
      members.push(...page.members.map(teamMemberRecord));
      timetag = Math.max(timetag, page.timetag);
    }
    return { members, timetag };
  },

  getMyTeamMembers: async (ctx, body) => ({ members: (await ctx.services.teams.myMembers(ctx.port.account, body.teamIds ?? [])).map(teamMemberRecord), timetag: 0 }),

  getMutedTeamMembers: async (ctx, body) => {
    const { members, timetag } = await ctx.services.teams.mutedMembers(ctx.port.account, body.teamId);
    return { members: members.map(teamMemberRecord), timetag };
  },

  updateTeam: async (ctx, body) => {
    const change = await ctx.services.teams.update(actorOf(ctx), body.team);
    publishTeamChange(ctx, change);
    return { time: change.team.updateTime };
  },

  addTeamMembers: async (ctx, body) => {
    const change = await ctx.services.teams.addMembers(actorOf(ctx), body);
    publishTeamChange(ctx, change);
    answerPartlyWhenAborted(ctx, change.aborted, change.team.level);
    return { abortedAccidList: change.aborted, time: change.team.updateTime };
  },

  removeTeamMembers: async (ctx, body) => {
    publishTeamChange(ctx, await ctx.services.teams.removeMembers(actorOf(ctx), body));
    return {};
  },

  leaveTeam: async (ctx, body) => {
    publishTeamChange(ctx, await ctx.services.teams.leave(actorOf(ctx), body.teamId));
    return {};
  },

  dismissTeam: async (ctx, body) => {
    publishTeamChange(ctx, await ctx.services.teams.dismiss(actorOf(ctx), body.teamId));
    return {};
  },

  addTeamManagers: async (ctx, body) => {
    publishTeamChange(ctx, await ctx.services.teams.setManagers(actorOf(ctx), body, true));
    return {};
  },

  removeTeamManagers: async (ctx, body) => {
    publishTeamChange(ctx, await ctx.services.teams.setManagers(actorOf(ctx), body, false));
    return {};
  },

  transferTeam: async (ctx, body) => {
    publishTeamChange(ctx, await ctx.services.teams.transfer(actorOf(ctx), body));
    return {};
  },

  updateMuteStateInTeam: async (ctx, body) => {
    publishTeamChange(ctx, await ctx.services.teams.muteMember(actorOf(ctx), body));
    return {};
  },

  muteTeamAll: async (ctx, body) => {
    publishTeamChange(ctx, await ctx.services.teams.muteTeam(actorOf(ctx), body));
    return {};
  },

  updateInfoInTeam: async (ctx, body) => {
    publishTeamChange(ctx, await ctx.services.teams.updateMyInfo(actorOf(ctx), body.member));
    return {};
  },

  updateNickInTeam: async (ctx, body) => {
    publishTeamChange(ctx, await ctx.services.teams.updateNick(actorOf(ctx), body));
    return {};
  },

  applyTeam: async (ctx, body) => {
    const { view, change } = await ctx.services.teams.joins.apply(actorOf(ctx), body);
    publishTeamChange(ctx, change);
    return { team: teamRecord(view) };
  },

  passTeamApply: async (ctx, body) => {
    publishTeamChange(ctx, await ctx.services.teams.joins.answerApply(actorOf(ctx), body, true));
    return {};
  },

  rejectTeamApply: async (ctx, body) => {
    publishTeamChange(ctx, await ctx.services.teams.joins.answerApply(actorOf(ctx), body, false));
    return {};
  },

  acceptTeamInvite: async (ctx, body) => {
    const { view, change } = await ctx.services.teams.joins.answerInvite(actorOf(ctx), body, true);
    publishTeamChange(ctx, change);
    return { team: teamRecord(view) };
  },

  rejectTeamInvite: async (ctx, body) => {
    publishTeamChange(ctx, (await ctx.services.teams.joins.answerInvite(actorOf(ctx), body, false)).change);
    return {};
  },

  getTeamMemberInvitorAccid: async (ctx, body) => ({ invitors: (await ctx.services.teams.invitors(ctx.port.account, body)).map(teamMemberRecord) }),

  getTeamHistoryMsgs: async (ctx, body) => ({ msgs: await teamMessageRecords(ctx, await teamHistory(ctx.services.teams.db, ctx.port.account, body, false)) }),

  searchTeamHistoryMsgs: async (ctx, body) => ({ msgs: await teamMessageRecords(ctx, await teamHistory(ctx.services.teams.db, ctx.port.account, body, true)) }),

  /** The counts after the read go back to the reader and, as teamMsgReceipt, to the sender's ports. */
  sendTeamMsgReceipt: async (ctx, body) => {
    const counts = await ctx.services.teamMessages.receipts.markRead(ctx.port.account, body.receipts);
    for (const sender of new Set(counts.map((c) => c.sender))) {
      const mine = counts.filter((c) => c.sender === sender).map(receiptRecord);
      ctx.afterResponse(() => ctx.publish(sender, { kind: 'push', command: 'teamMsgReceipt', body: { receipts: mine } }));
    }
    return { receipts: counts.map(receiptRecord) };
  },

  getTeamMsgReads: async (ctx, body) => ({ receipts: (await ctx.services.teamMessages.receipts.counts(ctx.port.account, body.receipts)).map(receiptRecord) }),

  getTeamMsgReadAccounts: async (ctx, body) => ({ detail: await ctx.services.teamMessages.receipts.detail(ctx.port.account, body.receipt) }),

  sendTeamMsg: async (ctx, body) => {
    const sender = ctx.port.account;
    const { message, recipients, forcePush, duplicate } = await ctx.services.teamMessages.send(actorOf(ctx), body.msg);
    const receipt = body.msg?.needMsgReceipt === true ? { needMsgReceipt: true } : {};
    // Offline pushes before the answer, once per message and device, as for p2p (docs/protocol.md "Push settings").
    await ctx.services.push.queueOfflineTeamPush(message, recipients, forcePush, body.msg ?? {}, (account) => ctx.listPorts(account));
    if (!duplicate) {
      ctx.afterResponse(async () => {
        const incoming = { msg: { ...messageRecord(message, ''), ...receipt } };
        const others = recipients.filter((account) => account !== sender);
        // The forced-push list's members get their copy marked (§8 811; docs/im-teams.md "Forced push").
        const forced = others.filter((account) => forcePush.includes(account));
        const plain = forced.length === 0 ? others : others.filter((account) => !forcePush.includes(account));
        await Promise.all([
          ...(recipients.includes(sender) ? [ctx.publish(sender, { kind: 'push', command: 'syncSendMsg', body: { msg: messageRecord(message, sender) }, exceptConnectionId: ctx.port.connectionId })] : []),
          // One event for every other member: routed once between nodes, encoded once per node.
          ctx.publishToMany(plain, { kind: 'push', command: 'teamMsg', body: incoming }),
          ...(forced.length > 0 ? [ctx.publishToMany(forced, { kind: 'push', command: 'teamMsg', body: { msg: { ...incoming.msg, isForcePush: true } } })] : []),
        ]);
        // The members' inbox, session and sequence rows, after the push and off this connection's queue.
        ctx.services.teamMessages.fanout.pushed(Number(message.to));
      });
    }
    return { msg: { ...messageRecord(message, sender), ...receipt } };
  },
};

function receiptRecord(count: TeamReceiptCount) {
  return { teamId: count.teamId, idServer: count.idServer, idClient: count.idClient, read: count.read, unread: count.unread };
}

/** History records as the caller sees them, with needMsgReceipt on the messages that asked for receipts. */
async function teamMessageRecords(ctx: CommandContext, messages: readonly StoredMessage[]) {
  const asked = await ctx.services.teamMessages.receipts.askedForReceipts(messages.map((m) => m.idServer));
  return messages.map((m) => ({ ...messageRecord(m, ctx.port.account), ...(asked.has(m.idServer) ? { needMsgReceipt: true } : {}) }));
}

/** markSessionAck for a team session (scene 1, `to` the team id); the account's other ports clear the same unread. */
export async function markTeamSessionAck(ctx: CommandContext, body: { to?: string; timetag?: number }): Promise<Record<string, never>> {
  const read = await markTeamSessionRead(ctx.services.teams.db, ctx.port.account, body.to, body.timetag || undefined);
  if (!read) throw new ImServerError(ResponseCode.NOT_FOUND, 'session not found');
  ctx.afterResponse(() =>
    ctx.publish(ctx.port.account, {
      kind: 'push',
      command: 'sessionAck',
      body: { scene: SceneCode.team, to: body.to as string, timetag: read.ack },
      exceptConnectionId: ctx.port.connectionId,
    }),
  );
  return {};
}

/** After the answer: the notification and the changed member rows to every told account's ports (the caller's too), system messages to their receivers. */
/** §8 813: some accounts were left out by the member limit; the others were added and stay added. */
export function answerPartlyWhenAborted(ctx: CommandContext, aborted: readonly string[], level: number): void {
  if (aborted.length > 0) ctx.answerPartly(ResponseCode.PARTIAL_ADD_TEAM_LIMIT, partialAddMessage(aborted, level));
}

export function publishTeamChange(ctx: CommandContext, change: TeamChange): void {
  ctx.afterResponse(async () => {
    const notification = change.notification;
    const members = change.members.map(teamMemberRecord);
    await Promise.all(
      change.audience.flatMap((account) => [
        ...(notification ? [ctx.publish(account, { kind: 'push', command: 'teamMsg', body: { msg: messageRecord(notification, account) } })] : []),
        ...(members.length > 0 ? [ctx.publish(account, { kind: 'push', command: 'teamMembersUpdated', body: { members, timetag: change.memberTimetag } })] : []),
      ]),
    );
    // New system messages to their receivers, answered ones (state passed/rejected) to every port of theirs.
    await Promise.all(change.sysMsgs.map((sysMsg) => ctx.publish(sysMsg.to, { kind: 'push', command: 'sysMsg', body: { sysMsg: sysMsgRecord(sysMsg) } })));
  });
}

/** The team part of a sync (§4 order: after users, before sessions). */
export function pushTeamSync(ctx: CommandContext, result: SyncResult): void {
  if (result.teams.length > 0) ctx.pushToSelf('syncTeams', { teams: result.teams.map(teamRecord), timetag: result.timetag });
  if (result.myTeamMembers.length > 0) ctx.pushToSelf('syncMyTeamMembers', { members: result.myTeamMembers.map(teamMemberRecord), timetag: result.timetag });
}
