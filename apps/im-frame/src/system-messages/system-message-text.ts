// Which sentence a system message gets (i18n keys under systemMessages.types).
import type { ImSysMsg } from '@merchant/im-core';
import { isPendingTeamAnswer, isTeamSysMsg } from '../teams/team-sys-msg';

const KNOWN_TYPES = new Set(['applyFriend', 'addFriend', 'passFriendApply', 'rejectFriendApply', 'custom']);

export function systemMessageTypeKey(sysMsg: Pick<ImSysMsg, 'type'>): string {
  // Team invitations and applications name their team too (teamAdmin.sysMsg, teams/team-texts.ts).
  if (isTeamSysMsg(sysMsg)) return `teamAdmin.sysMsg.${sysMsg.type}`;
  return `systemMessages.types.${KNOWN_TYPES.has(sysMsg.type) ? sysMsg.type : 'other'}`;
}

/** A friend application, team invitation or team application still waiting for this account's answer. */
export function isPendingApplication(sysMsg: Pick<ImSysMsg, 'type' | 'state'>): boolean {
  return (sysMsg.type === 'applyFriend' && sysMsg.state === 'init') || isPendingTeamAnswer(sysMsg);
}
