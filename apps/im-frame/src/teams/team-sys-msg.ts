// Team system messages (§4 System message; im-server's team-join-service): an invitation to a team
// (`teamInvite`, from the inviter) or an application to join one (`applyTeam`, from the applicant,
// sent to the owner and each manager), and their refusals. Each names its team in attach
// (`{"teamId":"…"}`). Super team ones (superTeamInvite, applySuperTeam) are not answered here.
import type { ImSysMsg } from '@merchant/im-core';

/** The team system messages the merchant answers, and the ones that only tell. */
export const TEAM_SYS_MSG_TYPES = ['teamInvite', 'applyTeam', 'rejectTeamInvite', 'rejectTeamApply'] as const;
export type TeamSysMsgType = (typeof TEAM_SYS_MSG_TYPES)[number];

export function isTeamSysMsg(sysMsg: Pick<ImSysMsg, 'type'>): sysMsg is Pick<ImSysMsg, 'type'> & { type: TeamSysMsgType } {
  return (TEAM_SYS_MSG_TYPES as readonly string[]).includes(sysMsg.type);
}

/** An invitation or application still waiting for this account's answer. */
export function isPendingTeamAnswer(sysMsg: Pick<ImSysMsg, 'type' | 'state'>): boolean {
  return (sysMsg.type === 'teamInvite' || sysMsg.type === 'applyTeam') && sysMsg.state === 'init';
}

/** The team a system message is about: attach's teamId (a string of digits), else undefined. */
export function teamIdOfSysMsg(sysMsg: Pick<ImSysMsg, 'attach'>): string | undefined {
  if (!sysMsg.attach) return undefined;
  try {
    const parsed: unknown = JSON.parse(sysMsg.attach);
    const teamId = (parsed as { teamId?: unknown } | null)?.teamId;
    if (typeof teamId === 'string' && teamId !== '') return teamId;
    if (typeof teamId === 'number' && Number.isSafeInteger(teamId)) return String(teamId);
  } catch {
    // Not JSON: no team named.
  }
  return undefined;
}
