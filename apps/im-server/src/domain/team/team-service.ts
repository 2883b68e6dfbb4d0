import type { Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { ResponseCode } from '../../protocol';
import { ImServerError, parameterError } from '../errors';
import { readHead } from '../sync/sequence';
import { invitesWait, TeamJoinService, writeInvites } from './team-join-service';
import { allocateSeqsBulk } from './team-fanout';
import { applyTeamPlan, loadTeamState, requireMember, type MemberWrite, type TeamActor, type TeamChange, type TeamPlan, type TeamState } from './team-change';
import {
  isManagerOrOwner, MemberType, MUTE_TEAM_BIT, MuteType, TEAM_MANAGER_LIMIT,
  MAX_TEAM_ACCOUNTS, TEAM_FIELD_MAX_LENGTH, admitWithinLimit, TEAMS_OWNED_LIMIT, TeamMode, TeamType, memberFromRow, parseAccount, parseAccounts, parseCreateTeam, parseTeamId, parseText, parseUpdateTeam,
  teamError, teamFromRow, checkTeamUpdate, newTeamSettingColumns, teamSettingsPatch, type ServerTeamMember, type TeamView,
} from './team-model';

export interface MemberUpdateInput {
  teamId?: string;
  nickInTeam?: string;
  bits?: number;
  muteNotiType?: number;
  custom?: string;
}

/**
 * Normal and advanced teams (im-client-spec §3 Team, §4 Team, §5 Teams, §6, §8 801–815;
 * docs/protocol.md "Teams"). Every change locks the team row, checks the caller's permission on
 * the locked state, and writes the rows, the members' sync numbers and the event notification in
 * one transaction (team-change.ts); the gateway pushes after the answer.
 */
export class TeamService {
  /** Applications and invitations (team-join-service.ts). */
  readonly joins: TeamJoinService;

  constructor(
    readonly db: Kysely<ImDatabase>,
    private readonly now: () => number = Date.now,
  ) {
    this.joins = new TeamJoinService(db, now);
  }

  /** §5: type and name required; the creator is the owner; defaults beInviteMode needVerify, the three modes manager. */
  async create(actor: TeamActor, input: { team?: unknown; accounts?: unknown; ps?: unknown }): Promise<TeamChange & { aborted: string[] }> {
    const settings = parseCreateTeam(input.team);
    const requested = parseAccounts(input.accounts, { allowEmpty: true }).filter((a) => a !== actor.account);
    const ps = parseText(input.ps, 'ps') ?? '';
    // The owner takes one place; accounts past the level are left out (813), never the whole team.
    const { admitted, aborted } = admitWithinLimit(requested, settings.level - 1, settings.level);
    const accounts = admitted;
    await this.requireAccounts(requested);
    const owned = await this.db
      .selectFrom('im_team')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner', '=', actor.account)
      .where('valid', '=', true)
      .executeTakeFirstOrThrow();
    if (Number(owned.n) >= TEAMS_OWNED_LIMIT) throw new ImServerError(ResponseCode.TEAM_CREATION_LIMIT, `at most ${TEAMS_OWNED_LIMIT} teams per owner`);
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('im_team')
        .values({
          type: settings.type,
          name: settings.name,
          ...newTeamSettingColumns(settings),
          level: settings.level,
          owner: actor.account,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const state: TeamState = {
        team: teamFromRow(row),
        members: new Map(),
        me: undefined,
        validMembers: () => [...state.members.values()].filter((m) => m.valid),
        isValidMember: (account) => state.members.get(account)?.valid === true,
      };
      // Every sequence row this transaction takes, locked at once in sorted order (team-fanout.ts).
      await allocateSeqsBulk(trx, [actor.account, ...accounts]);
      // An advanced team with beInviteMode needVerify invites the accounts; they join when they accept.
      const invite = invitesWait(state);
      const added = invite ? [] : accounts;
      const sysMsgs = invite ? await writeInvites(trx, Number(row.team_id), actor.account, accounts, ps, '', now) : [];
      const members: MemberWrite[] = [
        { account: actor.account, type: MemberType.owner, valid: true },
        ...added.map((account) => ({ account, type: MemberType.normal, valid: true, invitor: actor.account })),
      ];
      const change = await applyTeamPlan(trx, row, state, actor, { members, notify: { type: 'createTeam', attach: { accounts: added, ...(ps ? { ps } : {}) } }, sysMsgs }, now);
      return { ...change, aborted };
    });
  }

  /** The team as `viewer` sees it; 803 when it does not exist. */
  async get(viewer: string, teamIdInput: unknown): Promise<TeamView> {
    const teamId = parseTeamId(teamIdInput);
    const row = await this.db.selectFrom('im_team').selectAll().where('team_id', '=', teamId).executeTakeFirst();
    if (!row) throw teamError.missing(teamId);
    const mine = await this.memberRow(teamId, viewer);
    // A dismissed team is only shown to the accounts that were in it.
    if (!row.valid && !mine) throw teamError.missing(teamId);
    return { team: teamFromRow(row), validToCurrentUser: row.valid && mine?.valid === true };
  }

  /** getTeamsById: the teams that exist (as `viewer` sees them) and the ids that do not. */
  async getMany(viewer: string, teamIdsInput: unknown): Promise<{ teams: TeamView[]; missing: string[] }> {
    if (!Array.isArray(teamIdsInput) || teamIdsInput.length === 0 || teamIdsInput.length > 100) throw parameterError('teamIds: 1 to 100 team ids');
    const teams: TeamView[] = [];
    const missing: string[] = [];
    for (const id of teamIdsInput) {
      try {
        teams.push(await this.get(viewer, id));
      } catch (error) {
        if (!(error instanceof ImServerError) || error.code !== ResponseCode.TEAM_MISSING_OR_UNCHANGED) throw error;
        missing.push(String(id));
      }
    }
    return { teams, missing };
  }

  /**
   * getTeams: timetag 0 (or one this server never issued) → the teams the account is in now; a
   * timetag → every team whose row or whose membership of the account changed since (left or
   * dismissed ones with validToCurrentUser false). The new timetag is the account's sync head;
   * `since` is the timetag used.
   */
  async listForAccount(account: string, timetag: unknown): Promise<{ teams: TeamView[]; timetag: number; since: number }> {
    const head = await readHead(this.db, account);
    const since = typeof timetag === 'number' && Number.isSafeInteger(timetag) && timetag > 0 && timetag <= head ? timetag : 0;
    const changed = await this.changedForAccount(account, since, head);
    const teams = changed.filter((c) => since > 0 || c.view.validToCurrentUser).map((c) => c.view);
    return { teams, timetag: head, since };
  }

  /** The account's team rows and own member rows whose account number is in (afterSeq, uptoSeq] (sync, getTeams). */
  async changedForAccount(account: string, afterSeq: number, uptoSeq: number): Promise<{ view: TeamView; member: ServerTeamMember; seq: number }[]> {
    const rows = await this.db
      .selectFrom('im_team_member as m')
      .innerJoin('im_team as t', 't.team_id', 'm.team_id')
      .selectAll('t')
      .select(['m.accid', 'm.type as member_type', 'm.nick_in_team', 'm.bits', 'm.mute', 'm.mute_noti_type', 'm.custom as member_custom', 'm.invitor'])
      .select(['m.join_time', 'm.updated_at as member_updated_at', 'm.valid as member_valid', 'm.acc_seq'])
      .where('m.accid', '=', account)
      .where('m.acc_seq', '>', afterSeq)
      .where('m.acc_seq', '<=', uptoSeq)
      .orderBy('m.acc_seq')
      .execute();
    return rows.map((r) => ({
      view: { team: teamFromRow(r), validToCurrentUser: r.valid && r.member_valid },
      member: memberFromRow({
        team_id: r.team_id, accid: r.accid, type: r.member_type, nick_in_team: r.nick_in_team, bits: r.bits, mute: r.mute,
        mute_noti_type: r.mute_noti_type, custom: r.member_custom, invitor: r.invitor, join_time: r.join_time,
        updated_at: r.member_updated_at, valid: r.member_valid,
      }),
      seq: Number(r.acc_seq),
    }));
  }

  /**
   * getTeamMembers (members only, 804 otherwise): timetag 0 → the valid members; a timetag from an
   * earlier answer → every member row changed since, invalid ones included. The timetag is the
   * team's member sequence head (memberUpdateTime), read before the rows.
   */
  async members(viewer: string, teamIdInput: unknown, timetag: unknown): Promise<{ members: ServerTeamMember[]; timetag: number }> {
    const teamId = parseTeamId(teamIdInput);
    const team = await this.db.selectFrom('im_team').select(['valid', 'member_seq']).where('team_id', '=', teamId).executeTakeFirst();
    if (!team || !team.valid) throw teamError.missing(teamId);
    if ((await this.memberRow(teamId, viewer))?.valid !== true) throw teamError.notMember();
    const head = Number(team.member_seq);
    const since = typeof timetag === 'number' && Number.isSafeInteger(timetag) && timetag > 0 && timetag <= head ? timetag : 0;
    let q = this.db.selectFrom('im_team_member').selectAll().where('team_id', '=', teamId).where('member_seq', '<=', head);
    q = since > 0 ? q.where('member_seq', '>', since) : q.where('valid', '=', true);
    const rows = await q.orderBy('member_seq').orderBy('accid').execute();
    return { members: rows.map(memberFromRow), timetag: head };
  }

  /** getMyTeamMembers: the caller's own member rows in the given teams (teams it was never in are left out). */
  async myMembers(account: string, teamIdsInput: unknown): Promise<ServerTeamMember[]> {
    if (!Array.isArray(teamIdsInput) || teamIdsInput.length > 100) throw parameterError('teamIds: at most 100 team ids');
    const ids = teamIdsInput.map(parseTeamId);
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('im_team_member').selectAll().where('accid', '=', account).where('team_id', 'in', ids).execute();
    return rows.map(memberFromRow);
  }

  /** getTeamMemberInvitorAccid: who invited each of ≤200 accounts (§5), members only; accounts not in the team are left out. */
  async invitors(viewer: string, input: { teamId?: unknown; accounts?: unknown }): Promise<ServerTeamMember[]> {
    const accounts = new Set(parseAccounts(input.accounts, { max: MAX_TEAM_ACCOUNTS }));
    const all = await this.members(viewer, input.teamId, 0);
    return all.members.filter((m) => accounts.has(m.account));
  }

  /** getMutedTeamMembers: the valid members muted one by one (members only). */
  async mutedMembers(viewer: string, teamIdInput: unknown): Promise<{ members: ServerTeamMember[]; timetag: number }> {
    const all = await this.members(viewer, teamIdInput, 0);
    return { members: all.members.filter((m) => m.mute), timetag: all.timetag };
  }

  /** updateTeam: name/avatar/intro/announcement by updateTeamMode, custom by updateCustomMode, the modes by owner or managers. */
  async update(actor: TeamActor, teamInput: unknown): Promise<TeamChange> {
    const { teamId, settings } = parseUpdateTeam(teamInput);
    return this.change(teamId, actor, (state) => {
      checkTeamUpdate(state.team, settings, isManagerOrOwner(requireMember(state)), 'team');
      return { teamPatch: teamSettingsPatch(settings), notify: { type: 'updateTeam', attach: { team: settings } } };
    });
  }

  /**
   * addTeamMembers: by inviteMode (managers, or every member). Accounts already in → 809, unknown
   * → 404; nothing is added then. Past the member limit the accounts that fit are added (or invited)
   * and the rest come back as `aborted` (813); with no room at all, 801. A normal team, or an
   * advanced one with beInviteMode noVerify, adds them at once; otherwise each gets a teamInvite
   * system message and joins by acceptTeamInvite (team-join-service.ts).
   */
  async addMembers(actor: TeamActor, input: { teamId?: unknown; accounts?: unknown; ps?: unknown; attach?: unknown }): Promise<TeamChange & { aborted: string[] }> {
    const teamId = parseTeamId(input.teamId);
    const accounts = parseAccounts(input.accounts, { self: actor.account });
    const ps = parseText(input.ps, 'ps') ?? '';
    if (input.attach !== undefined && (typeof input.attach !== 'string' || input.attach.length > TEAM_FIELD_MAX_LENGTH.custom)) throw parameterError('attach must be a string of at most 5000');
    await this.requireAccounts(accounts);
    let aborted: string[] = [];
    const change = await this.change(teamId, actor, async (state, trx) => {
      const me = requireMember(state);
      if (state.team.inviteMode === TeamMode.manager && !isManagerOrOwner(me)) throw teamError.noPermission('only the owner and managers may add members');
      const already = accounts.filter((a) => state.isValidMember(a));
      if (already.length > 0) throw teamError.alreadyIn(already);
      const { admitted, aborted: past } = admitWithinLimit(accounts, state.team.level - state.validMembers().length, state.team.level);
      aborted = past;
      if (invitesWait(state)) return { unchanged: true, sysMsgs: await writeInvites(trx, teamId, actor.account, admitted, ps, (input.attach as string | undefined) ?? '', this.now()) };
      return {
        members: admitted.map((account) => ({ account, type: MemberType.normal, valid: true, invitor: actor.account, rejoin: true })),
        notify: { type: 'addTeamMembers', attach: { accounts: admitted } },
      };
    });
    return { ...change, aborted };
  }

  /** removeTeamMembers: the owner removes anyone else, a manager normal members only (802); non-members → 804. */
  async removeMembers(actor: TeamActor, input: { teamId?: unknown; accounts?: unknown }): Promise<TeamChange> {
    const teamId = parseTeamId(input.teamId);
    const accounts = parseAccounts(input.accounts, { self: actor.account });
    return this.change(teamId, actor, (state) => {
      const me = requireMember(state);
      if (!isManagerOrOwner(me)) throw teamError.noPermission('only the owner and managers may remove members');
      const missing = accounts.filter((a) => !state.isValidMember(a));
      if (missing.length > 0) throw teamError.notMember(missing.join(', '));
      if (me.type === MemberType.manager && accounts.some((a) => state.members.get(a)?.type !== MemberType.normal)) {
        throw teamError.noPermission('a manager may remove normal members only');
      }
      return { members: accounts.map((account) => ({ account, valid: false })), notify: { type: 'removeTeamMembers', attach: { accounts } } };
    });
  }

  /** leaveTeam: the caller's membership becomes invalid; the owner must transfer or dismiss first (802). */
  async leave(actor: TeamActor, teamIdInput: unknown): Promise<TeamChange> {
    const teamId = parseTeamId(teamIdInput);
    return this.change(teamId, actor, (state) => {
      const me = requireMember(state);
      if (me.type === MemberType.owner) throw teamError.noPermission('the owner cannot leave; transfer the team or dismiss it');
      return { members: [{ account: actor.account, valid: false }], notify: { type: 'leaveTeam' } };
    });
  }

  /** dismissTeam (owner only, 802): the team and every membership become invalid (§4). */
  async dismiss(actor: TeamActor, teamIdInput: unknown): Promise<TeamChange> {
    const teamId = parseTeamId(teamIdInput);
    return this.change(teamId, actor, (state) => {
      const me = requireMember(state);
      if (me.type !== MemberType.owner) throw teamError.noPermission('only the owner may dismiss the team');
      return { teamPatch: { valid: false }, members: state.validMembers().map((m) => ({ account: m.account, valid: false })), notify: { type: 'dismissTeam' } };
    });
  }

  /** add/removeTeamManagers (owner only, advanced teams: 805 for a normal team); 807 for a member already / not a manager; 815 past the limit. */
  async setManagers(actor: TeamActor, input: { teamId?: unknown; accounts?: unknown }, add: boolean): Promise<TeamChange> {
    const teamId = parseTeamId(input.teamId);
    const accounts = parseAccounts(input.accounts, { self: actor.account });
    return this.change(teamId, actor, (state) => {
      const me = requireMember(state);
      if (state.team.type !== TeamType.advanced) throw teamError.typeMismatch('managers exist in advanced teams only');
      if (me.type !== MemberType.owner) throw teamError.noPermission('only the owner may change managers');
      const missing = accounts.filter((a) => !state.isValidMember(a));
      if (missing.length > 0) throw teamError.notMember(missing.join(', '));
      const from = add ? MemberType.normal : MemberType.manager;
      const wrong = accounts.filter((a) => state.members.get(a)?.type !== from);
      if (wrong.length > 0) throw teamError.wrongState(`${wrong.join(', ')} ${add ? 'is not a normal member' : 'is not a manager'}`);
      const managers = state.validMembers().filter((m) => m.type === MemberType.manager).length;
      if (add && managers + accounts.length > TEAM_MANAGER_LIMIT) throw teamError.managerLimit();
      const type = add ? MemberType.manager : MemberType.normal;
      return { members: accounts.map((account) => ({ account, type, valid: true })), notify: { type: add ? 'addTeamManagers' : 'removeTeamManagers', attach: { accounts } } };
    });
  }

  /** transferTeam (owner only): the new owner becomes owner, the old one normal, or leaves with `leave` (§4). */
  async transfer(actor: TeamActor, input: { teamId?: unknown; account?: unknown; leave?: unknown }): Promise<TeamChange> {
    const teamId = parseTeamId(input.teamId);
    const account = parseAccount(input.account, 'account');
    if (account === actor.account) throw parameterError('cannot transfer the team to yourself');
    if (input.leave !== undefined && typeof input.leave !== 'boolean') throw parameterError('leave must be a boolean');
    const leave = input.leave === true;
    return this.change(teamId, actor, (state) => {
      const me = requireMember(state);
      if (me.type !== MemberType.owner) throw teamError.noPermission('only the owner may transfer the team');
      if (!state.isValidMember(account)) throw teamError.notMember(account);
      return {
        teamPatch: { owner: account },
        members: [
          { account, type: MemberType.owner, valid: true },
          leave ? { account: actor.account, valid: false } : { account: actor.account, type: MemberType.normal, valid: true },
        ],
        notify: { type: 'transferTeam', attach: { account, leave } },
      };
    });
  }

  /** updateMuteStateInTeam: owner and managers mute or unmute a member; a manager cannot mute the owner or another manager (802). */
  async muteMember(actor: TeamActor, input: { teamId?: unknown; account?: unknown; mute?: unknown }): Promise<TeamChange> {
    const teamId = parseTeamId(input.teamId);
    const account = parseAccount(input.account, 'account');
    if (typeof input.mute !== 'boolean') throw parameterError('mute must be a boolean');
    const mute = input.mute;
    return this.change(teamId, actor, (state) => {
      const me = requireMember(state);
      if (!isManagerOrOwner(me)) throw teamError.noPermission('only the owner and managers may mute members');
      const target = state.members.get(account);
      if (!target?.valid) throw teamError.notMember(account);
      if (me.type === MemberType.manager && target.type !== MemberType.normal) throw teamError.noPermission('a manager may mute normal members only');
      if (target.type === MemberType.owner) throw teamError.noPermission('the owner cannot be muted');
      return { members: [{ account, valid: true, mute }], notify: { type: 'updateTeamMemberMute', attach: { account, mute } } };
    });
  }

  /** muteTeamAll: owner and managers set muteType none (0), normal (1: normal members) or all (3: everyone). */
  async muteTeam(actor: TeamActor, input: { teamId?: unknown; muteType?: unknown }): Promise<TeamChange> {
    const teamId = parseTeamId(input.teamId);
    const muteType = input.muteType;
    if (typeof muteType !== 'number' || !(Object.values(MuteType) as number[]).includes(muteType)) throw parameterError('muteType must be 0 (none), 1 (normal) or 3 (all)');
    return this.change(teamId, actor, (state) => {
      if (!isManagerOrOwner(requireMember(state))) throw teamError.noPermission('only the owner and managers may mute the team');
      return { teamPatch: { mute_type: muteType }, notify: { type: 'updateTeamMute', attach: { muteType } } };
    });
  }

  /**
   * updateInfoInTeam: the caller's own settings. §5: teamId and at least one of nickInTeam,
   * muteTeam (bit 0 of bits), muteNotiType, custom. Only the caller's accounts hear of it.
   */
  async updateMyInfo(actor: TeamActor, member: unknown): Promise<TeamChange> {
    if (typeof member !== 'object' || member === null) throw parameterError('member is required');
    const input = member as MemberUpdateInput;
    if (input.teamId === undefined) throw parameterError('teamId is required');
    const teamId = parseTeamId(input.teamId);
    const nickInTeam = parseText(input.nickInTeam, 'nickInTeam');
    const custom = parseText(input.custom, 'custom');
    if (input.bits !== undefined && (typeof input.bits !== 'number' || !Number.isInteger(input.bits) || input.bits < 0)) throw parameterError('bits must be a non-negative integer');
    if (input.muteNotiType !== undefined && (typeof input.muteNotiType !== 'number' || ![0, 1, 2].includes(input.muteNotiType))) {
      throw parameterError('muteNotiType must be 0, 1 or 2');
    }
    if (nickInTeam === undefined && custom === undefined && input.bits === undefined && input.muteNotiType === undefined) {
      throw parameterError('at least one of nickInTeam, muteTeam, muteNotiType and custom is required');
    }
    return this.change(teamId, actor, (state) => {
      const me = requireMember(state);
      const bits = input.bits === undefined ? undefined : (me.bits & ~MUTE_TEAM_BIT) | (input.bits & MUTE_TEAM_BIT);
      const write: MemberWrite = { account: me.account, valid: true, nickInTeam, custom, bits, muteNotiType: input.muteNotiType };
      // A nick is seen by every member; the other settings are the member's own.
      return nickInTeam !== undefined ? { members: [write] } : { members: [write], audience: 'changed' };
    });
  }

  /** updateNickInTeam: one's own nick, or by the owner (anyone) or a manager (normal members) for another member. */
  async updateNick(actor: TeamActor, input: { teamId?: unknown; account?: unknown; nickInTeam?: unknown }): Promise<TeamChange> {
    const teamId = parseTeamId(input.teamId);
    const account = parseAccount(input.account, 'account');
    const nickInTeam = parseText(input.nickInTeam, 'nickInTeam');
    if (nickInTeam === undefined) throw parameterError('nickInTeam is required');
    return this.change(teamId, actor, (state) => {
      const me = requireMember(state);
      const target = state.members.get(account);
      if (!target?.valid) throw teamError.notMember(account);
      if (account !== me.account) {
        const allowed = me.type === MemberType.owner || (me.type === MemberType.manager && target.type === MemberType.normal);
        if (!allowed) throw teamError.noPermission("only the owner and managers may change another member's nick");
      }
      return { members: [{ account, valid: true, nickInTeam }] };
    });
  }

  /** Runs `plan` on the locked team and applies it (team-change.ts). */
  async change(teamId: number, actor: TeamActor, plan: (state: TeamState, trx: Kysely<ImDatabase>) => TeamPlan | Promise<TeamPlan>): Promise<TeamChange> {
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const { row, state } = await loadTeamState(trx, teamId, actor.account);
      return applyTeamPlan(trx, row, state, actor, await plan(state, trx), now);
    });
  }

  async memberRow(teamId: number, account: string): Promise<ServerTeamMember | undefined> {
    const row = await this.db.selectFrom('im_team_member').selectAll().where('team_id', '=', teamId).where('accid', '=', account).executeTakeFirst();
    return row ? memberFromRow(row) : undefined;
  }

  /** 404 naming the accounts that never signed in here. */
  async requireAccounts(accounts: readonly string[]): Promise<void> {
    if (accounts.length === 0) return;
    const rows = await this.db.selectFrom('im_user').select('accid').where('accid', 'in', accounts).execute();
    const known = new Set(rows.map((r) => r.accid));
    const unknown = accounts.filter((a) => !known.has(a));
    if (unknown.length > 0) throw new ImServerError(ResponseCode.NOT_FOUND, `unknown accounts: ${unknown.join(', ')}`);
  }
}

