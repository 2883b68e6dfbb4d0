import { sql, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import type { StoredMessage } from '../msg/message';
import type { MessageService } from '../msg/message-service';
import type { ServerSession, SessionService } from '../session/session-service';
import { MAX_USER_LOOKUP, type ImUser, type UserService } from '../user/user-service';
import { FriendService, type ServerFriend } from '../friend/friend-service';
import { RelationService, type ServerRelation } from '../relation/relation-service';
import { SysMsgService, type ServerSysMsg } from '../system-msg/sys-msg-service';
import { HistoryService, type DeletedForSelf, type HistoryClear } from '../history/history-service';
import { SessionSyncService, type SessionReceipts } from '../history/session-sync';
import { BroadcastService, type BroadcastMsg } from '../broadcast/broadcast-service';
import { RecallService, type RecalledMessage } from '../history/recall-service';
import type { StickTopSession } from '../session/session-service';
import { TeamService } from '../team/team-service';
import { settleAccountFanouts, teamMessagesBetween } from '../team/team-fanout';
import { TeamReceiptService } from '../team/team-receipts';
import type { ServerTeamMember, TeamView } from '../team/team-model';
import { PushService } from '../push/push-service';
import { readHead } from './sequence';
import { markDelivered, readTimetags, TimetagKind } from './timetags';

/** Changes (messages and session updates) one sync page carries at most (docs/im-sync.md). */
export const DEFAULT_SYNC_PAGE_SIZE = 1000;

/** Client timetags per data kind: sync sequence numbers of the account; 0 or absent means "everything". */
export interface SyncRequest {
  myInfo?: number;
  sessionAck?: number;
  roamingMsgs?: number;
  relations?: number;
  friends?: number;
  donnop?: number;
  msgReceipts?: number;
  stickTopSessions?: number;
  deleteMsgSelf?: number;
  /** Recalls (deleteMsg, syncDeleteMsgs). */
  deleteMsg?: number;
  sessionHistoryMsgsDelete?: number;
  /** Not an account number: the id of the newest broadcast the client has. */
  broadcastMsgs?: number;
  /** Teams the account is or was in, and its own member rows in them (syncTeams, syncMyTeamMembers). */
  teams?: number;
  myTeamMembers?: number;
  /**
   * §5 sync options the client turned off (the request's offKinds): relations, friends, friendUsers,
   * teams, superTeams, roamingMsgs, superTeamRoamingMsgs, msgReceipts, myTeamMembers, filterMsgs.
   * None of their data is returned (docs/im-sync.md "Sync options").
   */
  off?: ReadonlySet<string>;
}

export interface SyncResult {
  myInfo?: ImUser;
  /** Profiles of the other parties of the returned sessions. */
  users: ImUser[];
  /** Sessions changed in this page, deleted ones included. */
  sessions: ServerSession[];
  sessionAcks: { id: string; ack: number }[];
  /** Messages sent or received in this page, in the account's sequence order. */
  messages: StoredMessage[];
  /** Blocklist/mutelist rows changed (removals have both flags false). */
  relations: ServerRelation[];
  /** Friend rows changed, deleted ones (valid false) included. */
  friends: ServerFriend[];
  /** Profiles of the friends in `friends`. */
  friendUsers: ImUser[];
  /** System messages received or changed (state, read) in this page; they ride the roamingMsgs cursor. */
  sysMsgs: ServerSysMsg[];
  /** Do-not-disturb settings when they changed since the client's donnop timetag. */
  donnop?: string;
  /** shouldPushNotificationWhenPCOnline when it changed within this page (cursor, upper]: syncPushConfig. */
  pushConfig?: boolean;
  /** Receipt times of sessions whose receipts changed (msgReceipts). */
  receipts: SessionReceipts[];
  /** Stick-top changes (stickTopSessions); createTime 0 = taken off the top. */
  stickTop: StickTopSession[];
  /** Messages deleted for self (deleteMsgSelf). */
  deletedSelf: DeletedForSelf[];
  /** Messages their sender recalled (deleteMsg). */
  recalled: RecalledMessage[];
  /** Sessions whose history was cleared (sessionHistoryMsgsDelete). */
  historyClears: HistoryClear[];
  /** Broadcasts above the client's broadcastMsgs timetag, and that kind's own new timetag. */
  broadcasts: BroadcastMsg[];
  broadcastTimetag: number;
  /** Teams whose row or whose membership of the account changed (teams cursor); left/dismissed ones with validToCurrentUser false. */
  teams: TeamView[];
  /** The account's own member rows that changed (myTeamMembers cursor). */
  myTeamMembers: ServerTeamMember[];
  /**
   * roamingMsgs off: `messages` holds only the page's offline messages (above the account's delivered
   * mark: on no device yet), to be pushed as offlineMsgs; the roaming ones are left out.
   */
  offlineOnly: boolean;
  /** Server ids of the team messages in `messages` sent with needMsgReceipt (their records carry the flag). */
  receiptAsked: Set<string>;
  /** The sequence number this page reaches: the client's timetag for every kind it asked about. */
  timetag: number;
  /** More changes follow: the client syncs again from `timetag`. */
  hasMore: boolean;
}

/**
 * Sync by per-account sequence numbers (docs/im-sync.md). A page covers the changes numbered in
 * (cursor, upper], where upper is the head read before the data, or lower when more than a page of
 * changes is waiting. Because a number is allocated under the account's row lock in the
 * transaction that writes its data, every change numbered at or below a committed head is visible:
 * no commit delay and no clock skew between nodes can make a page skip one.
 */
export class SyncService {
  private readonly relations: RelationService;
  private readonly friends: FriendService;
  private readonly sysMsgs: SysMsgService;
  private readonly history: HistoryService;
  private readonly recalls: RecallService;
  private readonly sessionSync: SessionSyncService;
  private readonly broadcastMsgs: BroadcastService;
  private readonly teams: TeamService;
  private readonly push: PushService;

  constructor(
    private readonly db: Kysely<ImDatabase>,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly messages: MessageService,
    private readonly pageSize = DEFAULT_SYNC_PAGE_SIZE,
  ) {
    this.relations = new RelationService(db);
    this.friends = new FriendService(db);
    this.sysMsgs = new SysMsgService(db);
    this.history = new HistoryService(db);
    this.recalls = new RecallService(db);
    this.sessionSync = new SessionSyncService(db);
    this.broadcastMsgs = new BroadcastService(db);
    this.teams = new TeamService(db);
    this.push = new PushService(db);
  }

  async sync(account: string, request: SyncRequest): Promise<SyncResult> {
    // Team messages whose members' rows are still queued get them now (team-fanout.ts).
    await settleAccountFanouts(this.db, account);
    const head = await readHead(this.db, account);
    // A cursor past the head was not issued for this database (a reset, or a wall-clock timetag
    // from before sequences): start over from 0, clients drop repeats by idClient (§4).
    const since = (t: number | undefined) => (typeof t === 'number' && Number.isSafeInteger(t) && t > 0 && t <= head ? t : 0);
    const cursor = since(request.roamingMsgs);
    const upper = await this.pageUpper(account, cursor, head);
    const off = request.off ?? new Set<string>();
    // The cursor confirms this device has everything up to it (docs/im-sync.md "Sync options").
    const delivered = await markDelivered(this.db, account, cursor);
    // §5 syncRoamingMsgs off: messages some device of the account already has are left out.
    const offlineOnly = off.has('roamingMsgs');
    const messagesFrom = offlineOnly ? Math.max(cursor, Math.min(delivered, upper)) : cursor;

    const serverTags = await readTimetags(this.db, account);
    const myInfoCursor = since(request.myInfo);
    const myInfoChanged = myInfoCursor === 0 || (serverTags[TimetagKind.MY_INFO] ?? 0) > myInfoCursor;
    const myInfo = myInfoChanged ? await this.users.get(account) : undefined;
    const acksChanged = (serverTags[TimetagKind.SESSION_ACK] ?? 0) > since(request.sessionAck);
    const sessionAcks = acksChanged ? await this.sessions.acksSince(account) : [];
    const sessions = await this.sessions.changedBetween(account, cursor, upper);
    // Messages the account deleted for self or cleared are not synced to it (issue 10 §2). Team
    // messages come from the account's team inbox (numbered like its p2p messages, docs/im-sync.md).
    const teamMessages = await teamMessagesBetween(this.db, account, messagesFrom, upper);
    const changed = [...(await this.messages.changedBetween(account, messagesFrom, upper)), ...teamMessages];
    const receiptAsked = await new TeamReceiptService(this.db).askedForReceipts(teamMessages.map((m) => m.idServer));
    const hidden = await this.history.hiddenFrom(account, changed);
    const messages = hidden.size > 0 ? changed.filter((m) => !hidden.has(m.idServer)) : changed;
    const users = await this.profilesOf([...new Set(sessions.filter((s) => s.scene === 0).map((s) => s.to))]);
    // Relations and friends keep their own cursors (a client may merge them from another point);
    // each returns its rows up to this page's upper bound, so nothing above it is skipped.
    // An option off (§5): that kind is not read at all.
    const relations = off.has('relations') ? [] : await this.relations.changedBetween(account, Math.min(since(request.relations), cursor), upper);
    const wantFriends = !off.has('friends');
    const wantFriendUsers = !off.has('friendUsers');
    const friendRows = wantFriends || wantFriendUsers ? await this.friends.changedBetween(account, Math.min(since(request.friends), cursor), upper) : [];
    const friends = wantFriends ? friendRows : [];
    const friendUsers = wantFriendUsers ? await this.profilesOf(friendRows.filter((f) => f.valid).map((f) => f.account)) : [];
    const sysMsgs = await this.sysMsgs.changedBetween(account, cursor, upper);
    // Kinds with their own client cursor (a client that did not merge them yet sends 0), each up to this page.
    const from = (t: number | undefined) => Math.min(since(t), cursor);
    const receipts = off.has('msgReceipts') ? [] : await this.sessionSync.receiptsBetween(account, from(request.msgReceipts), upper);
    const stickTop = await this.sessionSync.stickTopBetween(account, from(request.stickTopSessions), upper);
    const deletedSelf = await this.history.deletedBetween(account, from(request.deleteMsgSelf), upper);
    const recalled = await this.recalls.recalledBetween(account, from(request.deleteMsg), upper);
    const historyClears = await this.history.clearsBetween(account, from(request.sessionHistoryMsgsDelete), upper);
    const broadcastPage = await this.broadcastMsgs.since(request.broadcastMsgs);
    const teamsFrom = from(request.teams);
    const myMembersFrom = from(request.myTeamMembers);
    const wantTeams = !off.has('teams');
    // syncExtraTeamInfo off (myTeamMembers): my notify and mute settings in my teams are not sent.
    const wantMyMembers = wantTeams && !off.has('myTeamMembers');
    const teamRows = wantTeams || wantMyMembers ? await this.teams.changedForAccount(account, Math.min(teamsFrom, myMembersFrom), upper) : [];
    const donnopChanged = (serverTags[TimetagKind.DONNOP] ?? 0) > since(request.donnop);
    const donnop = donnopChanged ? await this.users.getDonnop(account) : undefined;
    // No client timetag names the push setting (§3): its change number is read against the page, so
    // a device gets it in the page that covers the change, and a first sync (cursor 0) always does.
    const pushConfigSeq = serverTags[TimetagKind.PUSH_CONFIG] ?? 0;
    const pushConfig = pushConfigSeq > cursor && pushConfigSeq <= upper ? await this.push.getConfig(account) : undefined;
    return {
      ...(myInfo ? { myInfo } : {}),
      users,
      sessions,
      sessionAcks,
      messages,
      relations,
      friends,
      friendUsers,
      sysMsgs,
      ...(donnop !== undefined ? { donnop } : {}),
      ...(pushConfig !== undefined ? { pushConfig } : {}),
      receipts,
      stickTop,
      deletedSelf,
      recalled,
      historyClears,
      broadcasts: broadcastPage.msgs,
      broadcastTimetag: broadcastPage.timetag,
      // From 0 (a first sync of the kind): the teams the account is in now; from a cursor: every change.
      teams: wantTeams ? teamRows.filter((r) => r.seq > teamsFrom && (teamsFrom > 0 || r.view.validToCurrentUser)).map((r) => r.view) : [],
      myTeamMembers: wantMyMembers ? teamRows.filter((r) => r.seq > myMembersFrom && (myMembersFrom > 0 || r.member.valid)).map((r) => r.member) : [],
      offlineOnly,
      receiptAsked,
      timetag: upper,
      hasMore: upper < head || broadcastPage.hasMore,
    };
  }

  private async profilesOf(accounts: string[]): Promise<ImUser[]> {
    const profiles: ImUser[] = [];
    for (let i = 0; i < accounts.length; i += MAX_USER_LOOKUP) profiles.push(...(await this.users.getMany(accounts.slice(i, i + MAX_USER_LOOKUP))));
    return profiles;
  }

  /** The head, or the number of the page-size-th change after the cursor when that comes first. */
  private async pageUpper(account: string, cursor: number, head: number): Promise<number> {
    if (head <= cursor) return cursor;
    const { rows } = await sql<{ seq: number }>`
      select seq from (
        select sender_seq as seq from im_message where sender = ${account} and sender_seq > ${cursor} and sender_seq <= ${head}
        union
        select receiver_seq from im_message where receiver = ${account} and receiver_seq > ${cursor} and receiver_seq <= ${head}
        union
        select seq from im_session where accid = ${account} and seq > ${cursor} and seq <= ${head}
        union
        select seq from im_friend where accid = ${account} and seq > ${cursor} and seq <= ${head}
        union
        select seq from im_relation where accid = ${account} and seq > ${cursor} and seq <= ${head}
        union
        select seq from im_sys_msg where receiver = ${account} and seq > ${cursor} and seq <= ${head}
        union
        select receipt_seq from im_session where accid = ${account} and receipt_seq > ${cursor} and receipt_seq <= ${head}
        union
        select top_seq from im_session where accid = ${account} and top_seq > ${cursor} and top_seq <= ${head}
        union
        select seq from im_msg_deleted_self where accid = ${account} and seq > ${cursor} and seq <= ${head}
        union
        select seq from im_history_clear where accid = ${account} and seq > ${cursor} and seq <= ${head}
        union
        select seq from im_msg_recall where accid = ${account} and seq > ${cursor} and seq <= ${head}
        union
        select seq from im_team_inbox where accid = ${account} and seq > ${cursor} and seq <= ${head}
        union
        select acc_seq from im_team_member where accid = ${account} and acc_seq > ${cursor} and acc_seq <= ${head}
      ) as changes
      order by seq
      offset ${this.pageSize - 1} limit 1
    `.execute(this.db);
    return rows.length > 0 ? Math.min(head, Number(rows[0].seq)) : head;
  }
}
