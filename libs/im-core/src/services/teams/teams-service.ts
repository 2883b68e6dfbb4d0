import { ImError, ImErrorName, ResponseCode, isPartialAdd } from '../../errors';
import type { TeamMemberRecordValue, TeamRecordValue } from '../../protocol/records';
import type { ImMessage, ImTeam, ImTeamMember, ImTeamMuteType } from '../../store/entities';
import { fromWireTeam } from '../../model/wire-mapping';
import {
  assertTeamDeletable,
  changeMemberTypes,
  invalidateTeam,
  memberTimetagReset,
  mergeTeamMembers,
  ownerMember,
  removeMembers,
  setMemberMute,
  setTeamMuteType,
  sortMembers,
  teamMembersTimetagKey,
  transferOwnership,
} from '../../model/team-state';
import { TEAM_MUTE_TYPE_CODES, fromWireTeamMember, toWireMemberUpdate, toWireTeamSettings } from '../../model/team-wire';
import type { SendTextInput } from '../../validation/message-rules';
import {
  validateCreateTeam,
  validateInvitorLookup,
  validateTeamAccount,
  validateTeamAccounts,
  validateTeamId,
  validateTeamMemberUpdate,
  validateTeamMuteType,
  validateUpdateTeam,
  type CreateTeamInput,
  type TeamMemberUpdateInput,
  type UpdateTeamInput,
} from '../../validation/team-rules';
import type { MessagesService } from '../messages/messages-service';
import type { ServiceContext } from '../service-context';
import type { SystemMessagesService } from '../system-messages/system-messages-service';
import { TeamReceipts } from './team-receipts';

export interface TeamAccountsInput {
  teamId: string;
  accounts: string[];
  /** A note sent with the change (an invitation's ps). */
  ps?: string;
  attach?: string;
}

export interface TeamAnswerInput {
  teamId: string;
  /** The applicant (pass/reject) or the inviter (accept/reject). */
  from: string;
  /** The system message being answered; it becomes passed or rejected at once, error when refused (§4). */
  idServer?: string;
  ps?: string;
}

/** Where the teams service writes what it cannot throw (816 on get-by-id, §8). */
export interface TeamsLogger {
  warn(message: string, ...details: unknown[]): void;
}

const present = <T>(value: T | undefined): value is T => value !== undefined;

/**
 * Team events whose only change is member rows: the server's teamMembersUpdated push that follows
 * the notification carries them, so nothing is read (a 2,000-member team would otherwise send
 * 2,000 reads per event). Any other event (updateTeam, transferTeam, updateTeamMute, dismissTeam,
 * unknown ones) reads the team again.
 */
const MEMBER_ONLY_EVENTS: ReadonlySet<string> = new Set([
  'addTeamMembers', 'removeTeamMembers', 'leaveTeam', 'addTeamManagers', 'removeTeamManagers', 'updateTeamMemberMute', 'passTeamApply', 'acceptTeamInvite',
]);

/** The event type a team notification's attach names (im-server writes `{type, teamId, from, ...}`). */
function notificationType(attach: string | undefined): string | undefined {
  if (!attach) return undefined;
  try {
    const parsed: unknown = JSON.parse(attach);
    const type = (parsed as { type?: unknown } | null)?.type;
    return typeof type === 'string' ? type : undefined;
  } catch {
    return undefined;
  }
}

/** Codes that say the server never got to the answer: the system message keeps its state. */
const NOT_AN_ANSWER = new Set<number | undefined>([undefined, ResponseCode.PARAMETER_ERROR, ResponseCode.REQUEST_TIMEOUT]);

/**
 * Normal and advanced teams (im-client-spec §3 Team and Team member, §4 Team, §5 Teams, §8
 * 801–816; docs/im-teams.md). Each call is checked by validation/team-rules before it is sent;
 * when the server accepts it, the §4 rule (model/team-state) is applied to the stored rows at
 * once, so the app sees the change without waiting for sync; the server's own copy (sync,
 * team notifications, teamMembersUpdated) later overwrites the same rows. Team messages go
 * through the messages service (scene 'team', the outbox). One file for the whole §7 team command
 * set (about 30 calls, like every other service has its one file); the read receipts are in
 * team-receipts.ts, the rules in model/team-state.ts and validation/team-rules.ts.
 */
export class TeamsService {
  /** Team read receipts: counts, details, and the teamMsgReceipt push (team-receipts.ts). */
  readonly receipts: TeamReceipts;

  constructor(
    private readonly context: ServiceContext,
    private readonly systemMessages: SystemMessagesService,
    /** Where team messages go out (the client's messages service; a multi-tab follower's proxy). */
    private readonly messages: Pick<MessagesService, 'sendText'>,
    private readonly logger: TeamsLogger = console,
  ) {
    this.receipts = new TeamReceipts(context);
  }

  // ---- local reads

  /** Teams I am in (valid to me), oldest first. */
  async list(): Promise<ImTeam[]> {
    const teams = await this.context.store().getTeams();
    return teams.filter((t) => t.valid && t.validToCurrentUser).sort((a, b) => a.createTime - b.createTime || (a.teamId < b.teamId ? -1 : 1));
  }

  /** The stored team, valid or not. */
  localTeam(teamId: string): Promise<ImTeam | undefined> {
    return this.context.store().getTeam(validateTeamId(teamId));
  }

  /** The stored valid members: owner, managers, then the rest by join time. */
  async localMembers(teamId: string): Promise<ImTeamMember[]> {
    return sortMembers((await this.context.store().getTeamMembers(validateTeamId(teamId))).filter((m) => m.valid));
  }

  /** §4: a team still valid for me cannot be deleted (Still_In_Team); otherwise it and its members go. */
  async deleteLocalTeam(teamId: string): Promise<void> {
    const store = this.context.store();
    assertTeamDeletable(await store.getTeam(validateTeamId(teamId)));
    await store.deleteTeams([teamId]);
  }

  // ---- the team itself

  /**
   * §5: type and name required; the §5 defaults are sent; I become owner (§4). Past the member
   * limit the server creates the team with the accounts that fit and answers 813: the team is kept
   * and announced like any other, then the 813 error (its abortedAccidList) goes to the caller.
   */
  async createTeam(input: CreateTeamInput): Promise<{ team: ImTeam; abortedAccidList: string[] }> {
    const { accounts = [], ps, ...settings } = validateCreateTeam(input);
    let answer: { team?: TeamRecordValue; abortedAccidList?: string[] };
    let partial: ImError | undefined;
    try {
      answer = await this.context.connection.request('createTeam', { team: toWireTeamSettings(settings), accounts, ps });
    } catch (error) {
      if (!isPartialAdd(error)) throw error;
      partial = error;
      answer = { team: error.details?.team as TeamRecordValue | undefined };
    }
    const team = this.requireTeam(fromWireTeam(answer.team), 'createTeam');
    const store = this.context.store();
    await store.putTeams([team]);
    await store.putTeamMembers([ownerMember(team.teamId, this.context.account, team.createTime || this.context.now())]);
    this.emitTeams([team]);
    if (partial) {
      await this.refreshMembers(team.teamId);
      throw partial;
    }
    return { team, abortedAccidList: answer.abortedAccidList ?? [] };
  }

  /** §5: needs teamId and no type. */
  async updateTeam(input: UpdateTeamInput): Promise<ImTeam | undefined> {
    const checked = validateUpdateTeam(input);
    const answer = await this.context.connection.request('updateTeam', { team: toWireTeamSettings(checked) });
    const { teamId, ...settings } = checked;
    return this.patchTeam(teamId, (team) => ({ ...team, ...settings, updateTime: answer.time ?? this.context.now() }));
  }

  /** The team from the server (stored; when it is no longer valid to me its members become invalid, §4); 803 when it is missing. */
  async getTeam(teamId: string): Promise<ImTeam> {
    return this.storeTeam(await this.fetchTeam(validateTeamId(teamId)));
  }

  private async fetchTeam(teamId: string): Promise<ImTeam> {
    const answer = await this.context.connection.request('getTeam', { teamId });
    return this.requireTeam(fromWireTeam(answer.team), 'getTeam');
  }

  private async storeTeam(team: ImTeam): Promise<ImTeam> {
    const teamId = team.teamId;
    const store = this.context.store();
    await store.putTeams([team]);
    if (!team.valid || !team.validToCurrentUser) {
      await this.putMembers(teamId, invalidateTeam(team, await store.getTeamMembers(teamId), this.context.now()).members);
      await store.putTimetags(memberTimetagReset(teamId));
    }
    this.emitTeams([team]);
    return team;
  }

  /**
   * My teams from the server, stored; then the valid ones. Asked from the teams cursor the sync
   * stored (0 before any sync: every team), so only what changed since comes back; the cursor stays
   * the sync's. §8: 803 (nothing changed) is cleared and treated as nothing to merge: the stored list stands.
   */
  async getTeams(): Promise<ImTeam[]> {
    let teams: ImTeam[] = [];
    try {
      const timetag = (await this.context.store().getTimetags()).teams ?? 0;
      const answer = await this.context.connection.request('getTeams', { timetag });
      teams = (answer.teams ?? []).map(fromWireTeam).filter(present);
    } catch (error) {
      if (!(error instanceof ImError && error.code === ResponseCode.TEAM_MISSING_OR_UNCHANGED)) throw error;
    }
    if (teams.length > 0) {
      await this.context.store().putTeams(teams);
      this.emitTeams(teams);
    }
    return this.list();
  }

  /**
   * Teams by id from the server. §8: 816 (some could not be read) is logged and cleared; the ids
   * it names (tids) are left out, and the teams it did send are stored.
   */
  async getTeamsById(teamIds: string[]): Promise<ImTeam[]> {
    if (!Array.isArray(teamIds) || teamIds.length === 0) throw new ImError(ImErrorName.Param_Error, 'teamIds must be a non-empty array', { code: 414 });
    teamIds.forEach(validateTeamId);
    let teams: ImTeam[] = [];
    try {
      const answer = await this.context.connection.request('getTeamsById', { teamIds: [...new Set(teamIds)] });
      teams = (answer.teams ?? []).map(fromWireTeam).filter(present);
      if (answer.tids?.length) this.logger.warn(`getTeamsById: ${answer.tids.length} team(s) not returned`, answer.tids);
    } catch (error) {
      if (!(error instanceof ImError && error.code === ResponseCode.PARTIAL_BATCH_FAILURE_816)) throw error;
      // The teams that could be read ride on the 816 answer beside the ids that could not (tids).
      const readable = error.details?.teams;
      teams = (Array.isArray(readable) ? (readable as Parameters<typeof fromWireTeam>[0][]) : []).map(fromWireTeam).filter(present);
      this.logger.warn('getTeamsById: 816 partial batch failure, cleared', error.details?.tids ?? error);
    }
    if (teams.length > 0) {
      await this.context.store().putTeams(teams);
      this.emitTeams(teams);
    }
    return teams;
  }

  /** §4: leaving marks the team and its members invalid here. */
  async leaveTeam(teamId: string): Promise<void> {
    await this.context.connection.request('leaveTeam', { teamId: validateTeamId(teamId) });
    await this.invalidate(teamId);
  }

  /** §4: dismissing (the owner) marks the team and its members invalid. */
  async dismissTeam(teamId: string): Promise<void> {
    await this.context.connection.request('dismissTeam', { teamId: validateTeamId(teamId) });
    await this.invalidate(teamId, 'dismissed');
  }

  /** Mutes the whole team: muteType none, normal, all (codes 0, 1, 3). */
  async muteTeamAll(input: { teamId: string; muteType: ImTeamMuteType }): Promise<ImTeam | undefined> {
    validateTeamId(input?.teamId);
    const muteType = validateTeamMuteType(input.muteType);
    await this.context.connection.request('muteTeamAll', { teamId: input.teamId, muteType: TEAM_MUTE_TYPE_CODES[muteType] });
    return this.patchTeam(input.teamId, (team) => setTeamMuteType(team, muteType, this.context.now()));
  }

  /** A text message to the team, through the outbox like every other message (scene 'team'). */
  sendText(input: { teamId: string } & Omit<SendTextInput, 'scene' | 'to'>): Promise<ImMessage> {
    const { teamId, ...rest } = input;
    return this.messages.sendText({ ...rest, scene: 'team', to: validateTeamId(teamId) });
  }

  // ---- members

  /**
   * The team's members from the server, from the team's own member timetag (§3 per-team member
   * timetags), merged into the store; then every valid member. §8: 406 is cleared and treated as
   * nothing to merge.
   */
  async getTeamMembers(teamId: string): Promise<ImTeamMember[]> {
    validateTeamId(teamId);
    await this.fetchMembers(teamId);
    return this.localMembers(teamId);
  }

  /**
   * Adds (or invites, per the team's beInviteMode) accounts; the answer lists those refused. Past
   * the member limit the server adds those that fit and answers 813: the members are read back,
   * then the 813 error (its abortedAccidList) goes to the caller.
   */
  async addTeamMembers(input: TeamAccountsInput): Promise<{ abortedAccidList: string[] }> {
    const { teamId, accounts } = validateTeamAccounts(input);
    const answer = await this.context.connection.request('addTeamMembers', { teamId, accounts, ps: input.ps, attach: input.attach }).catch(async (error: unknown) => {
      if (isPartialAdd(error)) await this.refreshMembers(teamId);
      throw error;
    });
    // Who became a member depends on the team's modes: read them back rather than guess.
    await this.refreshMembers(teamId);
    return { abortedAccidList: answer.abortedAccidList ?? [] };
  }

  /** Kicks members: their rows become invalid here. */
  async removeTeamMembers(input: TeamAccountsInput): Promise<void> {
    const { teamId, accounts } = validateTeamAccounts(input);
    await this.context.connection.request('removeTeamMembers', { teamId, accounts, ps: input.ps, attach: input.attach });
    const store = this.context.store();
    const result = removeMembers(await store.getTeam(teamId), await store.getTeamMembers(teamId), accounts, this.context.now());
    if (result.team) await store.putTeams([result.team]);
    await this.putMembers(teamId, result.members);
    if (result.team) this.emitTeams([result.team]);
  }

  /** §4: normal members become managers. */
  async addTeamManagers(input: TeamAccountsInput): Promise<void> {
    const { teamId, accounts } = validateTeamAccounts(input);
    await this.context.connection.request('addTeamManagers', { teamId, accounts });
    await this.putMembers(teamId, changeMemberTypes(await this.context.store().getTeamMembers(teamId), accounts, 'normal', 'manager', this.context.now()));
  }

  /** §4: managers become normal members. */
  async removeTeamManagers(input: TeamAccountsInput): Promise<void> {
    const { teamId, accounts } = validateTeamAccounts(input);
    await this.context.connection.request('removeTeamManagers', { teamId, accounts });
    await this.putMembers(teamId, changeMemberTypes(await this.context.store().getTeamMembers(teamId), accounts, 'manager', 'normal', this.context.now()));
  }

  /** §4: the old owner becomes normal (or leaves, with `leave`), the new owner owner. */
  async transferTeam(input: { teamId: string; account: string; leave?: boolean }): Promise<void> {
    validateTeamAccount(input);
    const leave = input.leave === true;
    await this.context.connection.request('transferTeam', { teamId: input.teamId, account: input.account, leave });
    const store = this.context.store();
    const team = await store.getTeam(input.teamId);
    if (!team) return;
    const result = transferOwnership(team, await store.getTeamMembers(input.teamId), input.account, leave, this.context.now());
    await store.putTeams([result.team]);
    await this.putMembers(input.teamId, result.members);
    // Leaving with the transfer ends the team for me like leaveTeam (§4).
    if (leave) await this.invalidate(input.teamId);
    else this.emitTeams([result.team]);
  }

  /** §5: my own settings in the team; needs teamId and one of nickInTeam, muteTeam, muteNotiType, custom. */
  async updateInfoInTeam(input: TeamMemberUpdateInput): Promise<ImTeamMember | undefined> {
    const checked = validateTeamMemberUpdate(input);
    await this.context.connection.request('updateInfoInTeam', { member: toWireMemberUpdate(checked, this.context.account) });
    const { teamId, ...fields } = checked;
    return this.patchMember(teamId, this.context.account, fields);
  }

  /** Another member's nick in the team (managers and owner; the server checks). */
  async updateNickInTeam(input: { teamId: string; account: string; nickInTeam: string }): Promise<ImTeamMember | undefined> {
    validateTeamAccount(input);
    if (typeof input.nickInTeam !== 'string') throw new ImError(ImErrorName.Param_Error, 'nickInTeam must be a string', { code: 414 });
    validateTeamMemberUpdate({ teamId: input.teamId, nickInTeam: input.nickInTeam });
    await this.context.connection.request('updateNickInTeam', { teamId: input.teamId, account: input.account, nickInTeam: input.nickInTeam });
    return this.patchMember(input.teamId, input.account, { nickInTeam: input.nickInTeam });
  }

  /** §4 "Mute toggles a per-member flag". */
  async updateMuteStateInTeam(input: { teamId: string; account: string; mute: boolean }): Promise<void> {
    validateTeamAccount(input);
    if (typeof input.mute !== 'boolean') throw new ImError(ImErrorName.Param_Error, 'mute must be a boolean', { code: 414 });
    await this.context.connection.request('updateMuteStateInTeam', { teamId: input.teamId, account: input.account, mute: input.mute });
    await this.putMembers(input.teamId, setMemberMute(await this.context.store().getTeamMembers(input.teamId), input.account, input.mute, this.context.now()));
  }

  /** The muted members, from the server (stored with the rest). */
  async getMutedTeamMembers(teamId: string): Promise<ImTeamMember[]> {
    const answer = await this.context.connection.request('getMutedTeamMembers', { teamId: validateTeamId(teamId) });
    const members = (answer.members ?? []).map(fromWireTeamMember).filter(present);
    await this.putMembers(teamId, members);
    return sortMembers(members.filter((m) => m.valid));
  }

  /** My member rows in these teams (muteTeam, nick, type), from the server. */
  async getMyTeamMembers(teamIds: string[]): Promise<ImTeamMember[]> {
    if (!Array.isArray(teamIds) || teamIds.length === 0) throw new ImError(ImErrorName.Param_Error, 'teamIds must be a non-empty array', { code: 414 });
    teamIds.forEach(validateTeamId);
    const answer = await this.context.connection.request('getMyTeamMembers', { teamIds: [...new Set(teamIds)] });
    const members = (answer.members ?? []).map(fromWireTeamMember).filter(present);
    if (members.length > 0) await this.context.store().putTeamMembers(members);
    return members;
  }

  /** §5: who invited each account, at most 200 accounts; account → invitor (absent when unknown). */
  async getTeamMemberInvitorAccid(input: { teamId: string; accounts: string[] }): Promise<Record<string, string>> {
    const { teamId, accounts } = validateInvitorLookup(input);
    const answer = await this.context.connection.request('getTeamMemberInvitorAccid', { teamId, accounts });
    const invitors: Record<string, string> = {};
    for (const row of answer.invitors ?? []) if (row.account && row.invitorAccid) invitors[row.account] = row.invitorAccid;
    return invitors;
  }

  // ---- applications and invitations (system messages, §4 System message)

  /** Asks to join; a team with joinMode noVerify takes me at once (the answer carries the team). */
  async applyTeam(input: { teamId: string; ps?: string }): Promise<ImTeam | undefined> {
    validateTeamId(input?.teamId);
    const answer = await this.context.connection.request('applyTeam', { teamId: input.teamId, ps: input.ps });
    return this.storeJoinedTeam(answer.team);
  }

  /** Accepts an application: the applicant joins; the system message becomes passed. */
  async passTeamApply(input: TeamAnswerInput): Promise<void> {
    validateTeamAccount({ teamId: input?.teamId, account: input?.from }, 'from');
    await this.answer(input, 'passed', () => this.context.connection.request('passTeamApply', { teamId: input.teamId, from: input.from }));
    await this.refreshMembers(input.teamId);
  }

  /** Declines an application; the system message becomes rejected. */
  async rejectTeamApply(input: TeamAnswerInput): Promise<void> {
    validateTeamAccount({ teamId: input?.teamId, account: input?.from }, 'from');
    await this.answer(input, 'rejected', () => this.context.connection.request('rejectTeamApply', { teamId: input.teamId, from: input.from, ps: input.ps }));
  }

  /** Accepts an invitation: I join; the system message becomes passed. */
  async acceptTeamInvite(input: TeamAnswerInput): Promise<ImTeam | undefined> {
    validateTeamAccount({ teamId: input?.teamId, account: input?.from }, 'from');
    const answer = await this.answer(input, 'passed', () => this.context.connection.request('acceptTeamInvite', { teamId: input.teamId, from: input.from }));
    const team = await this.storeJoinedTeam(answer.team);
    await this.refreshMembers(input.teamId);
    return team;
  }

  /** Declines an invitation; the system message becomes rejected. */
  async rejectTeamInvite(input: TeamAnswerInput): Promise<void> {
    validateTeamAccount({ teamId: input?.teamId, account: input?.from }, 'from');
    await this.answer(input, 'rejected', () => this.context.connection.request('rejectTeamInvite', { teamId: input.teamId, from: input.from, ps: input.ps }));
  }

  // ---- from the server

  /**
   * teamMembersUpdated: member rows changed by one team event, with the team's member timetag
   * after it. The timetag is taken only when it follows the stored one (each event moves it by
   * one): after a gap (offline, or never read) the next getTeamMembers must still read what was
   * missed. My own row turning invalid (removed, left) ends the team for me (§4).
   */
  async receiveMembersUpdated(body: { members?: TeamMemberRecordValue[]; timetag?: number }): Promise<void> {
    const members = (body.members ?? []).map(fromWireTeamMember).filter(present);
    const byTeam = new Map<string, ImTeamMember[]>();
    for (const member of members) byTeam.set(member.teamId, [...(byTeam.get(member.teamId) ?? []), member]);
    const store = this.context.store();
    const stored = await store.getTimetags();
    for (const [teamId, rows] of byTeam) {
      const previous = stored[teamMembersTimetagKey(teamId)];
      const follows = typeof body.timetag === 'number' && previous !== undefined && previous >= body.timetag - 1;
      await mergeTeamMembers(store, rows, follows ? { [teamId]: body.timetag! } : {});
      this.context.emit('teamMembers', { teamId, members: rows });
      if (rows.some((m) => m.account === this.context.account && !m.valid)) await this.invalidate(teamId);
    }
  }

  /**
   * A team notification message (§3 "notification": the server writes one per team event, attach
   * `{type, ...}`). A team I do not hold as mine yet (just added, invited in, accepted) is read with
   * its members; an event that changes the team itself reads the team; member-only events wait for
   * their teamMembersUpdated push. Best effort: a failure is logged, the message stands.
   */
  async refreshAfterNotification(teamId: string, attach?: string): Promise<void> {
    try {
      const stored = await this.context.store().getTeam(teamId);
      if (!stored || !stored.valid || !stored.validToCurrentUser) {
        // Members first, then the team: an app that sees the team (event teams) finds its members stored.
        const team = await this.fetchTeam(teamId);
        if (team.valid && team.validToCurrentUser) await this.fetchMembers(teamId);
        await this.storeTeam(team);
        return;
      }
      const type = notificationType(attach);
      if (type === undefined || !MEMBER_ONLY_EVENTS.has(type)) await this.getTeam(teamId);
    } catch (error) {
      this.logger.warn(`refreshing team ${teamId} after a notification failed`, error);
    }
  }

  // ---- helpers

  /** Reads the members from the team's member timetag and stores them; emits what changed. */
  private async fetchMembers(teamId: string): Promise<ImTeamMember[]> {
    const store = this.context.store();
    const timetag = (await store.getTimetags())[teamMembersTimetagKey(teamId)] ?? 0;
    // §8: 406 on team members is cleared and treated as nothing to merge. 406 is a no-error code
    // (errors/codes.ts), so the connection resolves it with its body: no rows, the same timetag.
    const answer = await this.context.connection.request('getTeamMembers', { teamId, timetag });
    const members = (answer.members ?? []).map(fromWireTeamMember).filter(present).filter((m) => m.teamId === teamId);
    const next = answer.timetag;
    await mergeTeamMembers(store, members, typeof next === 'number' ? { [teamId]: next } : {});
    if (members.length > 0) this.context.emit('teamMembers', { teamId, members });
    return members;
  }

  /** After a change whose outcome the server decides (add, pass, accept): best effort. */
  private async refreshMembers(teamId: string): Promise<void> {
    try {
      await this.fetchMembers(teamId);
    } catch (error) {
      this.logger.warn(`reading the members of team ${teamId} failed`, error);
    }
  }

  private async answer<T>(input: TeamAnswerInput, state: 'passed' | 'rejected', call: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await call();
    } catch (error) {
      if (input.idServer && error instanceof ImError && !NOT_AN_ANSWER.has(error.code)) {
        await this.systemMessages.setState(input.idServer, 'error', { code: error.code!, message: error.message });
      }
      throw error;
    }
    if (input.idServer) await this.systemMessages.setState(input.idServer, state);
    return result;
  }

  private async storeJoinedTeam(record: Parameters<typeof fromWireTeam>[0]): Promise<ImTeam | undefined> {
    const team = fromWireTeam(record);
    if (!team) return undefined;
    await this.context.store().putTeams([team]);
    this.emitTeams([team]);
    return team;
  }

  private async invalidate(teamId: string, how: 'left' | 'dismissed' = 'left'): Promise<void> {
    const store = this.context.store();
    const team = await store.getTeam(teamId);
    const result = team ? invalidateTeam(team, await store.getTeamMembers(teamId), this.context.now(), how) : undefined;
    if (!result) return;
    await store.putTeams([result.team]);
    await this.putMembers(teamId, result.members);
    await store.putTimetags(memberTimetagReset(teamId));
    this.emitTeams([result.team]);
  }

  private async patchTeam(teamId: string, change: (team: ImTeam) => ImTeam): Promise<ImTeam | undefined> {
    const store = this.context.store();
    const team = await store.getTeam(teamId);
    if (!team) return undefined;
    const updated = change(team);
    await store.putTeams([updated]);
    this.emitTeams([updated]);
    return updated;
  }

  private async patchMember(teamId: string, account: string, fields: Partial<ImTeamMember>): Promise<ImTeamMember | undefined> {
    const store = this.context.store();
    const member = (await store.getTeamMembers(teamId)).find((m) => m.account === account);
    if (!member) return undefined;
    const updated = { ...member, ...fields, updateTime: this.context.now() };
    await this.putMembers(teamId, [updated]);
    return updated;
  }

  private async putMembers(teamId: string, members: ImTeamMember[]): Promise<void> {
    if (members.length === 0) return;
    await this.context.store().putTeamMembers(members);
    this.context.emit('teamMembers', { teamId, members });
  }

  private emitTeams(teams: ImTeam[]): void {
    this.context.emit('teams', teams);
  }

  private requireTeam(team: ImTeam | undefined, command: string): ImTeam {
    if (!team) throw new ImError(ImErrorName.Server_Error, `${command}: the server answered without the team`, { code: ResponseCode.INTERNAL_ERROR, command });
    return team;
  }
}
