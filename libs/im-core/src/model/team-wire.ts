import type { TeamMemberRecordValue, TeamRecordValue } from '../protocol/records';
import type { ImTeamMember, ImTeamMemberType, ImTeamMuteType } from '../store/entities';
import { teamMemberIdOf } from '../store/entities';
import type { CreateTeamInput, TeamMemberUpdateInput, TeamSettings } from '../validation/team-rules';

// Team ↔ wire mapping (protocol/records.ts TeamRecord, TeamMemberRecord). fromWireTeam lives in
// wire-mapping.ts with the other records; the member and the outgoing team shapes are here.

/** §3 muteType codes: none 0, normal 1, all 3. */
export const TEAM_MUTE_TYPE_CODES: Readonly<Record<ImTeamMuteType, number>> = { none: 0, normal: 1, all: 3 };
const JOIN_MODE_CODES = { noVerify: 0, needVerify: 1, rejectAll: 2 } as const;
const BE_INVITE_MODE_CODES = { needVerify: 0, noVerify: 1 } as const;
const PERMISSION_MODE_CODES = { manager: 0, all: 1 } as const;
/** TeamMemberRecord.type: 0 normal, 1 owner, 2 manager. */
const MEMBER_TYPES: readonly ImTeamMemberType[] = ['normal', 'owner', 'manager'];
/** TeamMemberRecord.bits: bit 0 is muteTeam (§3 "muteTeam (a flag inside a bits value)"). */
export const MUTE_TEAM_BIT = 1;

/** The settable fields of a team as a TeamRecord (create and update send only what is set). */
export function toWireTeamSettings(settings: TeamSettings & { teamId?: string; type?: CreateTeamInput['type'] }): TeamRecordValue {
  const record: TeamRecordValue = {};
  if (settings.teamId !== undefined) record.teamId = settings.teamId;
  if (settings.type !== undefined) record.type = settings.type === 'advanced' ? 1 : 0;
  for (const field of ['name', 'avatar', 'intro', 'announcement', 'custom'] as const) {
    if (settings[field] !== undefined) record[field] = settings[field];
  }
  if (settings.joinMode !== undefined) record.joinMode = JOIN_MODE_CODES[settings.joinMode];
  if (settings.beInviteMode !== undefined) record.beInviteMode = BE_INVITE_MODE_CODES[settings.beInviteMode];
  if (settings.inviteMode !== undefined) record.inviteMode = PERMISSION_MODE_CODES[settings.inviteMode];
  if (settings.updateTeamMode !== undefined) record.updateTeamMode = PERMISSION_MODE_CODES[settings.updateTeamMode];
  if (settings.updateCustomMode !== undefined) record.updateCustomMode = PERMISSION_MODE_CODES[settings.updateCustomMode];
  return record;
}

/** A member update of mine as the TeamMemberRecord updateInfoInTeam carries. */
export function toWireMemberUpdate(update: TeamMemberUpdateInput, account: string): TeamMemberRecordValue {
  return {
    id: teamMemberIdOf(update.teamId, account),
    teamId: update.teamId,
    account,
    ...(update.nickInTeam !== undefined ? { nickInTeam: update.nickInTeam } : {}),
    ...(update.muteTeam !== undefined ? { bits: update.muteTeam ? MUTE_TEAM_BIT : 0 } : {}),
    ...(update.muteNotiType !== undefined ? { muteNotiType: update.muteNotiType } : {}),
    ...(update.custom !== undefined ? { custom: update.custom } : {}),
  };
}

/** A member record from the server; records without teamId or account are dropped. */
export function fromWireTeamMember(record: TeamMemberRecordValue | undefined): ImTeamMember | undefined {
  if (!record?.teamId || !record.account) return undefined;
  return {
    id: teamMemberIdOf(record.teamId, record.account),
    teamId: record.teamId,
    account: record.account,
    type: MEMBER_TYPES[record.type ?? 0] ?? 'normal',
    ...(record.nickInTeam !== undefined ? { nickInTeam: record.nickInTeam } : {}),
    ...(record.bits !== undefined ? { muteTeam: (record.bits & MUTE_TEAM_BIT) !== 0 } : {}),
    ...(record.mute !== undefined ? { mute: record.mute } : {}),
    ...(record.muteNotiType !== undefined ? { muteNotiType: record.muteNotiType } : {}),
    ...(record.custom !== undefined ? { custom: record.custom } : {}),
    ...(record.active !== undefined ? { active: record.active } : {}),
    joinTime: record.joinTime ?? 0,
    updateTime: record.updateTime ?? 0,
    valid: record.valid ?? true,
  };
}
