import type { Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { ResponseCode, superTeamActionProblem, superTeamMemberLookupProblem, superTeamMembersPageProblem, superTeamMuteProblem } from '../../protocol';
import { ImServerError, parameterError } from '../errors';
import type { TeamActor } from '../team/team-change';
import {
  BeInviteMode, admitWithinLimit, isManagerOrOwner, MemberType, MUTE_TEAM_BIT, MuteType, TeamMode, parseAccount, parseAccounts,
  parseTeamId, parseTeamSettings, parseText, parseUpdateTeam, teamError, checkTeamUpdate, newTeamSettingColumns, teamSettingsPatch, type ServerTeamMember, type TeamSettings, type TeamView,
} from '../team/team-model';
import { applySuperTeamPlan, loadSuperTeam, requireSuperMember, type SuperTeamChange, type SuperTeamPlan, type SuperTeamState } from './super-team-change';
import { SuperTeamJoins } from './super-team-joins';
import {
  MAX_SUPER_TEAM_MEMBER_LOOKUP, MAX_SUPER_TEAM_MUTE_ACCOUNTS, SUPER_TEAM_MANAGER_LIMIT, SUPER_TEAM_MEMBER_LIMIT, SUPER_TEAM_MEMBER_PAGE,
  superMemberFromRow, superTeamDb, superTeamFromRow, type SuperTeamAction, type SuperTeamDb,
} from './super-team-model';

/** A §5 rule shared with the client (im-core super-team-rules) refused the input: 414 with its text. */
function refuse(problem: string | undefined): void {
  if (problem) throw parameterError(problem);
}

export interface CreateSuperTeamInput extends TeamSettings {
  owner: string;
  name: string;
  members?: string[];
  /** Member limit, at most SUPER_TEAM_MEMBER_LIMIT (the default). */
  level?: number;
}

/**
 * Super teams (im-client-spec §3, §5 "Super team needs action and teamId ...", §6, §8 801–815;
 * docs/im-super-teams.md). A change locks the team row, reads only the member rows it names, and
 * writes them, the member count and a type-5 notification into the team's stream in one
 * transaction; the gateway pushes after the answer.
 */
export class SuperTeamService {
  readonly db: SuperTeamDb;
  readonly joins: SuperTeamJoins;
  /** Valid member accounts per team, as of the team's member_seq (send reads the seq under the team lock). */
  private readonly memberCache = new Map<number, { memberSeq: number; accounts: string[] }>();

  constructor(
    db: Kysely<ImDatabase>,
    private readonly now: () => number = Date.now,
    /** Message times (the server's message clock: never backwards). */
    readonly nextMessageTime: () => number = now,
  ) {
    this.db = superTeamDb(db);
    this.joins = new SuperTeamJoins(this.db, now, (teamId, actor, plan) => this.change(teamId, actor, plan));
  }

  /**
   * The spec shows no create command (super teams are made by the operator's back end): ImServer.createSuperTeam.
   * The owner and the members must have signed in once (404 otherwise).
   */
  async create(input: CreateSuperTeamInput): Promise<SuperTeamChange> {
    const owner = parseAccount(input.owner, 'owner');
    const settings = parseTeamSettings(input as unknown as Record<string, unknown>);
    if (!settings.name || settings.name.trim() === '') throw parameterError('name is required');
    const level = input.level ?? SUPER_TEAM_MEMBER_LIMIT;
    if (!Number.isInteger(level) || level < 1 || level > SUPER_TEAM_MEMBER_LIMIT) throw parameterError(`level must be 1 to ${SUPER_TEAM_MEMBER_LIMIT}`);
    const members = [...new Set((input.members ?? []).map((a) => parseAccount(a, 'members')))].filter((a) => a !== owner);
    if (members.length + 1 > level) throw teamError.memberLimit(level);
    await this.requireAccounts([owner, ...members]);
    const now = this.now();
    const actor: TeamActor = { account: owner, nick: '', clientType: 0, deviceId: '' };
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('im_super_team')
        .values({
          name: settings.name as string,
          ...newTeamSettingColumns(settings),
          server_custom: '',
          valid: true,
          member_num: 0,
          member_seq: 0,
          msg_seq: 0,
          mute_type: MuteType.none,
          level,
          owner,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const state = await loadSuperTeam(trx, Number(row.team_id), owner);
      return applySuperTeamPlan(
        trx,
        state,
        actor,
        {
          members: [{ account: owner, type: MemberType.owner, valid: true }, ...members.map((account) => ({ account, type: MemberType.normal, valid: true, invitor: owner }))],
          notify: { type: 'createSuperTeam', attach: { accounts: members } },
        },
        now,
      );
    });
  }

  /** getSuperTeam: 803 when it does not exist; validToCurrentUser is the caller's membership. */
  async get(viewer: string, teamIdInput: unknown): Promise<TeamView> {
    const teamId = parseTeamId(teamIdInput);
    const row = await this.db.selectFrom('im_super_team').selectAll().where('team_id', '=', teamId).executeTakeFirst();
    if (!row) throw teamError.missing(teamId);
    const me = await this.memberRow(teamId, viewer);
    return { team: superTeamFromRow(row), validToCurrentUser: row.valid && me?.valid === true };
  }

  /** getSuperTeams and syncSuperTeams: every super team the account is or was in (few per account; docs/im-super-teams.md "Sync"). */
  async listForAccount(account: string): Promise<TeamView[]> {
    const rows = await this.db
      .selectFrom('im_super_team as t')
      .innerJoin('im_super_team_member as m', 'm.team_id', 't.team_id')
      .selectAll('t')
      .select('m.valid as member_valid')
      .where('m.accid', '=', account)
      .orderBy('t.team_id')
      .execute();
    return rows.map((r) => ({ team: superTeamFromRow(r), validToCurrentUser: r.valid && r.member_valid }));
  }

  /** getSuperTeamMembers: valid members by join time after (or, reverse, before) `joinTime`, one page (§5 "members by join time"). */
  async membersByJoinTime(viewer: string, input: { teamId?: unknown; joinTime?: unknown; limit?: unknown; reverse?: unknown }): Promise<ServerTeamMember[]> {
    // The wire's absent int is 0: no join time, and the default page.
    const page = { ...input, limit: input.limit === 0 ? undefined : input.limit };
    refuse(superTeamMembersPageProblem(page));
    const teamId = parseTeamId(input.teamId);
    const joinTime = (input.joinTime as number | undefined) ?? 0;
    const limit = (page.limit as number | undefined) ?? SUPER_TEAM_MEMBER_PAGE;
    await this.requireViewer(teamId, viewer);
    let q = this.db.selectFrom('im_super_team_member').selectAll().where('team_id', '=', teamId).where('valid', '=', true);
    if (joinTime > 0) q = q.where('join_time', input.reverse ? '<' : '>', joinTime);
    const rows = await q.orderBy('join_time', input.reverse ? 'desc' : 'asc').orderBy('accid').limit(limit).execute();
    return rows.map(superMemberFromRow);
  }

  /** getSuperTeamMembersByAccounts: §5 non-empty, at most 20 accounts; the rows of those who are valid members. */
  async membersByAccounts(viewer: string, input: { teamId?: unknown; accounts?: unknown }): Promise<ServerTeamMember[]> {
    refuse(superTeamMemberLookupProblem(input));
    const teamId = parseTeamId(input.teamId);
    const accounts = parseAccounts(input.accounts, { max: MAX_SUPER_TEAM_MEMBER_LOOKUP });
    await this.requireViewer(teamId, viewer);
    const rows = await this.db.selectFrom('im_super_team_member').selectAll().where('team_id', '=', teamId).where('accid', 'in', accounts).where('valid', '=', true).execute();
    return rows.map(superMemberFromRow);
  }

  /** getMySuperTeamMembers: the caller's own rows in the listed teams (unknown ids are left out). */
  async myMembers(account: string, teamIdsInput: unknown): Promise<ServerTeamMember[]> {
    if (!Array.isArray(teamIdsInput) || teamIdsInput.length > 100) throw parameterError('teamIds must be a list of at most 100 team ids');
    const teamIds = teamIdsInput.map(parseTeamId);
    if (teamIds.length === 0) return [];
    const rows = await this.db.selectFrom('im_super_team_member').selectAll().where('accid', '=', account).where('team_id', 'in', teamIds).execute();
    return rows.map(superMemberFromRow);
  }

  /** getSuperTeamMemberInvitorAccid: §5 at most 200 accounts; members only. */
  async invitors(viewer: string, input: { teamId?: unknown; accounts?: unknown }): Promise<ServerTeamMember[]> {
    const teamId = parseTeamId(input.teamId);
    const accounts = parseAccounts(input.accounts);
    await this.requireViewer(teamId, viewer);
    const rows = await this.db.selectFrom('im_super_team_member').selectAll().where('team_id', '=', teamId).where('accid', 'in', accounts).where('valid', '=', true).execute();
    return rows.map(superMemberFromRow);
  }

  /** updateSuperTeam: §5 teamId required, no type; info by updateTeamMode, custom by updateCustomMode, modes by managers (802). */
  async update(actor: TeamActor, teamInput: unknown): Promise<SuperTeamChange> {
    const { teamId, settings } = parseUpdateTeam(teamInput);
    return this.change(teamId, actor, (state) => {
      checkTeamUpdate(state.team, settings, isManagerOrOwner(requireSuperMember(state)), 'super team');
      return { teamPatch: teamSettingsPatch(settings), notify: { type: 'updateSuperTeam', attach: { team: settings } } };
    });
  }

  /**
   * addSuperTeamMembers by inviteMode (802); already in → 809, unknown → 404. Past the level the
   * accounts that fit are added (or invited) and the rest come back as `aborted` (813); no room, 801.
   * beInviteMode noVerify adds at once; needVerify sends each a superTeamInvite system message.
   */
  async addMembers(actor: TeamActor, input: { teamId?: unknown; accounts?: unknown; ps?: unknown; attach?: unknown }): Promise<SuperTeamChange & { aborted: string[] }> {
    const teamId = parseTeamId(input.teamId);
    const accounts = parseAccounts(input.accounts, { self: actor.account });
    const ps = parseText(input.ps, 'ps') ?? '';
    if (input.attach !== undefined && (typeof input.attach !== 'string' || input.attach.length > 5000)) throw parameterError('attach must be a string of at most 5000');
    await this.requireAccounts(accounts);
    let aborted: string[] = [];
    const change = await this.change(teamId, actor, async (state, trx) => {
      const me = requireSuperMember(state);
      if (state.team.inviteMode === TeamMode.manager && !isManagerOrOwner(me)) throw teamError.noPermission('only the owner and managers may add members');
      const rows = await state.load(accounts);
      const already = accounts.filter((a) => rows.get(a)?.valid === true);
      if (already.length > 0) throw teamError.alreadyIn(already);
      const { admitted, aborted: past } = admitWithinLimit(accounts, state.team.level - state.team.memberNum, state.team.level);
      aborted = past;
      if (state.team.beInviteMode === BeInviteMode.needVerify) {
        return { unchanged: true, sysMsgs: await this.joins.writeInvites(trx, teamId, actor.account, admitted, ps, (input.attach as string | undefined) ?? '') };
      }
      return {
        members: admitted.map((account) => ({ account, type: MemberType.normal, valid: true, invitor: actor.account, rejoin: true })),
        notify: { type: 'addSuperTeamMembers', attach: { accounts: admitted } },
      };
    });
    return { ...change, aborted };
  }

  /** removeSuperTeamMembers: owner anyone else, a manager normal members only (802); non-members → 804. */
  async removeMembers(actor: TeamActor, input: { teamId?: unknown; accounts?: unknown }): Promise<SuperTeamChange> {
    const teamId = parseTeamId(input.teamId);
    const accounts = parseAccounts(input.accounts, { self: actor.account });
    return this.change(teamId, actor, async (state) => {
      const me = requireSuperMember(state);
      if (!isManagerOrOwner(me)) throw teamError.noPermission('only the owner and managers may remove members');
      const rows = await state.load(accounts);
      const missing = accounts.filter((a) => rows.get(a)?.valid !== true);
      if (missing.length > 0) throw teamError.notMember(missing.join(', '));
      if (me.type === MemberType.manager && accounts.some((a) => rows.get(a)?.type !== MemberType.normal)) throw teamError.noPermission('a manager may remove normal members only');
      return { members: accounts.map((account) => ({ account, valid: false })), notify: { type: 'removeSuperTeamMembers', attach: { accounts } } };
    });
  }

  /** leaveSuperTeam: the caller's membership becomes invalid (§4); the owner must transfer first (802). */
  async leave(actor: TeamActor, teamIdInput: unknown): Promise<SuperTeamChange> {
    const teamId = parseTeamId(teamIdInput);
    return this.change(teamId, actor, (state) => {
      if (requireSuperMember(state).type === MemberType.owner) throw teamError.noPermission('the owner cannot leave; transfer the super team or dismiss it');
      return { members: [{ account: actor.account, valid: false }], notify: { type: 'leaveSuperTeam' } };
    });
  }

  /** dismissSuperTeam (owner only, 802): the team and every membership become invalid (§4). */
  async dismiss(actor: TeamActor, teamIdInput: unknown): Promise<SuperTeamChange> {
    const teamId = parseTeamId(teamIdInput);
    return this.change(teamId, actor, (state) => {
      if (requireSuperMember(state).type !== MemberType.owner) throw teamError.noPermission('only the owner may dismiss the super team');
      return { teamPatch: { valid: false }, invalidateAll: true, notify: { type: 'dismissSuperTeam' } };
    });
  }

  /** add/removeSuperTeamManagers (owner only, 802); 804 non-members; 807 already / not a manager; 815 past the limit. */
  async setManagers(actor: TeamActor, input: { teamId?: unknown; accounts?: unknown }, add: boolean): Promise<SuperTeamChange> {
    const teamId = parseTeamId(input.teamId);
    const accounts = parseAccounts(input.accounts, { self: actor.account });
    return this.change(teamId, actor, async (state, trx) => {
      if (requireSuperMember(state).type !== MemberType.owner) throw teamError.noPermission('only the owner may change managers');
      const rows = await state.load(accounts);
      const missing = accounts.filter((a) => rows.get(a)?.valid !== true);
      if (missing.length > 0) throw teamError.notMember(missing.join(', '));
      const from = add ? MemberType.normal : MemberType.manager;
      const wrong = accounts.filter((a) => rows.get(a)?.type !== from);
      if (wrong.length > 0) throw teamError.wrongState(`${wrong.join(', ')} ${add ? 'is not a normal member' : 'is not a manager'}`);
      if (add) {
        const managers = await trx.selectFrom('im_super_team_member').select((eb) => eb.fn.countAll<number>().as('n')).where('team_id', '=', teamId).where('valid', '=', true).where('type', '=', MemberType.manager).executeTakeFirstOrThrow();
        if (Number(managers.n) + accounts.length > SUPER_TEAM_MANAGER_LIMIT) throw new ImServerError(ResponseCode.MANAGER_LIMIT, `at most ${SUPER_TEAM_MANAGER_LIMIT} managers`);
      }
      const type = add ? MemberType.manager : MemberType.normal;
      return { members: accounts.map((account) => ({ account, type, valid: true })), notify: { type: add ? 'addSuperTeamManagers' : 'removeSuperTeamManagers', attach: { accounts } } };
    });
  }

  /** transferSuperTeam (owner only): the new owner owner, the old one normal, or out with `leave` (§4). */
  async transfer(actor: TeamActor, input: { teamId?: unknown; account?: unknown; leave?: unknown }): Promise<SuperTeamChange> {
    const teamId = parseTeamId(input.teamId);
    const account = parseAccount(input.account, 'account');
    if (account === actor.account) throw parameterError('cannot transfer the super team to yourself');
    if (input.leave !== undefined && typeof input.leave !== 'boolean') throw parameterError('leave must be a boolean');
    const leave = input.leave === true;
    return this.change(teamId, actor, async (state) => {
      if (requireSuperMember(state).type !== MemberType.owner) throw teamError.noPermission('only the owner may transfer the super team');
      if ((await state.load([account])).get(account)?.valid !== true) throw teamError.notMember(account);
      return {
        teamPatch: { owner: account },
        members: [
          { account, type: MemberType.owner, valid: true },
          leave ? { account: actor.account, valid: false } : { account: actor.account, type: MemberType.normal, valid: true },
        ],
        notify: { type: 'transferSuperTeam', attach: { account, leave } },
      };
    });
  }

  /** updateSuperTeamMembersMute: §5 at most 10 accounts; owner and managers; a manager mutes normal members only; never the owner (802). */
  async muteMembers(actor: TeamActor, input: { teamId?: unknown; accounts?: unknown; mute?: unknown }): Promise<SuperTeamChange> {
    refuse(superTeamMuteProblem(input));
    const teamId = parseTeamId(input.teamId);
    const accounts = parseAccounts(input.accounts, { max: MAX_SUPER_TEAM_MUTE_ACCOUNTS });
    const mute = input.mute as boolean;
    return this.change(teamId, actor, async (state) => {
      const me = requireSuperMember(state);
      if (!isManagerOrOwner(me)) throw teamError.noPermission('only the owner and managers may mute members');
      const rows = await state.load(accounts);
      const missing = accounts.filter((a) => rows.get(a)?.valid !== true);
      if (missing.length > 0) throw teamError.notMember(missing.join(', '));
      if (accounts.some((a) => rows.get(a)?.type === MemberType.owner)) throw teamError.noPermission('the owner cannot be muted');
      if (me.type === MemberType.manager && accounts.some((a) => rows.get(a)?.type !== MemberType.normal)) throw teamError.noPermission('a manager may mute normal members only');
      return { members: accounts.map((account) => ({ account, valid: true, mute })), notify: { type: 'updateSuperTeamMembersMute', attach: { accounts, mute } } };
    });
  }

  /** muteSuperTeamAll: owner and managers set muteType none (0), normal (1) or all (3). */
  async muteAll(actor: TeamActor, input: { teamId?: unknown; muteType?: unknown }): Promise<SuperTeamChange> {
    const teamId = parseTeamId(input.teamId);
    const muteType = input.muteType;
    if (typeof muteType !== 'number' || !(Object.values(MuteType) as number[]).includes(muteType)) throw parameterError('muteType must be 0 (none), 1 (normal) or 3 (all)');
    return this.change(teamId, actor, (state) => {
      if (!isManagerOrOwner(requireSuperMember(state))) throw teamError.noPermission('only the owner and managers may mute the super team');
      return { teamPatch: { mute_type: muteType }, notify: { type: 'muteSuperTeamAll', attach: { muteType } } };
    });
  }

  /** updateInfoInSuperTeam: the caller's own nick, muteTeam bit, muteNotiType, custom (§5: teamId and at least one of them). */
  async updateMyInfo(actor: TeamActor, member: unknown): Promise<SuperTeamChange> {
    if (typeof member !== 'object' || member === null) throw parameterError('member is required');
    const input = member as { teamId?: unknown; nickInTeam?: unknown; bits?: unknown; muteNotiType?: unknown; custom?: unknown };
    if (input.teamId === undefined) throw parameterError('teamId is required');
    const teamId = parseTeamId(input.teamId);
    const nickInTeam = parseText(input.nickInTeam, 'nickInTeam');
    const custom = parseText(input.custom, 'custom');
    const bits = input.bits;
    if (bits !== undefined && (typeof bits !== 'number' || !Number.isInteger(bits) || bits < 0)) throw parameterError('bits must be a non-negative integer');
    const muteNotiType = input.muteNotiType;
    if (muteNotiType !== undefined && (typeof muteNotiType !== 'number' || ![0, 1, 2].includes(muteNotiType))) throw parameterError('muteNotiType must be 0, 1 or 2');
    if (nickInTeam === undefined && custom === undefined && bits === undefined && muteNotiType === undefined) {
      throw parameterError('at least one of nickInTeam, muteTeam, muteNotiType and custom is required');
    }
    return this.change(teamId, actor, (state) => {
      const me = requireSuperMember(state);
      const nextBits = bits === undefined ? undefined : (me.bits & ~MUTE_TEAM_BIT) | ((bits as number) & MUTE_TEAM_BIT);
      return { members: [{ account: me.account, valid: true, nickInTeam, custom, bits: nextBits, muteNotiType: muteNotiType as number | undefined }] };
    });
  }

  /** superTeamAction: §5 action and teamId required; the action names one of the member operations above. */
  async action(actor: TeamActor, input: { action?: unknown; teamId?: unknown; accounts?: unknown; ps?: unknown }): Promise<SuperTeamChange> {
    refuse(superTeamActionProblem(input));
    const body = { teamId: input.teamId, accounts: input.accounts, ps: input.ps };
    switch (input.action as SuperTeamAction) {
      case 'addMembers': return this.addMembers(actor, body);
      case 'removeMembers': return this.removeMembers(actor, body);
      case 'addManagers': return this.setManagers(actor, body, true);
      case 'removeManagers': return this.setManagers(actor, body, false);
      case 'mute': return this.muteMembers(actor, { ...body, mute: true });
      case 'unmute': return this.muteMembers(actor, { ...body, mute: false });
      case 'leave': return this.leave(actor, input.teamId);
      case 'dismiss': return this.dismiss(actor, input.teamId);
    }
  }

  /** Valid member accounts (the push audience of a message), cached per member-list version. */
  async memberAccounts(teamId: number, memberSeq: number): Promise<string[]> {
    const cached = this.memberCache.get(teamId);
    if (cached && cached.memberSeq === memberSeq) return cached.accounts;
    const rows = await this.db.selectFrom('im_super_team_member').select('accid').where('team_id', '=', teamId).where('valid', '=', true).execute();
    const accounts = rows.map((r) => r.accid);
    if (!cached || cached.memberSeq < memberSeq) this.memberCache.set(teamId, { memberSeq, accounts });
    return accounts;
  }

  /** Runs `plan` on the locked team and applies it (super-team-change.ts). */
  change(teamId: number, actor: TeamActor, plan: (state: SuperTeamState, trx: SuperTeamDb) => SuperTeamPlan | Promise<SuperTeamPlan>): Promise<SuperTeamChange> {
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const state = await loadSuperTeam(trx, teamId, actor.account);
      return applySuperTeamPlan(trx, state, actor, await plan(state, trx), now);
    });
  }

  async memberRow(teamId: number, account: string): Promise<ServerTeamMember | undefined> {
    const row = await this.db.selectFrom('im_super_team_member').selectAll().where('team_id', '=', teamId).where('accid', '=', account).executeTakeFirst();
    return row ? superMemberFromRow(row) : undefined;
  }

  /** 803 for an unknown or dismissed team, 804 for a caller who is not a valid member. */
  private async requireViewer(teamId: number, viewer: string): Promise<void> {
    const team = await this.db.selectFrom('im_super_team').select('valid').where('team_id', '=', teamId).executeTakeFirst();
    if (!team?.valid) throw teamError.missing(teamId);
    if ((await this.memberRow(teamId, viewer))?.valid !== true) throw teamError.notMember();
  }

  /** 404 naming the accounts that never signed in here. */
  async requireAccounts(accounts: readonly string[]): Promise<void> {
    if (accounts.length === 0) return;
    const known = new Set<string>();
    for (let i = 0; i < accounts.length; i += 1000) {
      const rows = await this.db.selectFrom('im_user').select('accid').where('accid', 'in', accounts.slice(i, i + 1000)).execute();
      for (const r of rows) known.add(r.accid);
    }
    const unknown = accounts.filter((a) => !known.has(a));
    if (unknown.length > 0) throw new ImServerError(ResponseCode.NOT_FOUND, `unknown accounts: ${unknown.slice(0, 20).join(', ')}`);
  }
}
