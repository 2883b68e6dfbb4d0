import { ResponseCode } from '../../protocol';
import { ImServerError } from '../errors';
import { insertSysMsg, type ServerSysMsg } from '../system-msg/sys-msg-service';
import { allocateSeqsBulk } from '../team/team-fanout';
import type { TeamActor } from '../team/team-change';
import { pendingJoinSysMsgs, resolvePending, teamAttach } from '../team/team-join-service';
import { isManagerOrOwner, JoinMode, MemberType, parseAccount, parseTeamId, parseText, teamError, type TeamView } from '../team/team-model';
import { applySuperTeamPlan, loadSuperTeam, requireSuperMember, type SuperTeamChange, type SuperTeamPlan, type SuperTeamState } from './super-team-change';
import { asImDb, SuperTeamSysMsgType, type SuperTeamDb } from './super-team-model';

type Change = (teamId: number, actor: TeamActor, plan: (state: SuperTeamState, trx: SuperTeamDb) => SuperTeamPlan | Promise<SuperTeamPlan>) => Promise<SuperTeamChange>;

/**
 * Applications and invitations of super teams (apply/pass/reject, accept/reject invite; §4 system
 * message states init → passed | rejected). The system messages are category superTeam, numbered by
 * their receiver's sync sequence (offline receivers get them by sync), pushed as superTeamSysMsg
 * and acknowledged with the read-ack pair 21/19.
 */
export class SuperTeamJoins {
  constructor(
    private readonly db: SuperTeamDb,
    private readonly now: () => number,
    private readonly change: Change,
  ) {}

  async writeInvites(trx: SuperTeamDb, teamId: number, inviter: string, invitees: readonly string[], ps: string, attach: string): Promise<ServerSysMsg[]> {
    const db = asImDb(trx);
    await allocateSeqsBulk(db, invitees);
    const sysMsgs: ServerSysMsg[] = [];
    for (const invitee of invitees) {
      sysMsgs.push(await insertSysMsg(db, { receiver: invitee, sender: inviter, category: 'superTeam', type: SuperTeamSysMsgType.invite, ps, attach: teamAttach(teamId, attach), time: this.now() }));
    }
    return sysMsgs;
  }

  /** applySuperTeam: joinMode noVerify joins at once, rejectAll refuses (802), needVerify asks the owner and managers. */
  async apply(actor: TeamActor, input: { teamId?: unknown; ps?: unknown }): Promise<{ view: TeamView; change: SuperTeamChange }> {
    const teamId = parseTeamId(input.teamId);
    const ps = parseText(input.ps, 'ps') ?? '';
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const state = await loadSuperTeam(trx, teamId, actor.account);
      if (state.me) throw teamError.alreadyIn([actor.account]);
      if (state.team.joinMode === JoinMode.rejectAll) throw teamError.noPermission('this super team takes no applications');
      if (state.team.joinMode === JoinMode.noVerify) {
        if (state.team.memberNum + 1 > state.team.level) throw teamError.memberLimit(state.team.level);
        const change = await applySuperTeamPlan(trx, state, actor, { members: [{ account: actor.account, type: MemberType.normal, valid: true, rejoin: true }], notify: { type: 'passSuperTeamApply', attach: { account: actor.account } } }, now);
        return { view: { team: change.team, validToCurrentUser: true }, change };
      }
      const deciders = await trx
        .selectFrom('im_super_team_member')
        .select('accid')
        .where('team_id', '=', teamId)
        .where('valid', '=', true)
        .where('type', 'in', [MemberType.owner, MemberType.manager])
        .execute();
      const db = asImDb(trx);
      await allocateSeqsBulk(db, deciders.map((d) => d.accid));
      const sysMsgs: ServerSysMsg[] = [];
      for (const { accid } of deciders) {
        sysMsgs.push(await insertSysMsg(db, { receiver: accid, sender: actor.account, category: 'superTeam', type: SuperTeamSysMsgType.apply, ps, attach: teamAttach(teamId), time: now }));
      }
      return { view: { team: state.team, validToCurrentUser: false }, change: { team: state.team, members: [], left: [], sysMsgs } };
    });
  }

  /** passSuperTeamApply / rejectSuperTeamApply by the owner or a manager (802); no pending application → 404. */
  answerApply(actor: TeamActor, input: { teamId?: unknown; from?: unknown; ps?: unknown }, pass: boolean): Promise<SuperTeamChange> {
    const teamId = parseTeamId(input.teamId);
    const from = parseAccount(input.from, 'from');
    const ps = parseText(input.ps, 'ps') ?? '';
    return this.change(teamId, actor, async (state, trx) => {
      if (!isManagerOrOwner(requireSuperMember(state))) throw teamError.noPermission('only the owner and managers may answer applications');
      const pending = await pendingJoinSysMsgs(asImDb(trx), 'superTeam', teamId, { sender: from, type: SuperTeamSysMsgType.apply });
      if (pending.length === 0) throw new ImServerError(ResponseCode.NOT_FOUND, `no application from ${from}`);
      if (pass && (await state.load([from])).get(from)?.valid === true) throw teamError.alreadyIn([from]);
      if (pass && state.team.memberNum + 1 > state.team.level) throw teamError.memberLimit(state.team.level);
      const resolved = await resolvePending(asImDb(trx), pending, pass ? 'passed' : 'rejected');
      if (!pass) {
        const answer = await insertSysMsg(asImDb(trx), { receiver: from, sender: actor.account, category: 'superTeam', type: SuperTeamSysMsgType.rejectApply, ps, attach: teamAttach(teamId), time: this.now() });
        return { unchanged: true, sysMsgs: [...resolved, answer] };
      }
      return { members: [{ account: from, type: MemberType.normal, valid: true, rejoin: true }], notify: { type: 'passSuperTeamApply', attach: { account: from } }, sysMsgs: resolved };
    });
  }

  /** acceptSuperTeamInvite / rejectSuperTeamInvite by the invitee; no pending invitation from `from` → 404. */
  async answerInvite(actor: TeamActor, input: { teamId?: unknown; from?: unknown; ps?: unknown }, accept: boolean): Promise<{ view: TeamView; change: SuperTeamChange }> {
    const teamId = parseTeamId(input.teamId);
    const from = parseAccount(input.from, 'from');
    const ps = parseText(input.ps, 'ps') ?? '';
    const change = await this.change(teamId, actor, async (state, trx) => {
      const pending = await pendingJoinSysMsgs(asImDb(trx), 'superTeam', teamId, { sender: from, receiver: actor.account, type: SuperTeamSysMsgType.invite });
      if (pending.length === 0) throw new ImServerError(ResponseCode.NOT_FOUND, `no invitation from ${from}`);
      if (accept && state.me) throw teamError.alreadyIn([actor.account]);
      if (accept && state.team.memberNum + 1 > state.team.level) throw teamError.memberLimit(state.team.level);
      const resolved = await resolvePending(asImDb(trx), pending, accept ? 'passed' : 'rejected');
      if (!accept) {
        const answer = await insertSysMsg(asImDb(trx), { receiver: from, sender: actor.account, category: 'superTeam', type: SuperTeamSysMsgType.rejectInvite, ps, attach: teamAttach(teamId), time: this.now() });
        return { unchanged: true, sysMsgs: [...resolved, answer] };
      }
      return { members: [{ account: actor.account, type: MemberType.normal, valid: true, invitor: from, rejoin: true }], notify: { type: 'acceptSuperTeamInvite', attach: { account: actor.account, from } }, sysMsgs: resolved };
    });
    return { view: { team: change.team, validToCurrentUser: accept }, change };
  }
}
