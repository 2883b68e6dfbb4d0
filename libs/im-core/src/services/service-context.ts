import type { RequestBodyOf, ResponseBodyOf } from '../protocol/command-definition';
import type { RequestName } from '../connection/im-connection';
import type { CommandTable } from '../protocol/commands';
import type { ImFriend, ImMessage, ImMsgPin, ImQuickComment, ImSession, ImSysMsg, ImTeam, ImTeamMember, ImTeamMsgReceipt, ImUser } from '../store/entities';
import type { ImRelationState } from '../model/relation-rules';
import type { Store } from '../store/store';
import type { UnreadRules } from '../model/session-state';

/** The request half of the connection, which is all a service may use (STYLE.md layers). */
export interface CommandRequester {
  request<N extends RequestName>(name: N, body: RequestBodyOf<CommandTable[N]>): Promise<ResponseBodyOf<CommandTable[N]>>;
}

/** Events the services raise; the client forwards them to the app. */
export interface ServiceEvents {
  /** A new message (live or from another device); not raised for this client's own sends. */
  msg: ImMessage;
  /** A stored message changed, e.g. an outgoing one went sending → success | fail. */
  msgUpdate: ImMessage;
  /** Sessions that changed. */
  sessions: ImSession[];
  /** My profile changed (updateMyInfo here or on another device). */
  myInfo: ImUser;
  /** Profiles fetched from the server. */
  users: ImUser[];
  /** The friend list after a change, and the accounts that stopped being friends. */
  friends: { friends: ImFriend[]; removed: string[] };
  /** The blocklist/mutelist after a change, one record per account with both flags. */
  relations: ImRelationState[];
  /** A new system message. */
  sysMsg: ImSysMsg;
  /** A known system message changed (state, read). */
  updateSysMsg: ImSysMsg;
  /** Unread system messages per type (§3). */
  sysMsgUnread: Record<string, number>;
  /** Teams that changed (created, updated, joined, left, dismissed, muted), as stored now. */
  teams: ImTeam[];
  /** Super teams that changed (got, updated, joined, left, dismissed, muted), as stored now. */
  superTeams: ImTeam[];
  /** Member rows of one team that changed (invalid ones included: kicked, left). */
  teamMembers: { teamId: string; members: ImTeamMember[] };
  /** New read/unread counts of my team messages (teamMsgReceipt push). */
  teamMsgReceipts: ImTeamMsgReceipt[];
  /** A quick comment added or removed on a message of one of my sessions (quickCommentUpdated push). */
  quickComment: { idServer: string; sessionId: string; comment: ImQuickComment; deleted: boolean };
  /** A pin of one of my sessions added, changed or removed (msgPinUpdated push). */
  msgPin: { pin: ImMsgPin; deleted: boolean };
  /** The multi-port push setting changed (updatePushConfig here, another port's, or sync). */
  pushConfig: { shouldPushNotificationWhenPCOnline: boolean };
}

export interface ServiceContext extends UnreadRules {
  readonly account: string;
  readonly connection: CommandRequester;
  /** The store in use (it may change once, from none to IndexedDB or memory, at login). */
  store(): Store;
  now(): number;
  createIdClient(): string;
  emit<E extends keyof ServiceEvents>(event: E, payload: ServiceEvents[E]): void;
  /**
   * The client anti-spam filter (im-client-spec §5; background/antispam.ts), asked for outgoing text:
   * result 1 sends `content`, 2 refuses the message, 0 and 3 send it as written. Absent: no filter.
   */
  filterOutgoingText?(text: string): OutgoingTextVerdict | undefined;
}

/** What the anti-spam filter decided about an outgoing text (validation/antispam-rules.ts AntispamVerdict). */
export interface OutgoingTextVerdict {
  result: number;
  content: string;
  hits: string[];
}
