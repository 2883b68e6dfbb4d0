import { ImError } from '../errors/im-error';
import { ImErrorName } from '../errors/codes';
import type { SyncTimetagKind } from '../store/entities';

/**
 * im-client-spec §5 "Sync options": which data a sync asks for. Each option off leaves its kind out
 * of the sync request's timetags and names it in the request's `offKinds`; the server then sends
 * none of it, and the client drops it should it come anyway (docs/im-sync.md "Sync options").
 */
export interface SyncOptions {
  /** Blocklist and mutelist (syncRelations push). Default true. */
  syncRelations?: boolean;
  /** Friend rows (syncFriends push). Default true. */
  syncFriends?: boolean;
  /** Profiles of my friends (in the syncFriendUsers push; the profiles of session parties still come). Default true. */
  syncFriendUsers?: boolean;
  /** Teams (syncTeams push). Default true. */
  syncTeams?: boolean;
  /** Super teams (syncSuperTeams push). Default true. */
  syncSuperTeams?: boolean;
  /** Messages another device of the account already has (roamingMsgs); off, only offline ones come (offlineMsgs). Default true. */
  syncRoamingMsgs?: boolean;
  /** Super team messages after the read position (roamingMsgs of super team sessions). Default true. */
  syncSuperTeamRoamingMsgs?: boolean;
  /** Receipt times of sessions (syncMsgReceipts push). Default true. */
  syncMsgReceipts?: boolean;
  /** My own member rows in my teams: notify and mute settings (syncMyTeamMembers push). Default true. */
  syncExtraTeamInfo?: boolean;
  /** Messages the server filtered (offlineFilterMsgs push). Default false. */
  syncFilter?: boolean;
  /** After the pages, the members of every team whose members changed. Default false. */
  syncTeamMembers?: boolean;
  /** After the pages, the members of every super team whose members changed. Default false. */
  syncSuperTeamMembers?: boolean;
}

export type SyncOptionName = keyof SyncOptions;

/** §5 Sync options: "Boolean, default true: … Boolean, default false: syncFilter, syncTeamMembers, syncSuperTeamMembers". */
export const SYNC_OPTION_DEFAULTS: Readonly<Required<SyncOptions>> = Object.freeze({
  syncRelations: true,
  syncFriends: true,
  syncFriendUsers: true,
  syncTeams: true,
  syncSuperTeams: true,
  syncRoamingMsgs: true,
  syncSuperTeamRoamingMsgs: true,
  syncMsgReceipts: true,
  syncExtraTeamInfo: true,
  syncFilter: false,
  syncTeamMembers: false,
  syncSuperTeamMembers: false,
});

export const SYNC_OPTION_NAMES = Object.keys(SYNC_OPTION_DEFAULTS) as readonly SyncOptionName[];

/**
 * The data kind each option governs in the sync request's `offKinds` (the server's vocabulary:
 * timetag kinds, plus `superTeamRoamingMsgs` and `filterMsgs`). syncTeamMembers and
 * syncSuperTeamMembers are steps after the pages, not part of the request.
 */
export const SYNC_OPTION_KINDS = {
  syncRelations: 'relations',
  syncFriends: 'friends',
  syncFriendUsers: 'friendUsers',
  syncTeams: 'teams',
  syncSuperTeams: 'superTeams',
  syncRoamingMsgs: 'roamingMsgs',
  syncSuperTeamRoamingMsgs: 'superTeamRoamingMsgs',
  syncMsgReceipts: 'msgReceipts',
  syncExtraTeamInfo: 'myTeamMembers',
  syncFilter: 'filterMsgs',
} as const satisfies Partial<Record<SyncOptionName, string>>;

export type SyncOffKind = (typeof SYNC_OPTION_KINDS)[keyof typeof SYNC_OPTION_KINDS];

/**
 * Timetag kinds whose cursor stays where it is while their option is off: their data is not
 * stored, so turning the option on later brings every change since (none is skipped). roamingMsgs
 * is not among them: it is the page cursor, and a message left out as roaming is on another device.
 */
const CURSOR_KINDS_HELD: Partial<Record<SyncOptionName, readonly SyncTimetagKind[]>> = {
  syncRelations: ['relations'],
  syncFriends: ['friends'],
  syncFriendUsers: ['friendUsers'],
  syncTeams: ['teams', 'myTeamMembers'],
  syncSuperTeams: ['superTeams'],
  syncMsgReceipts: ['msgReceipts'],
  syncExtraTeamInfo: ['myTeamMembers'],
};

/** Every option with its value: the app's where given, else the §5 default. Param_Error for a value that is not a boolean. */
export function resolveSyncOptions(options: SyncOptions = {}): Required<SyncOptions> {
  const resolved = { ...SYNC_OPTION_DEFAULTS };
  for (const name of SYNC_OPTION_NAMES) {
    const value: unknown = options[name];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw new ImError(ImErrorName.Param_Error, `${name} must be a boolean`, { code: 414 });
    resolved[name] = value;
  }
  return resolved;
}

/** The request's `offKinds`: the kind of every option that is off (syncFilter off by default, so `filterMsgs` is usually there). */
export function syncOffKinds(options: Required<SyncOptions>): SyncOffKind[] {
  return (Object.keys(SYNC_OPTION_KINDS) as (keyof typeof SYNC_OPTION_KINDS)[]).filter((name) => !options[name]).map((name) => SYNC_OPTION_KINDS[name]);
}

/** Timetag kinds not sent in the request and not advanced at syncDone while their option is off. */
export function heldCursorKinds(options: Required<SyncOptions>): ReadonlySet<SyncTimetagKind> {
  return new Set(SYNC_OPTION_NAMES.filter((name) => !options[name]).flatMap((name) => CURSOR_KINDS_HELD[name] ?? []));
}
