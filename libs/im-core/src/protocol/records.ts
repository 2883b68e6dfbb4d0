import { arrayOf, defineRecord, RecordOf } from './schema';

/**
 * Record schemas of im-client-spec §3 as tag maps. Rules (docs/protocol.md, "Versioning"):
 * a tag is never reused or retyped; new fields take new tags; tags 1–31 cost one key byte,
 * so they go to the fields sent most often. Tags 120–121 are reserved for response errors.
 */

/** File attachment of a file/image/audio/video message (im-client-spec §3, "File message"). */
export const FileRecord = defineRecord('File', {
  url: [1, 'string'],
  name: [2, 'string'],
  ext: [3, 'string'],
  size: [4, 'int'],
  md5: [5, 'string'],
  w: [6, 'int'],
  h: [7, 'int'],
  dur: [8, 'int'],
  docId: [9, 'string'],
  // Documents (fetchFile, fetchFileList; docs/im-upload.md "Documents"). Ours: the spec names no fields.
  docType: [10, 'int'],
  transcodeType: [11, 'int'],
  state: [12, 'string'],
  pageCount: [13, 'int'],
  pageUrls: [14, arrayOf('string')],
  reason: [15, 'string'],
  createTime: [16, 'int'],
});

/** Quick comment on a message (msgExtend). Field list not shown in the spec: ours. */
export const QuickCommentRecord = defineRecord('QuickComment', {
  from: [1, 'string'],
  body: [2, 'int'],
  time: [3, 'int'],
  custom: [4, 'string'],
  needPush: [5, 'bool'],
  needBadge: [6, 'bool'],
  pushTitle: [7, 'string'],
  pushContent: [8, 'string'],
  pushPayload: [9, 'string'],
});

/** Message: every field of im-client-spec §3 "Message"; reply/thread names are ours. */
export const MessageRecord = defineRecord('Message', {
  // Identity and routing, plus the commonest content: one-byte keys.
  idClient: [1, 'string'],
  idServer: [2, 'string'],
  scene: [3, 'int'],
  from: [4, 'string'],
  to: [5, 'string'],
  time: [6, 'int'],
  type: [7, 'int'],
  text: [8, 'string'],
  fromNick: [9, 'string'],
  fromClientType: [10, 'int'],
  fromDeviceId: [11, 'string'],
  sessionId: [12, 'string'],
  subType: [13, 'int'],
  custom: [14, 'string'],
  attach: [15, 'string'],
  file: [16, FileRecord],
  tip: [17, 'string'],
  pushContent: [18, 'string'],
  pushPayload: [19, 'string'],
  needPushNick: [20, 'bool'],
  needMsgReceipt: [21, 'bool'],
  isHistoryable: [22, 'bool'],
  isRoamingable: [23, 'bool'],
  isSyncable: [24, 'bool'],
  isPushable: [25, 'bool'],
  isOfflinable: [26, 'bool'],
  isUnreadable: [27, 'bool'],
  status: [28, 'string'],
  flow: [29, 'string'],
  userUpdateTime: [30, 'int'],
  callbackExt: [31, 'string'],
  // Rarer fields: two-byte keys.
  body: [32, 'string'],
  localCustom: [33, 'string'],
  isLocal: [34, 'bool'],
  isInBlackList: [35, 'bool'],
  resend: [36, 'bool'],
  hasSendAck: [37, 'bool'],
  ignore: [38, 'bool'],
  chatroomId: [39, 'string'],
  toAccids: [40, arrayOf('string')],
  yidunAntiSpamRes: [41, 'string'],
  commentTimetag: [42, 'int'],
  comments: [43, arrayOf(QuickCommentRecord)],
  replyMsgFromAccount: [44, 'string'],
  replyMsgToAccount: [45, 'string'],
  replyMsgTime: [46, 'int'],
  replyMsgIdServer: [47, 'string'],
  replyMsgIdClient: [48, 'string'],
  threadMsgFromAccount: [49, 'string'],
  threadMsgToAccount: [50, 'string'],
  threadMsgTime: [51, 'int'],
  threadMsgIdServer: [52, 'string'],
  threadMsgIdClient: [53, 'string'],
  deviceId: [54, 'string'],
  // Forced push (§8 811; ours, docs/im-teams.md "Forced push"): the team members told even when they
  // muted the team; a recipient named in it gets its copy with isForcePush.
  forcePushAccounts: [55, arrayOf('string')],
  isForcePush: [56, 'bool'],
});
export type MessageRecordValue = RecordOf<typeof MessageRecord>;

/** Session (im-client-spec §3). `id` is scene joined to target, e.g. "p2p-c_demo1". */
export const SessionRecord = defineRecord('Session', {
  id: [1, 'string'],
  scene: [2, 'int'],
  to: [3, 'string'],
  ack: [4, 'int'],
  unread: [5, 'int'],
  lastMsg: [6, MessageRecord],
  updateTime: [7, 'int'],
  ext: [8, 'string'],
  localCustom: [9, 'string'],
  msgReceiptTime: [10, 'int'],
  msgReceiptServerTime: [11, 'int'],
  msgReceiptSendTime: [12, 'int'],
  isTop: [13, 'bool'],
  topCustom: [14, 'string'],
  isDeleted: [15, 'bool'],
  unreadMsgs: [16, arrayOf(MessageRecord)],
});
export type SessionRecordValue = RecordOf<typeof SessionRecord>;

export const ErrorDetailRecord = defineRecord('ErrorDetail', {
  code: [1, 'int'],
  message: [2, 'string'],
});

/** System message (im-client-spec §3). category/type/state travel as the spec's names. */
export const SysMsgRecord = defineRecord('SysMsg', {
  idServer: [1, 'string'],
  category: [2, 'string'],
  type: [3, 'string'],
  from: [4, 'string'],
  to: [5, 'string'],
  time: [6, 'int'],
  read: [7, 'bool'],
  state: [8, 'string'],
  error: [9, ErrorDetailRecord],
  localCustom: [10, 'string'],
  ps: [11, 'string'],
  attach: [12, 'string'],
  scene: [13, 'int'],
  content: [14, 'string'],
  isPushable: [15, 'bool'],
  pushContent: [16, 'string'],
  pushPayload: [17, 'string'],
  needPushNick: [18, 'bool'],
  sendToOnlineUsersOnly: [19, 'bool'],
});
export type SysMsgRecordValue = RecordOf<typeof SysMsgRecord>;

export const BroadcastMsgRecord = defineRecord('BroadcastMsg', {
  broadcastId: [1, 'string'],
  time: [2, 'int'],
  from: [3, 'string'],
  body: [4, 'string'],
});

/** User (im-client-spec §3); gender 0 unknown, 1 male, 2 female. */
export const UserRecord = defineRecord('User', {
  account: [1, 'string'],
  nick: [2, 'string'],
  avatar: [3, 'string'],
  sign: [4, 'string'],
  gender: [5, 'int'],
  email: [6, 'string'],
  birth: [7, 'string'],
  tel: [8, 'string'],
  custom: [9, 'string'],
  createTime: [10, 'int'],
  updateTime: [11, 'int'],
});
export type UserRecordValue = RecordOf<typeof UserRecord>;

/** Blocklist/mutelist record; the server sends the flags as the string "1" (im-client-spec §3). */
export const RelationRecord = defineRecord('Relation', {
  account: [1, 'string'],
  createTime: [2, 'int'],
  updateTime: [3, 'int'],
  isBlacked: [4, 'string'],
  isMuted: [5, 'string'],
});
export type RelationRecordValue = RecordOf<typeof RelationRecord>;

export const FriendRecord = defineRecord('Friend', {
  account: [1, 'string'],
  alias: [2, 'string'],
  custom: [3, 'string'],
  createTime: [4, 'int'],
  updateTime: [5, 'int'],
  valid: [6, 'bool'],
});
export type FriendRecordValue = RecordOf<typeof FriendRecord>;

/**
 * Team and super team (im-client-spec §3). Enum codes: type 0 normal / 1 advanced; muteType 0, 1, 3;
 * joinMode 0–2; beInviteMode 0 needVerify / 1 noVerify; invite/update modes 0 manager / 1 all.
 */
export const TeamRecord = defineRecord('Team', {
  teamId: [1, 'string'],
  type: [2, 'int'],
  name: [3, 'string'],
  avatar: [4, 'string'],
  intro: [5, 'string'],
  announcement: [6, 'string'],
  custom: [7, 'string'],
  level: [8, 'int'],
  owner: [9, 'string'],
  valid: [10, 'bool'],
  memberNum: [11, 'int'],
  memberUpdateTime: [12, 'int'],
  createTime: [13, 'int'],
  updateTime: [14, 'int'],
  validToCurrentUser: [15, 'bool'],
  mute: [16, 'bool'],
  muteType: [17, 'int'],
  joinMode: [18, 'int'],
  beInviteMode: [19, 'int'],
  inviteMode: [20, 'int'],
  updateTeamMode: [21, 'int'],
  updateCustomMode: [22, 'int'],
  serverCustom: [23, 'string'],
});
export type TeamRecordValue = RecordOf<typeof TeamRecord>;

/** Team member; type 0 normal, 1 owner, 2 manager; `bits` holds the muteTeam flag (bit 0). */
export const TeamMemberRecord = defineRecord('TeamMember', {
  id: [1, 'string'],
  teamId: [2, 'string'],
  account: [3, 'string'],
  type: [4, 'int'],
  nickInTeam: [5, 'string'],
  bits: [6, 'int'],
  mute: [7, 'bool'],
  muteNotiType: [8, 'int'],
  custom: [9, 'string'],
  joinTime: [10, 'int'],
  updateTime: [11, 'int'],
  active: [12, 'bool'],
  valid: [13, 'bool'],
  invitorAccid: [14, 'string'],
});
export type TeamMemberRecordValue = RecordOf<typeof TeamMemberRecord>;

/** Login port (im-client-spec §3, "Login port record"). */
export const LoginPortRecord = defineRecord('LoginPort', {
  type: [1, 'int'],
  customClientType: [2, 'int'],
  time: [3, 'int'],
  online: [4, 'bool'],
  connectionId: [5, 'string'],
  deviceId: [6, 'string'],
  os: [7, 'string'],
  ip: [8, 'string'],
});
export type LoginPortRecordValue = RecordOf<typeof LoginPortRecord>;

export const ReadDetailRecord = defineRecord('ReadDetail', {
  idClient: [1, 'string'],
  readAccounts: [2, arrayOf('string')],
  unreadAccounts: [3, arrayOf('string')],
});

export const TeamMsgReceiptRecord = defineRecord('TeamMsgReceipt', {
  teamId: [1, 'string'],
  idServer: [2, 'string'],
  idClient: [3, 'string'],
  read: [4, 'int'],
  unread: [5, 'int'],
  account: [6, 'string'],
});

export const MsgPinRecord = defineRecord('MsgPin', {
  idClient: [1, 'string'],
  sessionId: [2, 'string'],
  pinFrom: [3, 'string'],
  pinCustom: [4, 'string'],
  createTime: [5, 'int'],
  updateTime: [6, 'int'],
  msg: [7, MessageRecord],
});

export const StickTopSessionRecord = defineRecord('StickTopSession', {
  id: [1, 'string'],
  topCustom: [2, 'string'],
  createTime: [3, 'int'],
  updateTime: [4, 'int'],
});

export const CollectRecord = defineRecord('Collect', {
  id: [1, 'string'],
  type: [2, 'int'],
  data: [3, 'string'],
  custom: [4, 'string'],
  uniqueId: [5, 'string'],
  createTime: [6, 'int'],
  updateTime: [7, 'int'],
});

export const ChatroomRecord = defineRecord('Chatroom', {
  id: [1, 'string'],
  name: [2, 'string'],
  announcement: [3, 'string'],
  broadcastUrl: [4, 'string'],
  custom: [5, 'string'],
  queuelevel: [6, 'int'],
  creator: [7, 'string'],
  onlineMemberNum: [8, 'int'],
  mute: [9, 'bool'],
});

export const ChatroomMemberRecord = defineRecord('ChatroomMember', {
  chatroomId: [1, 'string'],
  account: [2, 'string'],
  type: [3, 'string'],
  level: [4, 'int'],
  nick: [5, 'string'],
  avatar: [6, 'string'],
  custom: [7, 'string'],
  online: [8, 'bool'],
  guest: [9, 'bool'],
  enterTime: [10, 'int'],
  blacked: [11, 'bool'],
  gaged: [12, 'bool'],
  valid: [13, 'bool'],
  tempMuted: [14, 'bool'],
  tempMuteDuration: [15, 'int'],
});

export const ChatroomQueueItemRecord = defineRecord('ChatroomQueueItem', {
  key: [1, 'string'],
  value: [2, 'string'],
});

export const SignalMemberRecord = defineRecord('SignalMember', {
  account: [1, 'string'],
  uid: [2, 'int'],
  createTime: [3, 'int'],
  expireTime: [4, 'int'],
});

/** Signalling channel (im-client-spec §3). */
export const SignalChannelRecord = defineRecord('SignalChannel', {
  type: [1, 'int'],
  channelName: [2, 'string'],
  channelId: [3, 'string'],
  channelCreateTime: [4, 'int'],
  channelExpireTime: [5, 'int'],
  creator: [6, 'string'],
  ext: [7, 'string'],
  members: [8, arrayOf(SignalMemberRecord)],
  from: [9, 'string'],
  to: [10, 'string'],
  requestId: [11, 'string'],
  needPush: [12, 'bool'],
  needBadge: [13, 'bool'],
  attach: [14, 'string'],
  uid: [15, 'int'],
  eventType: [16, 'int'],
  msgid: [17, 'string'],
});

export const EventRecord = defineRecord('Event', {
  type: [1, 'int'],
  value: [2, 'int'],
  idClient: [3, 'string'],
  idServer: [4, 'string'],
  custom: [5, 'string'],
  validTime: [6, 'int'],
  broadcastType: [7, 'int'],
  sync: [8, 'bool'],
  account: [9, 'string'],
  time: [10, 'int'],
  serverConfig: [11, 'string'],
});

/** Storage token for uploads (im-client-spec §3, "Storage token"). */
export const StorageTokenRecord = defineRecord('StorageToken', {
  bucket: [1, 'string'],
  objectName: [2, 'string'],
  token: [3, 'string'],
  shortUrl: [4, 'string'],
  expireTime: [5, 'int'],
  tag: [6, 'string'],
});

/** Per-team member timetag (im-client-spec §3, "per-team member timetags"). */
export const TeamTimetagRecord = defineRecord('TeamTimetag', {
  teamId: [1, 'string'],
  timetag: [2, 'int'],
});

/** Sync timetags per data kind (im-client-spec §3, "Sync timetags"); 0 or absent = full sync. */
export const SyncTimetagsRecord = defineRecord('SyncTimetags', {
  myInfo: [1, 'int'],
  relations: [2, 'int'],
  friends: [3, 'int'],
  friendUsers: [4, 'int'],
  teams: [5, 'int'],
  superTeams: [6, 'int'],
  roamingMsgs: [7, 'int'],
  superTeamRoamingMsgs: [8, 'int'],
  sessionAck: [9, 'int'],
  superTeamSessionAck: [10, 'int'],
  msgReceipts: [11, 'int'],
  myTeamMembers: [12, 'int'],
  donnop: [13, 'int'],
  deleteMsg: [14, 'int'],
  deleteSuperTeamMsg: [15, 'int'],
  deleteMsgSelf: [16, 'int'],
  sessionHistoryMsgsDelete: [17, 'int'],
  stickTopSessions: [18, 'int'],
  broadcastMsgs: [19, 'int'],
  teamMembers: [20, arrayOf(TeamTimetagRecord)],
});
export type SyncTimetagsRecordValue = RecordOf<typeof SyncTimetagsRecord>;

/** Session ack (read position) of one session. */
export const SessionAckRecord = defineRecord('SessionAck', {
  scene: [1, 'int'],
  to: [2, 'string'],
  timetag: [3, 'int'],
});

/** A deleted/recalled message notice. */
export const DeletedMsgRecord = defineRecord('DeletedMsg', {
  scene: [1, 'int'],
  from: [2, 'string'],
  to: [3, 'string'],
  idClient: [4, 'string'],
  idServer: [5, 'string'],
  time: [6, 'int'],
  opeAccount: [7, 'string'],
  ps: [8, 'string'],
  attach: [9, 'string'],
});
export type DeletedMsgRecordValue = RecordOf<typeof DeletedMsgRecord>;
