// Domain entities of the IM client (im-client-spec §3). These are the shapes the services hand
// to the app and the shapes every Store implementation persists; they carry no storage details.

/**
 * Conversation kinds the message services accept (§3 Message, §5 "scene must be p2p, team or
 * superTeam"). Their wire codes are protocol/constants SceneCode.
 */
export type ImScene = 'p2p' | 'team' | 'superTeam';

export const IM_SCENES: readonly ImScene[] = ['p2p', 'team', 'superTeam'];

/** Message types named in §3. */
export type ImMessageType =
  | 'text'
  | 'image'
  | 'audio'
  | 'video'
  | 'geo'
  | 'notification'
  | 'file'
  | 'tip'
  | 'robot'
  | 'g2'
  | 'custom'
  | 'netcall_audio'
  | 'netcall_vedio'
  | 'datatunnel_new';

export type ImMessageFlow = 'in' | 'out';

/** §4 Message status: outgoing goes sending → success | fail; received messages are success. */
export type ImMessageStatus = 'sending' | 'success' | 'fail';

export interface ImFileInfo {
  url: string;
  name?: string;
  ext: string;
  size: number;
  md5?: string;
  w?: number;
  h?: number;
  dur?: number;
}

export interface ImMessage {
  idClient: string;
  idServer?: string;
  /** `<scene>-<target>`, e.g. `p2p-c_demo1` (see sessionIdOf). */
  sessionId: string;
  scene: ImScene;
  from: string;
  to: string;
  fromNick?: string;
  fromClientType?: number;
  fromDeviceId?: string;
  /** Milliseconds since the epoch, as the server stamps it. */
  time: number;
  type: ImMessageType;
  subType?: number;
  text?: string;
  tip?: string;
  /** Stored as a JSON string (§3). */
  attach?: string;
  custom?: string;
  localCustom?: string;
  file?: ImFileInfo;
  flow: ImMessageFlow;
  status: ImMessageStatus;
  isLocal?: boolean;
  isInBlackList?: boolean;
  resend?: boolean;
  hasSendAck?: boolean;
  isUnreadable?: boolean;
  callbackExt?: string;
  userUpdateTime?: number;
  pushContent?: string;
  pushPayload?: string;
  needPushNick?: boolean;
  needMsgReceipt?: boolean;
  isHistoryable?: boolean;
  isRoamingable?: boolean;
  isSyncable?: boolean;
  isPushable?: boolean;
  isOfflinable?: boolean;
  /** Team messages (ours, §8 811): the members told even when they muted the team (at most TEAM_FORCE_PUSH_MAX). */
  forcePushAccounts?: string[];
  /** This copy reached me through the sender's forced-push list (live pushes only). */
  isForcePush?: boolean;
  /** Waiting in the outbox (status sending): its place in the send order and its deadline (docs/im-outbox.md). */
  outbox?: ImOutboxPlace;
  /**
   * §3 yidunAntiSpamRes: the anti-spam verdict as JSON text (`{"result":1|2|3,"source":"client"|"server",...}`),
   * set by im-server on a message it marked and by the client filter on a message it refused (docs/im-background.md).
   */
  yidunAntiSpamRes?: string;
  /** The server refused the message with this code (§4: that does not make it fail). */
  sendError?: { code: number; message: string };
  // Threads and replies (§3 "reply and thread fields"; docs/im-extend.md): the message this one
  // answers, and the root of its thread (the replied message's thread, or the replied message).
  replyMsgFromAccount?: string;
  replyMsgToAccount?: string;
  replyMsgTime?: number;
  replyMsgIdServer?: string;
  replyMsgIdClient?: string;
  threadMsgFromAccount?: string;
  threadMsgToAccount?: string;
  threadMsgTime?: number;
  threadMsgIdServer?: string;
  threadMsgIdClient?: string;
  /**
   * Set once its sender recalled it (deleteMsg / msgDeleted / syncDeleteMsgs): the copy stays as a
   * placeholder ("X recalled a message") with its content dropped, unreadable so it never counts.
   */
  recalled?: ImRecall;
}

/** Who recalled a message and when (ms); ps is the recaller's note, if any. */
export interface ImRecall {
  by: string;
  time: number;
  ps?: string;
}

export interface ImOutboxPlace {
  /** Send order across the account's outbox; per session it is the order of sendText calls. */
  order: number;
  /** Epoch ms after which the entry ends as fail instead of being sent. */
  deadline: number;
}

export interface ImSession {
  /** Scene joined to target: `p2p-<account>`, `team-<teamId>`, `superTeam-<teamId>`. */
  id: string;
  scene: ImScene;
  to: string;
  /** Time (ms) of the newest message the user has read; incoming messages after it are unread. */
  ack: number;
  unread: number;
  lastMsg: ImMessage | null;
  updateTime: number;
  ext?: string;
  localCustom?: string;
  msgReceiptTime?: number;
  msgReceiptServerTime?: number;
  msgReceiptSendTime?: number;
  isTop?: boolean;
  topCustom?: string;
  /** Deleting a session is logical (§4 Session). */
  isDeleted: boolean;
}

export type ImSysMsgCategory = 'team' | 'superTeam' | 'friend' | 'msg';
export type ImSysMsgState = 'init' | 'passed' | 'rejected' | 'error';

export interface ImSysMsg {
  idServer: string;
  category: ImSysMsgCategory;
  type: string;
  from: string;
  to: string;
  time: number;
  read: boolean;
  state: ImSysMsgState;
  error?: { code: number; message: string };
  localCustom?: string;
  /** The sender's note (a friend request's ps). */
  ps?: string;
  /** Custom system messages: their content and attach (JSON strings the app owns). */
  content?: string;
  attach?: string;
  /** Custom system messages: the scene they were sent in (wire code). */
  scene?: number;
}

export type ImGender = 'unknown' | 'male' | 'female';

export interface ImUser {
  account: string;
  nick?: string;
  avatar?: string;
  sign?: string;
  gender?: ImGender;
  email?: string;
  birth?: string;
  tel?: string;
  custom?: string;
  createTime?: number;
  updateTime?: number;
}

/** The two relation lists of §3 (blocklist = table `blacklist`, mutelist). */
export type ImRelationList = 'blacklist' | 'mutelist';

export interface ImRelation {
  account: string;
  createTime: number;
  updateTime: number;
}

export interface ImFriend {
  account: string;
  alias?: string;
  custom?: string;
  createTime: number;
  updateTime: number;
  valid: boolean;
}

export type ImTeamType = 'normal' | 'advanced';
export type ImTeamMuteType = 'none' | 'normal' | 'all';
export type ImTeamJoinMode = 'noVerify' | 'needVerify' | 'rejectAll';
export type ImTeamBeInviteMode = 'needVerify' | 'noVerify';
export type ImTeamPermissionMode = 'manager' | 'all';

/** Team and super team share one shape (§3 "Team and super team"). */
export interface ImTeam {
  teamId: string;
  type: ImTeamType;
  name: string;
  avatar?: string;
  intro?: string;
  announcement?: string;
  custom?: string;
  level?: number;
  owner: string;
  valid: boolean;
  validToCurrentUser: boolean;
  memberNum: number;
  memberUpdateTime?: number;
  createTime: number;
  updateTime: number;
  mute?: boolean;
  muteType?: ImTeamMuteType;
  joinMode?: ImTeamJoinMode;
  beInviteMode?: ImTeamBeInviteMode;
  inviteMode?: ImTeamPermissionMode;
  updateTeamMode?: ImTeamPermissionMode;
  updateCustomMode?: ImTeamPermissionMode;
}

export type ImTeamMemberType = 'normal' | 'owner' | 'manager';

export interface ImTeamMember {
  /** teamId joined to account with a dash (§3). */
  id: string;
  teamId: string;
  account: string;
  type: ImTeamMemberType;
  nickInTeam?: string;
  muteTeam?: boolean;
  mute?: boolean;
  muteNotiType?: number;
  custom?: string;
  joinTime: number;
  updateTime: number;
  active?: boolean;
  valid: boolean;
}

/** A quick comment on a message (§3 comments; body an integer, e.g. an emoji code). */
export interface ImQuickComment {
  from: string;
  body: number;
  time: number;
  custom?: string;
}

/** A message pinned in a session (§3 Message pin): the pin tag carries createTime and updateTime. */
export interface ImMsgPin {
  idClient: string;
  sessionId: string;
  pinFrom: string;
  pinCustom?: string;
  createTime: number;
  updateTime: number;
  msg?: ImMessage;
}

/** Read and unread counts of one of my team messages (§3 "Team message receipt counts: idClient, unread, read"). */
export interface ImTeamMsgReceipt {
  teamId: string;
  idServer: string;
  idClient: string;
  read: number;
  unread: number;
}

/** Sync timetags per data kind (§3). Per-team member timetags are keyed `teamMembers-<teamId>`. */
export const SYNC_TIMETAG_KINDS = [
  'myInfo',
  'relations',
  'friends',
  'friendUsers',
  'teams',
  'superTeams',
  'roamingMsgs',
  'superTeamRoamingMsgs',
  'sessionAck',
  'superTeamSessionAck',
  'msgReceipts',
  'myTeamMembers',
  'donnop',
  'deleteMsg',
  'deleteSuperTeamMsg',
  'deleteMsgSelf',
  'sessionHistoryMsgsDelete',
  'stickTopSessions',
  'broadcastMsgs',
] as const;

export type SyncTimetagKind = (typeof SYNC_TIMETAG_KINDS)[number];

/** Kind → last timetag (ms) the server reported; absent kinds start from 0. */
export type SyncTimetags = Partial<Record<SyncTimetagKind | `teamMembers-${string}`, number>>;

/** Session ids join scene and target (§3 Session id; contract 0001: `p2p-<account>`). */
export function sessionIdOf(scene: ImScene, target: string): string {
  return `${scene}-${target}`;
}

/** Splits a session id back into scene and target; undefined when it is not one. */
export function parseSessionId(sessionId: string): { scene: ImScene; to: string } | undefined {
  const dash = sessionId.indexOf('-');
  if (dash <= 0) return undefined;
  const scene = sessionId.slice(0, dash);
  const to = sessionId.slice(dash + 1);
  if (!to || !(IM_SCENES as readonly string[]).includes(scene)) return undefined;
  return { scene: scene as ImScene, to };
}

/** Team member id: teamId joined to account with a dash (§3 Team member). */
export function teamMemberIdOf(teamId: string, account: string): string {
  return `${teamId}-${account}`;
}
