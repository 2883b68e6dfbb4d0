import { ResponseCode, SceneCode } from '../protocol';
import { ImServerError } from '../domain/errors';
import type { StoredMessage } from '../domain/msg/message';
import type { TeamActor } from '../domain/team/team-change';
import type { SuperTeamChange } from '../domain/super-team/super-team-change';
import { superTeamSessionId } from '../domain/super-team/super-team-model';
import { sendSuperTeamMsg } from '../domain/super-team/super-team-messages';
import { markSuperTeamRead, superTeamHistory, superTeamSync } from '../domain/super-team/super-team-stream';
import { superTeamRecallsSince } from '../domain/super-team/super-team-recall';
import { recalledRecord } from './history-handlers';
import { messageRecord, sysMsgRecord } from './records';
import { answerPartlyWhenAborted, teamMemberRecord, teamRecord } from './team-handlers';
import type { CommandContext, CommandHandlers } from './handler-types';

/** A super team message as `viewer` sees it: its session is the team's (`superTeam-<id>`) for every member. */
export function superTeamMessageRecord(message: StoredMessage, viewer: string) {
  return { ...messageRecord(message, viewer), sessionId: superTeamSessionId(message.to) };
}

const actorOf = (ctx: CommandContext): TeamActor => ({ account: ctx.port.account, nick: ctx.nick, clientType: ctx.port.type, deviceId: ctx.port.deviceId });

/** Super team system messages: pushed as superTeamSysMsg and acknowledged with the read-ack pair 21/19 (im-client-spec §7). */
export const SUPER_TEAM_SYS_MSG_READ_ACK = { serviceId: 21, commandId: 19 } as const;

/**
 * Super teams (issue 12; docs/im-super-teams.md). A change is stored first with its notification in
 * the team's stream; after the answer the notification goes to every member as one routed event
 * (Router.publishToMany: once between nodes, encoded once per node), and system messages to their
 * receivers. A port that misses a push reads the stream by sync.
 */
export const SUPER_TEAM_HANDLERS: CommandHandlers = {
  sendSuperTeamMsg: async (ctx, body) => {
    const sender = ctx.port.account;
    const teams = ctx.services.superTeams;
    const { message, memberSeq, duplicate } = await sendSuperTeamMsg(teams.db, actorOf(ctx), body.msg, teams.nextMessageTime(), ctx.services.antispam);
    if (!duplicate) {
      ctx.afterResponse(async () => {
        const members = await teams.memberAccounts(Number(message.to), memberSeq);
        await Promise.all([
          ctx.publish(sender, { kind: 'push', command: 'syncSendMsg', body: { msg: superTeamMessageRecord(message, sender) }, exceptConnectionId: ctx.port.connectionId }),
          // One event for every other member: routed once between nodes, encoded once per node.
          ctx.publishToMany(members.filter((a) => a !== sender), { kind: 'push', command: 'superTeamMsg', body: { msg: superTeamMessageRecord(message, '') } }),
        ]);
      });
    }
    return { msg: superTeamMessageRecord(message, sender) };
  },

  getSuperTeam: async (ctx, body) => ({ team: teamRecord(await ctx.services.superTeams.get(ctx.port.account, body.teamId)) }),

  // Every super team of the account each time (few per account): the timetag carries no cursor.
  getSuperTeams: async (ctx) => ({ teams: (await ctx.services.superTeams.listForAccount(ctx.port.account)).map(teamRecord), timetag: 0 }),

  getSuperTeamMembers: async (ctx, body) => {
    const members = await ctx.services.superTeams.membersByJoinTime(ctx.port.account, body);
    return { members: members.map(teamMemberRecord), timetag: members.at(-1)?.joinTime ?? 0 };
  },

  getSuperTeamMembersByAccounts: async (ctx, body) => ({ members: (await ctx.services.superTeams.membersByAccounts(ctx.port.account, body)).map(teamMemberRecord), timetag: 0 }),

  getMySuperTeamMembers: async (ctx, body) => ({ members: (await ctx.services.superTeams.myMembers(ctx.port.account, body.teamIds ?? [])).map(teamMemberRecord), timetag: 0 }),

  getSuperTeamMemberInvitorAccid: async (ctx, body) => ({ invitors: (await ctx.services.superTeams.invitors(ctx.port.account, body)).map(teamMemberRecord) }),

  getSuperTeamHistoryMsgs: async (ctx, body) => ({
    msgs: (await superTeamHistory(ctx.services.superTeams.db, ctx.port.account, body)).map((m) => superTeamMessageRecord(m, ctx.port.account)),
  }),

  updateSuperTeam: async (ctx, body) => {
    const change = await ctx.services.superTeams.update(actorOf(ctx), body.team);
    publishSuperTeamChange(ctx, change);
    return { time: change.team.updateTime };
  },

  addSuperTeamMembers: async (ctx, body) => {
    const change = await ctx.services.superTeams.addMembers(actorOf(ctx), body);
    publishSuperTeamChange(ctx, change);
    answerPartlyWhenAborted(ctx, change.aborted, change.team.level);
    return { abortedAccidList: change.aborted, time: change.team.updateTime };
  },

  removeSuperTeamMembers: async (ctx, body) => changed(ctx, await ctx.services.superTeams.removeMembers(actorOf(ctx), body)),
  leaveSuperTeam: async (ctx, body) => changed(ctx, await ctx.services.superTeams.leave(actorOf(ctx), body.teamId)),
  dismissSuperTeam: async (ctx, body) => changed(ctx, await ctx.services.superTeams.dismiss(actorOf(ctx), body.teamId)),
  addSuperTeamManagers: async (ctx, body) => changed(ctx, await ctx.services.superTeams.setManagers(actorOf(ctx), body, true)),
  removeSuperTeamManagers: async (ctx, body) => changed(ctx, await ctx.services.superTeams.setManagers(actorOf(ctx), body, false)),
  transferSuperTeam: async (ctx, body) => changed(ctx, await ctx.services.superTeams.transfer(actorOf(ctx), body)),
  updateSuperTeamMembersMute: async (ctx, body) => changed(ctx, await ctx.services.superTeams.muteMembers(actorOf(ctx), body)),
  muteSuperTeamAll: async (ctx, body) => changed(ctx, await ctx.services.superTeams.muteAll(actorOf(ctx), body)),
  updateInfoInSuperTeam: async (ctx, body) => changed(ctx, await ctx.services.superTeams.updateMyInfo(actorOf(ctx), body.member)),
  superTeamAction: async (ctx, body) => changed(ctx, await ctx.services.superTeams.action(actorOf(ctx), body)),

  applySuperTeam: async (ctx, body) => {
    const { view, change } = await ctx.services.superTeams.joins.apply(actorOf(ctx), body);
    publishSuperTeamChange(ctx, change);
    return { team: teamRecord(view) };
  },
  passSuperTeamApply: async (ctx, body) => changed(ctx, await ctx.services.superTeams.joins.answerApply(actorOf(ctx), body, true)),
  rejectSuperTeamApply: async (ctx, body) => changed(ctx, await ctx.services.superTeams.joins.answerApply(actorOf(ctx), body, false)),
  acceptSuperTeamInvite: async (ctx, body) => {
    const { view, change } = await ctx.services.superTeams.joins.answerInvite(actorOf(ctx), body, true);
    publishSuperTeamChange(ctx, change);
    return { team: teamRecord(view) };
  },
  rejectSuperTeamInvite: async (ctx, body) => changed(ctx, (await ctx.services.superTeams.joins.answerInvite(actorOf(ctx), body, false)).change),
};

function changed(ctx: CommandContext, change: SuperTeamChange): Record<string, never> {
  publishSuperTeamChange(ctx, change);
  return {};
}

/** After the answer: the notification to every member and to those the change took out; system messages to their receivers. */
export function publishSuperTeamChange(ctx: CommandContext, change: SuperTeamChange): void {
  ctx.afterResponse(async () => {
    const notification = change.notification;
    if (notification) {
      const members = change.team.valid ? await ctx.services.superTeams.memberAccounts(Number(change.team.teamId), change.team.memberUpdateTime) : [];
      const audience = [...new Set([...members, ...change.left])];
      await ctx.publishToMany(audience, { kind: 'push', command: 'superTeamMsg', body: { msg: superTeamMessageRecord(notification, '') } });
    }
    await Promise.all(change.sysMsgs.map((sysMsg) => ctx.publish(sysMsg.to, { kind: 'push', command: 'superTeamSysMsg', body: { sysMsg: sysMsgRecord(sysMsg) } })));
  });
}

/** markSessionAck of a super team session (scene 5): the read position moves; the account's other ports clear the same unread. */
export async function markSuperTeamSessionAck(ctx: CommandContext, body: { to?: string; timetag?: number }): Promise<Record<string, never>> {
  const read = await markSuperTeamRead(ctx.services.superTeams.db, ctx.port.account, body.to, body.timetag || undefined);
  if (!read) throw new ImServerError(ResponseCode.NOT_FOUND, 'session not found');
  ctx.afterResponse(() =>
    ctx.publish(ctx.port.account, { kind: 'push', command: 'sessionAck', body: { scene: SceneCode.superTeam, to: body.to as string, timetag: read.ack }, exceptConnectionId: ctx.port.connectionId }),
  );
  return {};
}

/** markRead / batchMarkRead with the super team system message pair 21/19: those system messages become read. */
export async function markSuperTeamSysMsgsRead(ctx: CommandContext, serviceId: number | undefined, commandId: number | undefined, idServers: readonly string[]): Promise<void> {
  if (serviceId !== SUPER_TEAM_SYS_MSG_READ_ACK.serviceId || commandId !== SUPER_TEAM_SYS_MSG_READ_ACK.commandId) return;
  if (idServers.length > 100) throw new ImServerError(ResponseCode.PARAMETER_ERROR, 'at most 100 idServers');
  const changedMsgs = await ctx.services.sysMsgs.markRead(ctx.port.account, idServers);
  for (const sysMsg of changedMsgs) {
    ctx.afterResponse(() => ctx.publish(ctx.port.account, { kind: 'push', command: 'superTeamSysMsg', body: { sysMsg: sysMsgRecord(sysMsg) }, exceptConnectionId: ctx.port.connectionId }));
  }
}

/**
 * The super team part of a sync, read before the answer and pushed after it (§4 order: super teams
 * after teams; their sessions, acks and roaming messages beside the others'): every super team of
 * the account, and per valid one its session and the newest messages after its read position; and
 * the recalls of its super teams above the client's `deleteSuperTeamMsg` timetag
 * (syncDeleteSuperTeamMsgs, whose timetag is where the server's super team recall stream was read to).
 */
export async function loadSuperTeamSync(ctx: CommandContext, off: ReadonlySet<string> = new Set(), deleteTimetag?: number): Promise<() => void> {
  const account = ctx.port.account;
  // §5 syncSuperTeams / syncSuperTeamRoamingMsgs off (the sync request's offKinds): not sent.
  const teams = off.has('superTeams') ? [] : await ctx.services.superTeams.listForAccount(account);
  const roaming = !off.has('superTeamRoamingMsgs');
  // A recall committed after this read is numbered above the timetag answered now: the next sync brings it.
  const recalls = await superTeamRecallsSince(ctx.services.superTeams.db, account, deleteTimetag);
  const entries = await superTeamSync(ctx.services.superTeams.db, account);
  return () => {
    if (teams.length > 0) ctx.pushToSelf('syncSuperTeams', { teams: teams.map(teamRecord), timetag: 0 });
    // Sent when there is news or the client's timetag is not where the stream was read to (it then moves on).
    if (recalls.recalls.length > 0 || recalls.timetag !== (deleteTimetag ?? 0)) {
      ctx.pushToSelf('syncDeleteSuperTeamMsgs', { deleted: recalls.recalls.map(recalledRecord), timetag: recalls.timetag });
    }
    if (entries.length === 0) return;
    const sessions = entries
      .filter((e) => e.lastMsg)
      .map((e) => ({
        id: superTeamSessionId(e.teamId),
        scene: SceneCode.superTeam,
        to: e.teamId,
        ack: e.ackTime,
        unread: e.unread,
        updateTime: (e.lastMsg as StoredMessage).time,
        lastMsg: superTeamMessageRecord(e.lastMsg as StoredMessage, account),
      }));
    if (sessions.length > 0) ctx.pushToSelf('syncSessions', { sessions, timetag: 0 });
    ctx.pushToSelf('syncSessionAcks', { acks: entries.map((e) => ({ scene: SceneCode.superTeam, to: e.teamId, timetag: e.ackTime })), timetag: 0 });
    const msgs = entries.flatMap((e) => e.messages.map((m) => superTeamMessageRecord(m, account)));
    const more = entries.filter((e) => e.hasMore).map((e) => superTeamSessionId(e.teamId));
    if (roaming && msgs.length > 0) ctx.pushToSelf('roamingMsgs', { msgs, timetag: 0, sessionsWithMoreRoaming: more });
  };
}
