import type { ImPush } from '../connection/im-connection';
import type { CommandName } from '../protocol/commands';
import type { ImFriend, ImMessage, ImRecall, ImRelation, ImSession, ImSysMsg, ImTeam, ImTeamMember, ImUser, SyncTimetagKind } from '../store/entities';
import { fromWireTeamMember } from '../model/team-wire';
import {
  fromWireFriend,
  fromWireMessage,
  fromWireRelation,
  fromWireSession,
  fromWireSysMsg,
  fromWireTeam,
  fromWireUser,
  sceneFromCode,
} from '../model/wire-mapping';
import { sessionIdOf } from '../store/entities';
import type { ImBroadcastMsg } from '../model/history-rules';
import type { MessageRecordValue } from '../protocol/records';
import type { SyncOffKind } from './sync-options';

/**
 * Timetag kinds whose data this client merges. Only these are sent in the sync request and
 * advanced at syncDone; the rest stay absent, which asks the server for everything.
 */
export const MERGED_TIMETAG_KINDS: readonly SyncTimetagKind[] = [
  'myInfo', 'relations', 'friends', 'friendUsers', 'teams', 'superTeams', 'roamingMsgs', 'sessionAck', 'deleteMsg', 'stickTopSessions',
  'msgReceipts', 'deleteMsgSelf', 'sessionHistoryMsgsDelete', 'broadcastMsgs', 'myTeamMembers', 'deleteSuperTeamMsg',
];

/**
 * Merged kinds with a cursor of their own, not the account's sequence (docs/im-sync.md): they keep
 * the timetag their push carried (or the stored one), never syncDone's. Broadcasts number one
 * stream for every account; super team recalls one stream for every super team (docs/im-super-teams.md "Recall").
 */
export const OWN_CURSOR_KINDS: ReadonlySet<SyncTimetagKind> = new Set<SyncTimetagKind>(['broadcastMsgs', 'deleteSuperTeamMsg']);

const present = <T>(value: T | undefined): value is T => value !== undefined;

type MessageList = 'roamingMsgs' | 'offlineMsgs' | 'offlineFilterMsgs';

/** Message records converted in one go by SyncBatch.convertDeferred (a few ms of main thread). */
export const MESSAGE_CONVERT_SLICE = 1000;

/** The sync data pushes (commands between the sync request and syncDone). */
export const SYNC_DATA_PUSHES: ReadonlySet<CommandName> = new Set<CommandName>([
  'syncMyInfo', 'syncRelations', 'syncFriends', 'syncFriendUsers', 'syncTeams', 'syncSuperTeams', 'syncSessionAcks',
  'syncMsgReceipts', 'syncMyTeamMembers', 'syncDonnop', 'syncDeleteMsgs', 'syncDeleteSuperTeamMsgs', 'syncStickTopSessions', 'syncBroadcastMsgs',
  'syncSessions', 'syncPushConfig', 'syncDeleteMsgSelf', 'syncSessionHistoryMsgsDelete', 'roamingMsgs', 'offlineMsgs', 'offlineSysMsgs', 'offlineFilterMsgs',
]);

/** Everything one sync round delivered, converted to domain entities, before it is merged. */
export class SyncBatch {
  myInfo?: ImUser;
  blacklist: ImRelation[] = [];
  unblacklisted: string[] = [];
  mutelist: ImRelation[] = [];
  unmuted: string[] = [];
  friends: ImFriend[] = [];
  users: ImUser[] = [];
  teams: ImTeam[] = [];
  superTeams: ImTeam[] = [];
  /** My own member rows in my teams (syncMyTeamMembers: muteTeam, nick, type; invalid after leaving). */
  myTeamMembers: ImTeamMember[] = [];
  sessions: ImSession[] = [];
  acks: { sessionId: string; ack: number }[] = [];
  stickTop: { sessionId: string; topCustom?: string }[] = [];
  roamingMsgs: ImMessage[] = [];
  offlineMsgs: ImMessage[] = [];
  offlineFilterMsgs: ImMessage[] = [];
  sessionsWithMoreRoaming: string[] = [];
  /** Messages their senders recalled (syncDeleteMsgs, the deleteMsg timetag; syncDeleteSuperTeamMsgs, the deleteSuperTeamMsg timetag). */
  recalls: { idClient: string; recall: ImRecall }[] = [];
  sysMsgs: ImSysMsg[] = [];
  pushConfig?: { shouldPushNotificationWhenPCOnline: boolean };
  /** Do-not-disturb settings (a JSON string); the server sends them whenever they are set, every sync. */
  donnop?: string;
  /** Receipt times per session (syncMsgReceipts). */
  receipts: { sessionId: string; msgReceiptTime?: number; msgReceiptSendTime?: number }[] = [];
  /** Sessions taken off the top (syncStickTopSessions with createTime 0). */
  unstuck: string[] = [];
  /** idClients of messages the account deleted for self (syncDeleteMsgSelf). */
  deletedSelf: string[] = [];
  /** Sessions whose history was cleared up to `time` (syncSessionHistoryMsgsDelete). */
  historyClears: { sessionId: string; time: number }[] = [];
  broadcasts: ImBroadcastMsg[] = [];
  /** Timetags the data pushes carried, per kind. */
  timetags: Partial<Record<SyncTimetagKind, number>> = {};

  /** Message records not converted yet (deferMessages), in arrival order. */
  private readonly unconverted: { list: MessageList; records: readonly MessageRecordValue[] }[] = [];

  /**
   * `deferMessages`: keep the message records of roamingMsgs, offlineMsgs and offlineFilterMsgs as
   * they came and convert them in convertDeferred, in slices with a pause between them: a page of
   * thousands of messages then costs no long task in the push that carried it (issue 10).
   */
  /**
   * `off`: the kinds whose §5 sync option is off (sync-options.ts). Their pushes are dropped should
   * a server send them anyway, and (SyncEngine) their cursors stay. `syncTeams: false` is `off` 'teams'.
   */
  constructor(
    private readonly account: string,
    private readonly options: { deferMessages?: boolean; syncTeams?: boolean; off?: readonly SyncOffKind[] } = {},
  ) {
    this.off = new Set(options.off ?? []);
    if (options.syncTeams === false) this.off.add('teams');
  }

  private readonly off: Set<SyncOffKind>;

  /** A message of a session whose roaming messages are off (§5 syncRoamingMsgs, syncSuperTeamRoamingMsgs). */
  private roamingOff(message: ImMessage): boolean {
    return this.off.has(message.scene === 'superTeam' ? 'superTeamRoamingMsgs' : 'roamingMsgs');
  }

  /** Converts the deferred message records, `slice` at a time, awaiting `pause` between slices. */
  async convertDeferred(pause: () => Promise<void>, slice = MESSAGE_CONVERT_SLICE): Promise<void> {
    let first = true;
    for (const { list, records } of this.unconverted.splice(0)) {
      for (let start = 0; start < records.length; start += slice) {
        if (!first) await pause();
        first = false;
        this.convertInto(list, records.slice(start, start + slice));
      }
    }
  }

  private takeMessages(list: MessageList, records: readonly MessageRecordValue[]): void {
    if (this.options.deferMessages) this.unconverted.push({ list, records });
    else this.convertInto(list, records);
  }

  private convertInto(list: MessageList, records: readonly MessageRecordValue[]): void {
    const target = this[list];
    // A loop, not push(...spread): a page may hold more rows than a call may take arguments.
    for (const record of records) {
      const message = fromWireMessage(record, this.account);
      if (message && !(list === 'roamingMsgs' && this.roamingOff(message))) target.push(message);
    }
  }

  private tag(kind: SyncTimetagKind, timetag: number | undefined): void {
    if (typeof timetag === 'number') this.timetags[kind] = Math.max(this.timetags[kind] ?? 0, timetag);
  }

  /** Takes one data push; returns false for commands that are not sync data. */
  add(push: ImPush): boolean {
    const me = this.account;
    switch (push.name) {
      case 'syncMyInfo': {
        const body = push.body;
        this.myInfo = fromWireUser(body.user) ?? this.myInfo;
        this.tag('myInfo', body.timetag);
        return true;
      }
      case 'syncRelations': {
        const body = push.body;
        if (this.off.has('relations')) return true;
        // Flags travel as the string "1" (§3); an explicit other value takes the account off.
        const isOn = (flag: string | undefined) => flag === undefined || flag === '1';
        for (const record of body.blacklist ?? []) {
          const relation = fromWireRelation(record);
          if (!relation) continue;
          if (isOn(record.isBlacked)) this.blacklist.push(relation);
          else this.unblacklisted.push(relation.account);
        }
        for (const record of body.mutelist ?? []) {
          const relation = fromWireRelation(record);
          if (!relation) continue;
          if (isOn(record.isMuted)) this.mutelist.push(relation);
          else this.unmuted.push(relation.account);
        }
        this.tag('relations', body.timetag);
        return true;
      }
      case 'syncFriends': {
        const body = push.body;
        if (this.off.has('friends')) return true;
        this.friends.push(...(body.friends ?? []).map(fromWireFriend).filter(present));
        this.tag('friends', body.timetag);
        return true;
      }
      case 'syncFriendUsers': {
        const body = push.body;
        this.users.push(...(body.users ?? []).map(fromWireUser).filter(present));
        this.tag('friendUsers', body.timetag);
        return true;
      }
      case 'syncTeams':
      case 'syncSuperTeams': {
        const body = push.body;
        // §5 syncTeams / syncSuperTeams false: not synced (the app reads them with getTeams).
        if (this.off.has(push.name === 'syncTeams' ? 'teams' : 'superTeams')) return true;
        const teams = (body.teams ?? []).map(fromWireTeam).filter(present);
        (push.name === 'syncTeams' ? this.teams : this.superTeams).push(...teams);
        this.tag(push.name === 'syncTeams' ? 'teams' : 'superTeams', body.timetag);
        return true;
      }
      case 'syncSessions': {
        const body = push.body;
        this.sessions.push(...(body.sessions ?? []).map((s) => fromWireSession(s, me)).filter(present));
        return true;
      }
      case 'syncSessionAcks': {
        const body = push.body;
        for (const ack of body.acks ?? []) {
          const scene = sceneFromCode(ack.scene);
          if (scene && ack.to && typeof ack.timetag === 'number') this.acks.push({ sessionId: sessionIdOf(scene, ack.to), ack: ack.timetag });
        }
        this.tag('sessionAck', body.timetag);
        return true;
      }
      case 'syncStickTopSessions': {
        const body = push.body;
        for (const top of body.sessions ?? []) {
          if (!top.id) continue;
          // createTime 0: taken off the top since the cursor (docs/protocol.md).
          if (top.createTime === 0) this.unstuck.push(top.id);
          else this.stickTop.push({ sessionId: top.id, topCustom: top.topCustom });
        }
        this.tag('stickTopSessions', body.timetag);
        return true;
      }
      case 'roamingMsgs': {
        const body = push.body;
        this.takeMessages('roamingMsgs', body.msgs ?? []);
        this.sessionsWithMoreRoaming.push(...(body.sessionsWithMoreRoaming ?? []));
        this.tag('roamingMsgs', body.timetag);
        return true;
      }
      case 'offlineMsgs':
      case 'offlineFilterMsgs': {
        // §5 syncFilter (default false): filtered messages are merged only when it is on.
        if (push.name === 'offlineFilterMsgs' && this.off.has('filterMsgs')) return true;
        this.takeMessages(push.name, push.body.msgs ?? []);
        return true;
      }
      case 'offlineSysMsgs': {
        this.sysMsgs.push(...(push.body.sysMsgs ?? []).map(fromWireSysMsg).filter(present));
        return true;
      }
      case 'syncDeleteMsgs':
      case 'syncDeleteSuperTeamMsgs': {
        const body = push.body;
        for (const d of body.deleted ?? []) {
          if (d.idClient) this.recalls.push({ idClient: d.idClient, recall: { by: d.opeAccount ?? d.from ?? '', time: d.time ?? 0, ...(d.ps ? { ps: d.ps } : {}) } });
        }
        this.tag(push.name === 'syncDeleteMsgs' ? 'deleteMsg' : 'deleteSuperTeamMsg', body.timetag);
        return true;
      }
      case 'syncPushConfig': {
        const value = push.body.shouldPushNotificationWhenPCOnline;
        if (typeof value === 'boolean') this.pushConfig = { shouldPushNotificationWhenPCOnline: value };
        return true;
      }
      case 'syncDonnop': {
        // Its timetag is never sent (not a merged kind), so the server sends the settings in every
        // sync: the copy stored afterwards cannot fall behind for long.
        if (typeof push.body.donnop === 'string') this.donnop = push.body.donnop;
        return true;
      }
      case 'syncMsgReceipts': {
        const body = push.body;
        if (this.off.has('msgReceipts')) return true;
        for (const s of body.sessions ?? []) {
          if (s.id) this.receipts.push({ sessionId: s.id, msgReceiptTime: s.msgReceiptTime, msgReceiptSendTime: s.msgReceiptSendTime });
        }
        this.tag('msgReceipts', body.timetag);
        return true;
      }
      case 'syncDeleteMsgSelf': {
        const body = push.body;
        this.deletedSelf.push(...(body.deleted ?? []).map((d) => d.idClient).filter(present));
        this.tag('deleteMsgSelf', body.timetag);
        return true;
      }
      case 'syncSessionHistoryMsgsDelete': {
        const body = push.body;
        for (const c of body.sessions ?? []) if (c.sessionId && typeof c.time === 'number') this.historyClears.push({ sessionId: c.sessionId, time: c.time });
        this.tag('sessionHistoryMsgsDelete', body.timetag);
        return true;
      }
      case 'syncBroadcastMsgs': {
        const body = push.body;
        for (const b of body.broadcastMsgs ?? []) {
          if (b.broadcastId && typeof b.time === 'number') this.broadcasts.push({ broadcastId: b.broadcastId, time: b.time, from: b.from, body: b.body });
        }
        this.tag('broadcastMsgs', body.timetag);
        return true;
      }
      case 'syncMyTeamMembers': {
        // §5 syncExtraTeamInfo (my notify/mute settings in my teams), and nothing of teams without syncTeams.
        if (this.off.has('teams') || this.off.has('myTeamMembers')) return true;
        const body = push.body;
        for (const record of body.members ?? []) {
          const member = fromWireTeamMember(record);
          if (member) this.myTeamMembers.push(member);
        }
        this.tag('myTeamMembers', body.timetag);
        return true;
      }
      default:
        return false;
    }
  }
}
