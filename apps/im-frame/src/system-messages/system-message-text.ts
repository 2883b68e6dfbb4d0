// Which sentence a system message gets (i18n keys under systemMessages.types).
import type { ImSysMsg } from '@merchant/im-core';

const KNOWN_TYPES = new Set(['applyFriend', 'addFriend', 'passFriendApply', 'rejectFriendApply', 'custom']);

export function systemMessageTypeKey(sysMsg: Pick<ImSysMsg, 'type'>): string {
  return `systemMessages.types.${KNOWN_TYPES.has(sysMsg.type) ? sysMsg.type : 'other'}`;
}

/** A friend application still waiting for this account's answer. */
export function isPendingApplication(sysMsg: Pick<ImSysMsg, 'type' | 'state'>): boolean {
  return sysMsg.type === 'applyFriend' && sysMsg.state === 'init';
}
