import type { Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { ResponseCode } from '../../protocol';
import { ImServerError } from '../errors';
import { insertSysMsg, sysMsgFromRow, type ServerSysMsg, type SysMsgCategory, type SysMsgState } from '../system-msg/sys-msg-service';
import { allocateSeqsBulk } from './team-fanout';
import { applyTeamPlan, loadTeamState, requireMember, type TeamActor, type TeamChange, type TeamState } from './team-change';
import { BeInviteMode, isManagerOrOwner, JoinMode, MemberType, parseAccount, parseTeamId, parseText, teamError, TeamType, type TeamView } from './team-model';

/** System message types of team joins (§3 System message, category team); the answers are ours, named after the commands. */
export const TeamSysMsgType = {
  apply: 'applyTeam',
  rejectApply: 'rejectTeamApply',
  invite: 'teamInvite',
  rejectInvite: 'rejectTeamInvite',
} as const;

/**
 * A team or super team system message names its team in attach; the team id leads, so a prefix
 * finds it (digits only, no LIKE wildcards).
 */
export const teamAttach = (teamId: number, extra?: string) => JSON.stringify({ teamId: String(teamId), ...(extra ? { attach: extra } : {}) });

/** Whether an advanced team's invitations wait for the invitee (§3 beInviteMode needVerify); a normal team adds at once. */
export const invitesWait = (state: TeamState) => state.team.type === TeamType.advanced && state.team.beInviteMode === BeInviteMode.needVerify;

/**
 * Invitations (addTeamMembers / createTeam on an advanced team with beInviteMode needVerify): each
 * invitee gets a `teamInvite` system message (state init) and joins only by acceptTeamInvite.
 */
export async function writeInvites(trx: Kysely<ImDatabase>, teamId: number, inviter: string, invitees: readonly string[], ps: string, attach: string, now: number): Promise<ServerSysMsg[]> {
  await allocateSeqsBulk(trx, invitees);
  const sysMsgs: ServerSysMsg[] = [];
  for (const invitee of invitees) {
    sysMsgs.push(await insertSysMsg(trx, { receiver: invitee, sender: inviter, category: 'team', type: TeamSysMsgType.invite, ps, attach: teamAttach(teamId, attach), time: now }));
  }
  return sysMsgs;
}

/**
 * Applications and invitations (applyTeam, passTeamApply, rejectTeamApply, acceptTeamInvite,
 * rejectTeamInvite; §4 System message states init → passed | rejected). Pending system messages
 * are found by type, sender and the team in attach; answering one answers every copy (an
 * application goes to the owner and each manager), each with its receiver's next sync number.
 */
export class TeamJoinService {
  constructor(
    private readonly db: Kysely<ImDatabase>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * applyTeam (advanced teams only, 805): joinMode noVerify joins at once, rejectAll refuses (802),
   * needVerify sends an `applyTeam` system message to the owner and every manager.
   */
  async apply(actor: TeamActor, input: { teamId?: unknown; ps?: unknown }): Promise<{ view: TeamView; change: TeamChange }> {
    const teamId = parseTeamId(input.teamId);
    const ps = parseText(input.ps, 'ps') ?? '';
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const { row, state } = await loadTeamState(trx, teamId, actor.account);
      if (state.team.type !== TeamType.advanced) throw teamError.typeMismatch('only advanced teams take applications');
      if (state.me) throw teamError.alreadyIn([actor.account]);
      if (state.team.joinMode === JoinMode.rejectAll) throw teamError.noPermission('this team takes no applications');
      if (state.team.joinMode === JoinMode.noVerify) {
        if (state.validMembers().length + 1 > state.team.level) throw teamError.memberLimit(state.team.level);
        const change = await applyTeamPlan(trx, row, state, actor, { members: [{ account: actor.account, type: MemberType.normal, valid: true, rejoin: true }], notify: { type: 'passTeamApply', attach: { account: actor.account } } }, now);
        return { view: { team: change.team, validToCurrentUser: true }, change };
      }
      const deciders = state.validMembers().filter(isManagerOrOwner).map((m) => m.account);
      await allocateSeqsBulk(trx, deciders);
      const sysMsgs: ServerSysMsg[] = [];
      for (const receiver of deciders) {
        sysMsgs.push(await insertSysMsg(trx, { receiver, sender: actor.account, category: 'team', type: TeamSysMsgType.apply, ps, attach: teamAttach(teamId), time: now }));
      }
      const change = await applyTeamPlan(trx, row, state, actor, { unchanged: true, sysMsgs }, now);
      return { view: { team: state.team, validToCurrentUser: false }, change };
    });
  }

  /** passTeamApply / rejectTeamApply by the owner or a manager (802); no pending application from `from` → 404. */
  async answerApply(actor: TeamActor, input: { teamId?: unknown; from?: unknown; ps?: unknown }, pass: boolean): Promise<TeamChange> {
    const teamId = parseTeamId(input.teamId);
    const from = parseAccount(input.from, 'from');
    const ps = parseText(input.ps, 'ps') ?? '';
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const { row, state } = await loadTeamState(trx, teamId, actor.account);
      if (!isManagerOrOwner(requireMember(state))) throw teamError.noPermission('only the owner and managers may answer applications');
      const pending = await pendingJoinSysMsgs(trx, 'team', teamId, { sender: from, type: TeamSysMsgType.apply });
      if (pending.length === 0) throw new ImServerError(ResponseCode.NOT_FOUND, `no application from ${from}`);
      if (pass && state.isValidMember(from)) throw teamError.alreadyIn([from]);
      if (pass && state.validMembers().length + 1 > state.team.level) throw teamError.memberLimit(state.team.level);
      // Every account this transaction numbers, locked in sorted order before any single allocation.
      await allocateSeqsBulk(trx, [...state.validMembers().map((m) => m.account), from, ...pending.map((p) => p.receiver)]);
      const resolved = await resolvePending(trx, pending, pass ? 'passed' : 'rejected');
      if (!pass) {
        const answer = await insertSysMsg(trx, { receiver: from, sender: actor.account, category: 'team', type: TeamSysMsgType.rejectApply, ps, attach: teamAttach(teamId), time: now });
        return applyTeamPlan(trx, row, state, actor, { unchanged: true, sysMsgs: [...resolved, answer] }, now);
      }
      return applyTeamPlan(
        trx, row, state, actor,
        { members: [{ account: from, type: MemberType.normal, valid: true, rejoin: true }], notify: { type: 'passTeamApply', attach: { account: from } }, sysMsgs: resolved },
        now,
      );
    });
  }

  /** acceptTeamInvite / rejectTeamInvite by the invitee; no pending invitation from `from` → 404. */
  async answerInvite(actor: TeamActor, input: { teamId?: unknown; from?: unknown; ps?: unknown }, accept: boolean): Promise<{ view: TeamView; change: TeamChange }> {
    const teamId = parseTeamId(input.teamId);
    const from = parseAccount(input.from, 'from');
    const ps = parseText(input.ps, 'ps') ?? '';
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const { row, state } = await loadTeamState(trx, teamId, actor.account);
      const pending = await pendingJoinSysMsgs(trx, 'team', teamId, { sender: from, receiver: actor.account, type: TeamSysMsgType.invite });
      if (pending.length === 0) throw new ImServerError(ResponseCode.NOT_FOUND, `no invitation from ${from}`);
      if (accept && state.me) throw teamError.alreadyIn([actor.account]);
      if (accept && state.validMembers().length + 1 > state.team.level) throw teamError.memberLimit(state.team.level);
      await allocateSeqsBulk(trx, [...state.validMembers().map((m) => m.account), actor.account, from]);
      const resolved = await resolvePending(trx, pending, accept ? 'passed' : 'rejected');
      if (!accept) {
        const answer = await insertSysMsg(trx, { receiver: from, sender: actor.account, category: 'team', type: TeamSysMsgType.rejectInvite, ps, attach: teamAttach(teamId), time: now });
        const change = await applyTeamPlan(trx, row, state, actor, { unchanged: true, sysMsgs: [...resolved, answer] }, now);
        return { view: { team: state.team, validToCurrentUser: false }, change };
      }
      const change = await applyTeamPlan(
        trx, row, state, actor,
        { members: [{ account: actor.account, type: MemberType.normal, valid: true, invitor: from, rejoin: true }], notify: { type: 'acceptTeamInvite', attach: { account: actor.account, from } }, sysMsgs: resolved },
        now,
      );
      return { view: { team: change.team, validToCurrentUser: true }, change };
    });
  }
}

export interface PendingRow {
  id_server: number;
  receiver: string;
}

/** The system messages of joins: category team, or superTeam for a super team's (super-team-joins.ts). */
export type JoinSysMsgCategory = Extract<SysMsgCategory, 'team' | 'superTeam'>;

/** Pending (state init) join system messages of the team in `category`, by type and sender (and receiver). */
export async function pendingJoinSysMsgs(trx: Kysely<ImDatabase>, category: JoinSysMsgCategory, teamId: number, where: { sender: string; type: string; receiver?: string }): Promise<PendingRow[]> {
  const exact = teamAttach(teamId);
  let q = trx
    .selectFrom('im_sys_msg')
    .select(['id_server', 'receiver'])
    .where('category', '=', category)
    .where('type', '=', where.type)
    .where('sender', '=', where.sender)
    .where('state', '=', 'init')
    .where((eb) => eb.or([eb('attach', '=', exact), eb('attach', 'like', `${exact.slice(0, -1)},%`)]));
  if (where.receiver) q = q.where('receiver', '=', where.receiver);
  // No row lock: the team row's lock already orders every answer of this team, and locking these rows
  // before the receivers' sequence rows would invert the order markRead (7/3) takes them in.
  return q.execute();
}

/** Moves the pending copies to `state`, each with its receiver's next sync number, and marks them read (answered). */
export async function resolvePending(trx: Kysely<ImDatabase>, pending: readonly PendingRow[], state: SysMsgState): Promise<ServerSysMsg[]> {
  const receivers = [...new Set(pending.map((p) => p.receiver))];
  const seqs = await allocateSeqsBulk(trx, receivers);
  const resolved: ServerSysMsg[] = [];
  for (const receiver of receivers) {
    const rows = await trx
      .updateTable('im_sys_msg')
      .set({ state, read: true, seq: seqs.get(receiver) as number })
      .where('id_server', 'in', pending.filter((p) => p.receiver === receiver).map((p) => p.id_server))
      .returningAll()
      .execute();
    resolved.push(...rows.map(sysMsgFromRow));
  }
  return resolved;
}
