import type { ImFriend, ImRelation, ImSysMsg } from '../store/entities';

// Pure rules of im-client-spec §3/§4 for system messages, friends and relations, shared by sync
// (merging a page) and the services (live pushes), so both give the same result.

/** Friend request kinds that make the receiver a friend of the sender when they arrive (§4). */
export const FRIEND_CREATING_SYS_MSG_TYPES: ReadonlySet<string> = new Set(['addFriend', 'passFriendApply']);

/** §3: relation flags travel as the string "1"; anything else is "not on the list". */
export function relationFlag(value: string | undefined): boolean {
  return value === '1';
}

/**
 * §4 "Incoming addFriend and passFriendApply create a friend record": the friend the system
 * message makes for `account`, or undefined when it makes none.
 */
export function friendFromSysMsg(sysMsg: ImSysMsg, account: string): ImFriend | undefined {
  if (sysMsg.to !== account || sysMsg.from === account || !FRIEND_CREATING_SYS_MSG_TYPES.has(sysMsg.type)) return undefined;
  return { account: sysMsg.from, createTime: sysMsg.time, updateTime: sysMsg.time, valid: true };
}

/**
 * A system message arriving again (a state change, a read on another device, a sync repeat) over
 * the stored copy: the server's state wins; read never goes back to unread; local fields stay.
 */
export function mergeSysMsg(stored: ImSysMsg | undefined, incoming: ImSysMsg): ImSysMsg {
  if (!stored) return incoming;
  return {
    ...stored,
    ...incoming,
    read: stored.read || incoming.read,
    // A state the user reached here (passed/rejected) is not taken back by an older copy still saying init.
    state: incoming.state === 'init' ? stored.state : incoming.state,
    localCustom: stored.localCustom ?? incoming.localCustom,
  };
}

/** Unread counters per type (§3 "Unread counters are kept per type"). */
export function sysMsgUnreadByType(sysMsgs: readonly ImSysMsg[]): Record<string, number> {
  const unread: Record<string, number> = {};
  for (const sysMsg of sysMsgs) if (!sysMsg.read) unread[sysMsg.type] = (unread[sysMsg.type] ?? 0) + 1;
  return unread;
}

/** One account's place on the two lists, with the flags as booleans (§5 markInBlacklist, markInMutelist). */
export interface ImRelationState {
  account: string;
  isBlacked: boolean;
  isMuted: boolean;
  createTime: number;
  updateTime: number;
}

/** Joins the blacklist and mutelist tables into one record per account, oldest first. */
export function joinRelations(blacklist: readonly ImRelation[], mutelist: readonly ImRelation[]): ImRelationState[] {
  const byAccount = new Map<string, ImRelationState>();
  const add = (relation: ImRelation, flag: 'isBlacked' | 'isMuted') => {
    const current = byAccount.get(relation.account) ?? { account: relation.account, isBlacked: false, isMuted: false, createTime: relation.createTime, updateTime: relation.updateTime };
    byAccount.set(relation.account, {
      ...current,
      [flag]: true,
      createTime: Math.min(current.createTime, relation.createTime),
      updateTime: Math.max(current.updateTime, relation.updateTime),
    });
  };
  for (const relation of blacklist) add(relation, 'isBlacked');
  for (const relation of mutelist) add(relation, 'isMuted');
  return [...byAccount.values()].sort((a, b) => a.createTime - b.createTime || (a.account < b.account ? -1 : 1));
}
