import { ImError, ImErrorName, ResponseCode, isPartialAdd } from '../../errors';
import type { TeamRecordValue } from '../../protocol/records';
import type { ImMessage, ImTeam, ImTeamMember, ImTeamMuteType } from '../../store/entities';
import { fromWireTeam } from '../../model/wire-mapping';
import { TEAM_MUTE_TYPE_CODES, fromWireTeamMember, toWireMemberUpdate, toWireTeamSettings } from '../../model/team-wire';
import type { SendTextInput } from '../../validation/message-rules';
import {
  validateInvitorLookup, validateTeamAccount, validateTeamAccounts, validateTeamId, validateTeamMemberUpdate, validateTeamMuteType, validateUpdateTeam,
  type TeamMemberUpdateInput, type UpdateTeamInput,
} from '../../validation/team-rules';
import {
  validateSuperTeamAction, validateSuperTeamMemberLookup, validateSuperTeamMembersPage, validateSuperTeamMute, type ImSuperTeamAction,
} from '../../validation/super-team-rules';
import type { MessagesService } from '../messages/messages-service';
import type { ServiceContext } from '../service-context';
import type { SystemMessagesService } from '../system-messages/system-messages-service';
import type { TeamAccountsInput, TeamAnswerInput } from '../teams/teams-service';

const present = <T>(value: T | undefined): value is T => value !== undefined;

/** Codes that say the server never got to the answer: the system message keeps its state. */
const NOT_AN_ANSWER = new Set<number | undefined>([undefined, ResponseCode.PARAMETER_ERROR, ResponseCode.REQUEST_TIMEOUT]);

/**
 * Super teams (im-client-spec §3, §5 "Super team needs action and teamId ...", §7 superTeam, §8;
 * docs/im-super-teams.md). Up to 10,000 members: members are read a page at a time (by join time)
 * or by accounts (at most 20), never all at once, and are not kept in the store; the team rows are
 * (the superTeam table). Calls are checked by validation/super-team-rules (and team-rules where a
 * rule is the same) before they are sent. Messages go through the messages service (scene
 * 'superTeam', the outbox); super team system messages are the system messages service's
 * (category superTeam, read-ack pair 21/19).
 */
export class SuperTeamsService {
  constructor(
    private readonly context: ServiceContext,
    private readonly systemMessages: SystemMessagesService,
    private readonly messages: Pick<MessagesService, 'sendText'>,
  ) {}

  /** Super teams I am in (valid to me), oldest first. */
  async list(): Promise<ImTeam[]> {
    const teams = await this.context.store().getSuperTeams();
    return teams.filter((t) => t.valid && t.validToCurrentUser).sort((a, b) => a.createTime - b.createTime || (a.teamId < b.teamId ? -1 : 1));
  }

  /** The stored super team, valid or not. */
  async localSuperTeam(teamId: string): Promise<ImTeam | undefined> {
    validateTeamId(teamId);
    return (await this.context.store().getSuperTeams()).find((t) => t.teamId === teamId);
  }

  /** The super team from the server, stored; 803 when it does not exist. */
  async getSuperTeam(teamId: string): Promise<ImTeam> {
    const answer = await this.context.connection.request('getSuperTeam', { teamId: validateTeamId(teamId) });
    const team = fromWireTeam(answer.team);
    if (!team) throw new ImError(ImErrorName.Param_Error, 'getSuperTeam answered without a team', { code: ResponseCode.TEAM_MISSING_OR_UNCHANGED });
    await this.store([team]);
    return team;
  }

  /** Every super team of mine from the server, stored; then the valid ones. §8: 803 is cleared and treated as nothing to merge. */
  async getSuperTeams(): Promise<ImTeam[]> {
    let teams: ImTeam[] = [];
    try {
      const answer = await this.context.connection.request('getSuperTeams', { timetag: 0 });
      teams = (answer.teams ?? []).map(fromWireTeam).filter(present);
    } catch (error) {
      if (!(error instanceof ImError && error.code === ResponseCode.TEAM_MISSING_OR_UNCHANGED)) throw error;
    }
    if (teams.length > 0) await this.store(teams);
    return this.list();
  }

  /** §5 update: needs teamId and no type (team-rules). */
  async updateSuperTeam(input: UpdateTeamInput): Promise<ImTeam | undefined> {
    const checked = validateUpdateTeam(input);
    const answer = await this.context.connection.request('updateSuperTeam', { team: toWireTeamSettings(checked) });
    const { teamId, ...settings } = checked;
    return this.patch(teamId, (team) => ({ ...team, ...settings, updateTime: answer.time ?? this.context.now() }));
  }

  /** A page of members by join time: after `joinTime` (oldest first), or before it with `reverse` (newest first). */
  async getMembers(input: { teamId: string; joinTime?: number; limit?: number; reverse?: boolean }): Promise<ImTeamMember[]> {
    validateSuperTeamMembersPage(input);
    const answer = await this.context.connection.request('getSuperTeamMembers', { teamId: input.teamId, joinTime: input.joinTime ?? 0, limit: input.limit, reverse: input.reverse });
    return (answer.members ?? []).map(fromWireTeamMember).filter(present);
  }

  /** §5: by accounts, non-empty and at most 20. */
  async getMembersByAccounts(input: { teamId: string; accounts: string[] }): Promise<ImTeamMember[]> {
    const checked = validateSuperTeamMemberLookup(input);
    const answer = await this.context.connection.request('getSuperTeamMembersByAccounts', checked);
    return (answer.members ?? []).map(fromWireTeamMember).filter(present);
  }

  /** My own member rows in the listed super teams. */
  async getMyMembers(teamIds: string[]): Promise<ImTeamMember[]> {
    teamIds.forEach(validateTeamId);
    const answer = await this.context.connection.request('getMySuperTeamMembers', { teamIds });
    return (answer.members ?? []).map(fromWireTeamMember).filter(present);
  }

  /** §5 "Invitor lookup at most 200 accounts". */
  async getInvitors(input: { teamId: string; accounts: string[] }): Promise<Record<string, string>> {
    const checked = validateInvitorLookup(input);
    const answer = await this.context.connection.request('getSuperTeamMemberInvitorAccid', checked);
    return Object.fromEntries((answer.invitors ?? []).filter((m) => m.account).map((m) => [m.account as string, m.invitorAccid ?? '']));
  }

  /**
   * Adds (or invites, per the team's beInviteMode) accounts. Past the member limit the server adds
   * those that fit and answers 813: the team is read again, then the 813 error (its abortedAccidList)
   * goes to the caller.
   */
  async addMembers(input: TeamAccountsInput): Promise<{ abortedAccidList: string[] }> {
    const { teamId, accounts } = validateTeamAccounts(input);
    const answer = await this.context.connection.request('addSuperTeamMembers', { teamId, accounts, ps: input.ps, attach: input.attach }).catch(async (error: unknown) => {
      if (isPartialAdd(error)) await this.refresh(teamId);
      throw error;
    });
    await this.refresh(teamId);
    return { abortedAccidList: answer.abortedAccidList ?? [] };
  }

  async removeMembers(input: TeamAccountsInput): Promise<void> {
    const { teamId, accounts } = validateTeamAccounts(input);
    await this.context.connection.request('removeSuperTeamMembers', { teamId, accounts });
    await this.refresh(teamId);
  }

  async addManagers(input: TeamAccountsInput): Promise<void> {
    const { teamId, accounts } = validateTeamAccounts(input);
    await this.context.connection.request('addSuperTeamManagers', { teamId, accounts });
  }

  async removeManagers(input: TeamAccountsInput): Promise<void> {
    const { teamId, accounts } = validateTeamAccounts(input);
    await this.context.connection.request('removeSuperTeamManagers', { teamId, accounts });
  }

  /** §4: the old owner becomes normal (or leaves, with `leave`), the new owner owner. */
  async transfer(input: { teamId: string; account: string; leave?: boolean }): Promise<void> {
    validateTeamAccount(input);
    await this.context.connection.request('transferSuperTeam', { teamId: input.teamId, account: input.account, leave: input.leave === true });
    if (input.leave === true) await this.invalidate(input.teamId, false);
    else await this.patch(input.teamId, (team) => ({ ...team, owner: input.account, updateTime: this.context.now() }));
  }

  /** §5: at most 10 accounts muted or unmuted at once. */
  async muteMembers(input: { teamId: string; accounts: string[]; mute: boolean }): Promise<void> {
    await this.context.connection.request('updateSuperTeamMembersMute', validateSuperTeamMute(input));
  }

  /** The whole super team: muteType none, normal, all (codes 0, 1, 3). */
  async muteAll(input: { teamId: string; muteType: ImTeamMuteType }): Promise<ImTeam | undefined> {
    validateTeamId(input?.teamId);
    const muteType = validateTeamMuteType(input.muteType);
    await this.context.connection.request('muteSuperTeamAll', { teamId: input.teamId, muteType: TEAM_MUTE_TYPE_CODES[muteType] });
    return this.patch(input.teamId, (team) => ({ ...team, muteType, mute: muteType !== 'none', updateTime: this.context.now() }));
  }

  /** §5: my own settings; teamId and one of nickInTeam, muteTeam, muteNotiType, custom (team-rules). */
  async updateInfoInSuperTeam(input: TeamMemberUpdateInput): Promise<void> {
    const checked = validateTeamMemberUpdate(input);
    await this.context.connection.request('updateInfoInSuperTeam', { member: toWireMemberUpdate(checked, this.context.account) });
  }

  /** §5 "Super team needs action and teamId": one member operation by name. */
  async action(input: { action: ImSuperTeamAction; teamId: string; accounts?: string[]; ps?: string }): Promise<void> {
    validateSuperTeamAction(input);
    await this.context.connection.request('superTeamAction', { action: input.action, teamId: input.teamId, accounts: input.accounts, ps: input.ps });
    if (input.action === 'leave') await this.invalidate(input.teamId, false);
    else if (input.action === 'dismiss') await this.invalidate(input.teamId, true);
  }

  /** §4: leaving marks the super team invalid to me. */
  async leave(teamId: string): Promise<void> {
    await this.context.connection.request('leaveSuperTeam', { teamId: validateTeamId(teamId) });
    await this.invalidate(teamId, false);
  }

  /** §4: dismissing (the owner) marks the super team invalid. */
  async dismiss(teamId: string): Promise<void> {
    await this.context.connection.request('dismissSuperTeam', { teamId: validateTeamId(teamId) });
    await this.invalidate(teamId, true);
  }

  /** Applies to join: joinMode noVerify joins at once (the team comes back valid to me), needVerify waits for an answer. */
  async apply(input: { teamId: string; ps?: string }): Promise<ImTeam | undefined> {
    validateTeamId(input?.teamId);
    const answer = await this.context.connection.request('applySuperTeam', { teamId: input.teamId, ps: input.ps });
    return this.storeRecord(answer.team);
  }

  async passApply(input: TeamAnswerInput): Promise<void> {
    validateTeamAccount({ teamId: input?.teamId, account: input?.from }, 'from');
    await this.answer(input, 'passed', () => this.context.connection.request('passSuperTeamApply', { teamId: input.teamId, from: input.from }));
  }

  async rejectApply(input: TeamAnswerInput): Promise<void> {
    validateTeamAccount({ teamId: input?.teamId, account: input?.from }, 'from');
    await this.answer(input, 'rejected', () => this.context.connection.request('rejectSuperTeamApply', { teamId: input.teamId, from: input.from, ps: input.ps }));
  }

  async acceptInvite(input: TeamAnswerInput): Promise<ImTeam | undefined> {
    validateTeamAccount({ teamId: input?.teamId, account: input?.from }, 'from');
    const answer = await this.answer(input, 'passed', () => this.context.connection.request('acceptSuperTeamInvite', { teamId: input.teamId, from: input.from }));
    return this.storeRecord(answer.team);
  }

  async rejectInvite(input: TeamAnswerInput): Promise<void> {
    validateTeamAccount({ teamId: input?.teamId, account: input?.from }, 'from');
    await this.answer(input, 'rejected', () => this.context.connection.request('rejectSuperTeamInvite', { teamId: input.teamId, from: input.from, ps: input.ps }));
  }

  /** A text message to the super team, through the outbox like every other message (scene 'superTeam'). */
  sendText(input: { teamId: string } & Omit<SendTextInput, 'scene' | 'to'>): Promise<ImMessage> {
    const { teamId, ...rest } = input;
    return this.messages.sendText({ ...rest, scene: 'superTeam', to: validateTeamId(teamId) });
  }

  /** A super team event (a notification message in its stream): the team is read again. */
  async refreshAfterNotification(teamId: string): Promise<void> {
    await this.refresh(teamId);
  }

  private async refresh(teamId: string): Promise<void> {
    try {
      await this.getSuperTeam(teamId);
    } catch (error) {
      if (!(error instanceof ImError)) throw error;
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

  private async storeRecord(record: TeamRecordValue | undefined): Promise<ImTeam | undefined> {
    const team = fromWireTeam(record);
    if (team) await this.store([team]);
    return team;
  }

  private async invalidate(teamId: string, dismissed: boolean): Promise<void> {
    await this.patch(teamId, (team) => ({ ...team, validToCurrentUser: false, ...(dismissed ? { valid: false } : {}), updateTime: this.context.now() }));
  }

  private async patch(teamId: string, change: (team: ImTeam) => ImTeam): Promise<ImTeam | undefined> {
    const stored = await this.localSuperTeam(teamId);
    if (!stored) return undefined;
    const next = change(stored);
    await this.store([next]);
    return next;
  }

  private async store(teams: ImTeam[]): Promise<void> {
    await this.context.store().putSuperTeams(teams);
    this.context.emit('superTeams', teams);
  }
}
