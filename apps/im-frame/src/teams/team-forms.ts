// The forms of the team views (create a team, edit its info and modes): one zod schema each, checked
// by react-hook-form before im-core's own §5 team rules. A problem is reported as an i18n key with
// its parameters (`key|max`), turned into the merchant's language by `ruleText`.
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { ACCOUNT_ID_PATTERN, TEAM_BE_INVITE_MODES, TEAM_FIELD_MAX_LENGTH, TEAM_JOIN_MODES, TEAM_PERMISSION_MODES, TEAM_TYPES } from '@merchant/im-core/validation';
import type { ImTeamBeInviteMode, ImTeamJoinMode, ImTeamPermissionMode, ImTeamType } from '@merchant/im-core';
import type { TeamInfo, TeamSettingsValues } from './teams-port';

const tooLong = (max: number) => `teamAdmin.rules.tooLong|${max}`;
const text = (max: number) => z.string().max(max, tooLong(max));

/** A rule's problem (`key|max` or `key|account`) in the merchant's language. */
export function ruleText(t: TFunction, problem: string | undefined): string | undefined {
  if (!problem) return undefined;
  const [key, value] = problem.split('|');
  return t(key ?? '', { max: value, account: value });
}

/** The accounts typed into one field: split at commas (either width), semicolons and white space. */
export function splitAccounts(value: string): string[] {
  return [...new Set(value.split(/[\s,，;；]+/).filter(Boolean))];
}

const name = z.string().trim().min(1, 'teamAdmin.rules.nameRequired').max(TEAM_FIELD_MAX_LENGTH.name, tooLong(TEAM_FIELD_MAX_LENGTH.name));

export const createTeamSchema = z
  .object({
    type: z.enum(TEAM_TYPES as [ImTeamType, ...ImTeamType[]]),
    name,
    intro: text(TEAM_FIELD_MAX_LENGTH.intro),
    accounts: z.string(),
  })
  .superRefine((values, context) => {
    const wrong = splitAccounts(values.accounts).find((account) => !ACCOUNT_ID_PATTERN.test(account));
    if (wrong) context.addIssue({ code: 'custom', path: ['accounts'], message: `teamAdmin.rules.accountInvalid|${wrong}` });
  });
export type CreateTeamValues = z.infer<typeof createTeamSchema>;

export const teamSettingsSchema = z.object({
  name,
  avatar: text(TEAM_FIELD_MAX_LENGTH.avatar).refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), 'teamAdmin.rules.avatarUrl'),
  intro: text(TEAM_FIELD_MAX_LENGTH.intro),
  announcement: text(TEAM_FIELD_MAX_LENGTH.announcement),
  joinMode: z.enum(TEAM_JOIN_MODES as [ImTeamJoinMode, ...ImTeamJoinMode[]]),
  beInviteMode: z.enum(TEAM_BE_INVITE_MODES as [ImTeamBeInviteMode, ...ImTeamBeInviteMode[]]),
  inviteMode: z.enum(TEAM_PERMISSION_MODES as [ImTeamPermissionMode, ...ImTeamPermissionMode[]]),
  updateTeamMode: z.enum(TEAM_PERMISSION_MODES as [ImTeamPermissionMode, ...ImTeamPermissionMode[]]),
  updateCustomMode: z.enum(TEAM_PERMISSION_MODES as [ImTeamPermissionMode, ...ImTeamPermissionMode[]]),
});

/** The form's values for a team: what it has, else im-server's defaults (§5: verification needed, the modes manager). */
export function settingsOf(team: TeamInfo): TeamSettingsValues {
  return {
    name: team.name,
    avatar: team.avatar ?? '',
    intro: team.intro ?? '',
    announcement: team.announcement ?? '',
    joinMode: team.joinMode ?? 'needVerify',
    beInviteMode: team.beInviteMode ?? 'needVerify',
    inviteMode: team.inviteMode ?? 'manager',
    updateTeamMode: team.updateTeamMode ?? 'manager',
    updateCustomMode: team.updateCustomMode ?? 'manager',
  };
}

/** Only the fields that changed (im-server refuses an update with nothing in it). */
export function changedSettings(before: TeamSettingsValues, after: TeamSettingsValues): Partial<TeamSettingsValues> {
  const changed: Partial<Record<keyof TeamSettingsValues, string>> = {};
  for (const key of Object.keys(after) as (keyof TeamSettingsValues)[]) {
    const value = key === 'name' ? after.name.trim() : after[key];
    if (value !== before[key]) changed[key] = value;
  }
  return changed as Partial<TeamSettingsValues>;
}
