import { arrayOf, defineRecord } from './schema';
import { pushCommand as push, requestCommand as req } from './command-definition';
import {
  BroadcastMsgRecord, ChatroomMemberRecord, ChatroomQueueItemRecord, ChatroomRecord, CollectRecord, DeletedMsgRecord,
  EventRecord, FileRecord, FriendRecord, LoginPortRecord, MessageRecord, MsgPinRecord, QuickCommentRecord, ReadDetailRecord,
  RelationRecord, SessionAckRecord, SessionRecord, SignalChannelRecord, StickTopSessionRecord, StorageTokenRecord,
  SyncTimetagsRecord, SysMsgRecord, TeamMemberRecord, TeamMsgReceiptRecord, TeamRecord, UserRecord,
} from './records';

/**
 * Service ids (im-client-spec §7 "Services"). The read-ack pairs the spec gives (7/2, 7/3, 8/3,
 * 9/11, 21/19, 101/2, 101/3, 7/17) fix msg = 7, team = 8, call = 9, superTeam = 21, filter = 101.
 */
export const ServiceId = {
  link: 1,
  auth: 2,
  user: 3,
  notify: 4,
  sync: 5,
  misc: 6,
  msg: 7,
  team: 8,
  netcall: 9,
  friend: 12,
  chatroom: 13,
  event: 14,
  signaling: 15,
  superTeam: 21,
  msgExtend: 23,
  filter: 101,
} as const;

const S = ServiceId;

/** A session's server history cleared up to `time` (clearServerHistoryMsgs; §3 sessionHistoryMsgsDelete). */
export const SessionHistoryClearRecord = defineRecord('SessionHistoryClear', {
  sessionId: [1, 'string'],
  time: [2, 'int'],
  ext: [3, 'string'],
});
const strings = arrayOf('string');
const messages = arrayOf(MessageRecord);

// Reusable field groups.
const teamIdField = { teamId: [1, 'string'] } as const;
const teamAccounts = { teamId: [1, 'string'], accounts: [2, strings], ps: [3, 'string'], attach: [4, 'string'] } as const;
const historyQuery = {
  scene: [1, 'int'], to: [2, 'string'], beginTime: [3, 'int'], endTime: [4, 'int'], lastMsgId: [5, 'string'],
  limit: [6, 'int'], reverse: [7, 'bool'], msgTypes: [8, arrayOf('int')], keyword: [9, 'string'],
} as const;
const msgResult = { msg: [1, MessageRecord] } as const;
const msgsResult = { msgs: [1, messages] } as const;
const teamResult = { team: [1, TeamRecord] } as const;
const membersResult = { members: [1, arrayOf(TeamMemberRecord)], timetag: [2, 'int'] } as const;
const abortedResult = { abortedAccidList: [1, strings], time: [2, 'int'] } as const;
const signalChannel = { channel: [1, SignalChannelRecord] } as const;
/** size (ours, issue 13): the exact byte count the token lets the caller upload; the token is bound to it. */
const nosToken = { nosScene: [1, 'string'], nosSurvivalTime: [2, 'int'], fileName: [3, 'string'], tag: [4, 'string'], size: [6, 'int'] } as const;
const empty = {} as const;
const readAck = { serviceId: [1, 'int'], commandId: [2, 'int'], idServer: [3, 'string'] } as const;

/**
 * The command table: every command im-client-spec §7 names, with its (service, command) pair and
 * body schemas. Payloads the spec does not show are our design, documented in docs/protocol.md.
 * The server answers commands it does not implement with CODE_NOT_SUPPORTED.
 */
export const COMMANDS = {
  // ---- link: transport-level commands
  heartbeat: req(S.link, 1, empty, empty),
  getServerTime: req(S.link, 2, empty, { time: [1, 'int'] }),
  negotiateTransport: req(S.link, 3, { transports: [1, strings], sdkVersion: [2, 'string'] }, { transport: [1, 'string'], serverConfig: [2, 'string'] }),
  initTransport: req(S.link, 4, { transport: [1, 'string'] }, { ok: [1, 'bool'] }),
  getNosCdnHost: req(S.link, 5, empty, { cdnDomain: [1, 'string'], objectNamePrefix: [2, 'string'], expire: [3, 'int'] }),

  // ---- auth
  login: req(
    S.auth, 1,
    {
      appKey: [1, 'string'], account: [2, 'string'], token: [3, 'string'], clientType: [4, 'int'], sdkVersion: [5, 'string'],
      protocolVersion: [6, 'int'], deviceId: [7, 'string'], customClientType: [8, 'int'], os: [9, 'string'],
    },
    { connectionId: [1, 'string'], loginPorts: [2, arrayOf(LoginPortRecord)], serverTime: [3, 'int'], user: [4, UserRecord] },
  ),
  logout: req(S.auth, 2, empty, empty),
  /** Kick other ports of the same account, by device id or connection id; answers those kicked (issue 31). */
  kick: req(S.auth, 3, { deviceIds: [1, strings], connectionIds: [2, strings] }, { deviceIds: [1, strings], connectionIds: [2, strings] }),
  /** reason: KickReason (1 same platform, 2 server, 3 other platform, 4 silentlyKick). */
  kicked: push(S.auth, 4, { reason: [1, 'int'], clientType: [2, 'int'], customClientType: [3, 'int'], message: [4, 'string'] }),
  /** state: 'login' | 'logout' of the listed ports (im-client-spec §4 "reports other logged-in ports"). */
  multiPortLogin: push(S.auth, 5, { state: [1, 'string'], ports: [2, arrayOf(LoginPortRecord)] }),

  // ---- user
  updatePushToken: req(S.user, 1, { tokenName: [1, 'string'], token: [2, 'string'], pushkit: [3, 'bool'] }, empty),
  appBackground: req(S.user, 2, { isBackground: [1, 'bool'], badge: [2, 'int'] }, empty),
  markInBlacklist: req(S.user, 3, { account: [1, 'string'], isAdd: [2, 'bool'] }, empty),
  markInMutelist: req(S.user, 4, { account: [1, 'string'], isAdd: [2, 'bool'] }, empty),
  getRelations: req(S.user, 5, { timetag: [1, 'int'] }, { blacklist: [1, arrayOf(RelationRecord)], mutelist: [2, arrayOf(RelationRecord)], timetag: [3, 'int'] }),
  getUsers: req(S.user, 6, { accounts: [1, strings] }, { users: [1, arrayOf(UserRecord)] }),
  updateMyInfo: req(S.user, 7, { user: [1, UserRecord] }, { user: [1, UserRecord], timetag: [2, 'int'] }),
  updateDonnop: req(S.user, 8, { donnop: [1, 'string'] }, { timetag: [1, 'int'] }),
  /** Multi-port push setting (im-client-spec §3 "Push setting"). */
  updatePushConfig: req(S.user, 9, { shouldPushNotificationWhenPCOnline: [1, 'bool'] }, empty),
  myInfoUpdated: push(S.user, 10, { user: [1, UserRecord] }),
  relationsUpdated: push(S.user, 11, { account: [1, 'string'], isBlacked: [2, 'string'], isMuted: [3, 'string'], time: [4, 'int'] }),

  // ---- notify: offline/roaming syncs and delivery acks (im-client-spec §7 "notify")
  /** Acknowledges a push of one of the read-ack pairs (im-client-spec §7). */
  markRead: req(S.notify, 1, readAck, empty),
  batchMarkRead: req(S.notify, 2, { serviceId: [1, 'int'], commandId: [2, 'int'], idServers: [3, strings] }, empty),
  offlineMsgs: push(S.notify, 3, msgsResult),
  roamingMsgs: push(S.notify, 4, { msgs: [1, messages], timetag: [2, 'int'], sessionsWithMoreRoaming: [3, strings] }),
  offlineSysMsgs: push(S.notify, 5, { sysMsgs: [1, arrayOf(SysMsgRecord)] }),
  offlineFilterMsgs: push(S.notify, 6, msgsResult),

  // ---- sync
  /**
   * `offKinds`: the data kinds whose §5 sync option is off (relations, friends, friendUsers, teams,
   * superTeams, roamingMsgs, superTeamRoamingMsgs, msgReceipts, myTeamMembers, filterMsgs); the
   * server sends none of them. Absent: everything (docs/im-sync.md "Sync options").
   */
  sync: req(S.sync, 1, { timetags: [1, SyncTimetagsRecord], offKinds: [2, strings] }, empty),
  /** Sent after all sync data pushes; `timetag` is the new sync point (im-client-spec §4 "Sync"). */
  syncDone: push(S.sync, 2, { timetag: [1, 'int'], hasMore: [2, 'bool'] }),
  syncTeamMembers: req(S.sync, 3, { teamIds: [1, strings], timetags: [2, SyncTimetagsRecord] }, membersResult),
  syncMyInfo: push(S.sync, 4, { user: [1, UserRecord], timetag: [2, 'int'] }),
  syncRelations: push(S.sync, 5, { blacklist: [1, arrayOf(RelationRecord)], mutelist: [2, arrayOf(RelationRecord)], timetag: [3, 'int'] }),
  syncFriends: push(S.sync, 6, { friends: [1, arrayOf(FriendRecord)], timetag: [2, 'int'] }),
  syncFriendUsers: push(S.sync, 7, { users: [1, arrayOf(UserRecord)], timetag: [2, 'int'] }),
  syncTeams: push(S.sync, 8, { teams: [1, arrayOf(TeamRecord)], timetag: [2, 'int'] }),
  syncSuperTeams: push(S.sync, 9, { teams: [1, arrayOf(TeamRecord)], timetag: [2, 'int'] }),
  syncSessionAcks: push(S.sync, 10, { acks: [1, arrayOf(SessionAckRecord)], timetag: [2, 'int'] }),
  syncMsgReceipts: push(S.sync, 11, { sessions: [1, arrayOf(SessionRecord)], timetag: [2, 'int'] }),
  syncMyTeamMembers: push(S.sync, 12, { members: [1, arrayOf(TeamMemberRecord)], timetag: [2, 'int'] }),
  syncDonnop: push(S.sync, 13, { donnop: [1, 'string'], timetag: [2, 'int'] }),
  syncDeleteMsgs: push(S.sync, 14, { deleted: [1, arrayOf(DeletedMsgRecord)], timetag: [2, 'int'] }),
  syncStickTopSessions: push(S.sync, 15, { sessions: [1, arrayOf(StickTopSessionRecord)], timetag: [2, 'int'] }),
  syncBroadcastMsgs: push(S.sync, 16, { broadcastMsgs: [1, arrayOf(BroadcastMsgRecord)], timetag: [2, 'int'] }),
  syncSessions: push(S.sync, 17, { sessions: [1, arrayOf(SessionRecord)], timetag: [2, 'int'] }),
  syncPushConfig: push(S.sync, 18, { shouldPushNotificationWhenPCOnline: [1, 'bool'] }),
  /**
   * Recalled super team messages above the deleteSuperTeamMsg timetag, which is the server's super
   * team recall stream (not the account's sync number): `timetag` is where that stream was read to.
   */
  syncDeleteSuperTeamMsgs: push(S.sync, 19, { deleted: [1, arrayOf(DeletedMsgRecord)], timetag: [2, 'int'] }),
  /** Messages deleted for self since the deleteMsgSelf timetag (ids 40+ are history's, docs/im-sync.md). */
  syncDeleteMsgSelf: push(S.sync, 40, { deleted: [1, arrayOf(DeletedMsgRecord)], timetag: [2, 'int'] }),
  /** Sessions whose server history was cleared since the sessionHistoryMsgsDelete timetag. */
  syncSessionHistoryMsgsDelete: push(S.sync, 41, { sessions: [1, arrayOf(SessionHistoryClearRecord)], timetag: [2, 'int'] }),

  // ---- misc: upload, media, addresses
  getSimpleNosToken: req(S.misc, 1, nosToken, { token: [1, StorageTokenRecord] }),
  getNosToken: req(S.misc, 2, { ...nosToken, count: [5, 'int'], docType: [7, 'int'], transcodeType: [8, 'int'] }, { tokens: [1, arrayOf(StorageTokenRecord)] }),
  getNosTokenTrans: req(S.misc, 3, { responseBody: [1, 'string'], nosToken: [2, StorageTokenRecord], nosScene: [3, 'string'], nosSurvivalTime: [4, 'int'] }, { token: [1, StorageTokenRecord] }),
  getMixStoreToken: req(S.misc, 4, nosToken, { token: [1, StorageTokenRecord], provider: [2, 'string'] }),
  getMixStorePolicy: req(S.misc, 5, { supportTypes: [1, strings] }, { policy: [1, 'string'] }),
  getBackSourceToken: req(S.misc, 6, { url: [1, 'string'] }, { token: [1, 'string'] }),
  getGrayscaleConfig: req(S.misc, 7, { config: [1, 'string'] }, { config: [1, 'string'] }),
  getNosOriginUrl: req(S.misc, 8, { safeShortUrl: [1, 'string'] }, { url: [1, 'string'] }),
  getNosAccessToken: req(S.misc, 9, { url: [1, 'string'], userAgent: [2, 'string'], ext: [3, 'string'] }, { token: [1, 'string'], url: [2, 'string'], expireTime: [3, 'int'] }),
  deleteNosAccessToken: req(S.misc, 10, { token: [1, 'string'] }, empty),
  processImage: req(S.misc, 11, { url: [1, 'string'], ops: [2, 'string'] }, { url: [1, 'string'] }),
  audioToText: req(S.misc, 12, { url: [1, 'string'], ext: [2, 'string'], dur: [3, 'int'], mime: [4, 'string'], sampleRate: [5, 'int'] }, { text: [1, 'string'] }),
  fetchFile: req(S.misc, 13, { docId: [1, 'string'] }, { file: [1, FileRecord] }),
  fetchFileList: req(S.misc, 14, { fromDocId: [1, 'string'], limit: [2, 'int'] }, { files: [1, arrayOf(FileRecord)], total: [2, 'int'] }),
  removeFile: req(S.misc, 15, { docId: [1, 'string'] }, empty),
  fileQuickTransfer: req(S.misc, 16, { md5: [1, 'string'], size: [2, 'int'] }, { url: [1, 'string'], size: [2, 'int'], threshold: [3, 'int'], _url_safe: [4, 'string'] }),
  getClientAntispam: req(S.misc, 17, { md5: [1, 'string'] }, { md5: [1, 'string'], lexicon: [2, 'string'], version: [3, 'int'] }),
  uploadSdkLogUrl: req(S.misc, 18, { url: [1, 'string'] }, empty),
  getChatroomAddress: req(S.misc, 19, { chatroomId: [1, 'string'], clientType: [2, 'int'] }, { address: [1, strings] }),
  getQchatAddress: req(S.misc, 20, { ipType: [1, 'int'] }, { address: [1, strings] }),
  httpProxy: req(S.misc, 21, { zone: [1, 'string'], path: [2, 'string'], method: [3, 'string'], header: [4, 'string'], body: [5, 'string'] }, { code: [1, 'int'], header: [2, 'string'], body: [3, 'string'] }),

  // ---- msg
  sendMsg: req(S.msg, 1, { msg: [1, MessageRecord], toAccids: [2, strings] }, msgResult),
  /** New p2p message (read-ack pair 7/2). */
  msg: push(S.msg, 2, msgResult),
  /** New system message (read-ack pair 7/3). */
  sysMsg: push(S.msg, 3, { sysMsg: [1, SysMsgRecord] }),
  sendCustomSysMsg: req(S.msg, 4, { sysMsg: [1, SysMsgRecord] }, { sysMsg: [1, SysMsgRecord] }),
  getHistoryMsgs: req(S.msg, 6, historyQuery, msgsResult),
  /** Server search over the caller's own p2p messages (docs/protocol.md "History"): keyword, sessions, types; paged by endTime + lastMsgId. */
  searchHistoryMsgs: req(S.msg, 7, { ...historyQuery, sessionIds: [10, strings] }, msgsResult),
  deleteSessions: req(S.msg, 8, { sessionIds: [1, strings] }, empty),
  sendMsgReceipt: req(S.msg, 9, { msg: [1, MessageRecord] }, { msgReceiptTime: [1, 'int'] }),
  msgReceipt: push(S.msg, 10, { sessionId: [1, 'string'], msgReceiptTime: [2, 'int'], idClient: [3, 'string'] }),
  /** Recall a message for everyone. */
  deleteMsg: req(S.msg, 11, { msg: [1, MessageRecord], ps: [2, 'string'], attach: [3, 'string'] }, empty),
  deleteMsgSelf: req(S.msg, 12, { msg: [1, MessageRecord], custom: [2, 'string'] }, { time: [1, 'int'] }),
  deleteMsgSelfBatch: req(S.msg, 13, { msgs: [1, messages], custom: [2, 'string'] }, { time: [1, 'int'] }),
  clearServerHistoryMsgs: req(S.msg, 14, { scene: [1, 'int'], to: [2, 'string'], isSyncSelf: [3, 'bool'], ext: [4, 'string'] }, { time: [1, 'int'] }),
  getServerSessions: req(S.msg, 15, { minTimestamp: [1, 'int'], maxTimestamp: [2, 'int'], limit: [3, 'int'], needLastMsg: [4, 'bool'] }, { sessions: [1, arrayOf(SessionRecord)], hasMore: [2, 'bool'] }),
  getServerSession: req(S.msg, 16, { sessionId: [1, 'string'] }, { session: [1, SessionRecord] }),
  /** Broadcast message (read-ack pair 7/17). */
  broadcastMsg: push(S.msg, 17, { broadcastMsg: [1, BroadcastMsgRecord] }),
  msgFtsSearch: req(S.msg, 18, { keyword: [1, 'string'], fromTime: [2, 'int'], toTime: [3, 'int'], sessionLimit: [4, 'int'], msgLimit: [5, 'int'], sessionIds: [6, strings], msgTypes: [7, arrayOf('int')], order: [8, 'string'] }, msgsResult),
  updateServerSession: req(S.msg, 19, { sessionId: [1, 'string'], ext: [2, 'string'] }, empty),
  deleteServerSessions: req(S.msg, 20, { sessionIds: [1, strings] }, empty),
  /** Session read position: marks every message of the session up to `timetag` read (our design). */
  markSessionAck: req(S.msg, 21, { scene: [1, 'int'], to: [2, 'string'], timetag: [3, 'int'] }, empty),
  sessionAck: push(S.msg, 22, { scene: [1, 'int'], to: [2, 'string'], timetag: [3, 'int'] }),
  msgDeleted: push(S.msg, 23, { deleted: [1, DeletedMsgRecord] }),
  /** Own message sent from another port of the same account. */
  syncSendMsg: push(S.msg, 24, msgResult),
  /** Messages another port of the account deleted for self (deleteMsgSelf/deleteMsgSelfBatch); ids 40+ are history's (docs/protocol.md). */
  msgsDeletedSelf: push(S.msg, 40, { deleted: [1, arrayOf(DeletedMsgRecord)], timetag: [2, 'int'] }),
  /** Another port of the account cleared a session's server history (clearServerHistoryMsgs). */
  sessionHistoryCleared: push(S.msg, 41, { session: [1, SessionHistoryClearRecord], timetag: [2, 'int'] }),
  /** My read receipt sent from another port of the account (msgReceiptSendTime of that session). */
  msgReceiptSent: push(S.msg, 42, { sessionId: [1, 'string'], msgReceiptSendTime: [2, 'int'], timetag: [3, 'int'] }),

  // ---- team
  createTeam: req(S.team, 1, { team: [1, TeamRecord], accounts: [2, strings], ps: [3, 'string'] }, { team: [1, TeamRecord], abortedAccidList: [2, strings] }),
  sendTeamMsg: req(S.team, 2, { msg: [1, MessageRecord] }, msgResult),
  /** New team message (read-ack pair 8/3). */
  teamMsg: push(S.team, 3, msgResult),
  addTeamMembers: req(S.team, 5, teamAccounts, abortedResult),
  removeTeamMembers: req(S.team, 6, teamAccounts, empty),
  updateTeam: req(S.team, 7, { team: [1, TeamRecord] }, { time: [1, 'int'] }),
  leaveTeam: req(S.team, 8, teamIdField, empty),
  getTeam: req(S.team, 9, teamIdField, teamResult),
  getTeams: req(S.team, 10, { timetag: [1, 'int'] }, { teams: [1, arrayOf(TeamRecord)], timetag: [2, 'int'] }),
  getTeamMembers: req(S.team, 11, { teamId: [1, 'string'], timetag: [2, 'int'] }, membersResult),
  dismissTeam: req(S.team, 12, teamIdField, empty),
  applyTeam: req(S.team, 13, { teamId: [1, 'string'], ps: [2, 'string'] }, teamResult),
  passTeamApply: req(S.team, 14, { teamId: [1, 'string'], from: [2, 'string'] }, empty),
  rejectTeamApply: req(S.team, 15, { teamId: [1, 'string'], from: [2, 'string'], ps: [3, 'string'] }, empty),
  addTeamManagers: req(S.team, 16, teamAccounts, empty),
  removeTeamManagers: req(S.team, 17, teamAccounts, empty),
  transferTeam: req(S.team, 18, { teamId: [1, 'string'], account: [2, 'string'], leave: [3, 'bool'] }, empty),
  updateInfoInTeam: req(S.team, 19, { member: [1, TeamMemberRecord] }, empty),
  updateNickInTeam: req(S.team, 20, { teamId: [1, 'string'], account: [2, 'string'], nickInTeam: [3, 'string'] }, empty),
  acceptTeamInvite: req(S.team, 21, { teamId: [1, 'string'], from: [2, 'string'] }, teamResult),
  rejectTeamInvite: req(S.team, 22, { teamId: [1, 'string'], from: [2, 'string'], ps: [3, 'string'] }, empty),
  getTeamHistoryMsgs: req(S.team, 23, historyQuery, msgsResult),
  searchTeamHistoryMsgs: req(S.team, 24, historyQuery, msgsResult),
  updateMuteStateInTeam: req(S.team, 25, { teamId: [1, 'string'], account: [2, 'string'], mute: [3, 'bool'] }, empty),
  getMyTeamMembers: req(S.team, 26, { teamIds: [1, strings] }, membersResult),
  getMutedTeamMembers: req(S.team, 27, teamIdField, membersResult),
  sendTeamMsgReceipt: req(S.team, 28, { receipts: [1, arrayOf(TeamMsgReceiptRecord)] }, { receipts: [1, arrayOf(TeamMsgReceiptRecord)] }),
  getTeamMsgReads: req(S.team, 29, { receipts: [1, arrayOf(TeamMsgReceiptRecord)] }, { receipts: [1, arrayOf(TeamMsgReceiptRecord)] }),
  getTeamMsgReadAccounts: req(S.team, 30, { receipt: [1, TeamMsgReceiptRecord] }, { detail: [1, ReadDetailRecord] }),
  muteTeamAll: req(S.team, 31, { teamId: [1, 'string'], muteType: [2, 'int'] }, empty),
  getTeamMemberInvitorAccid: req(S.team, 32, teamAccounts, { invitors: [1, arrayOf(TeamMemberRecord)] }),
  getTeamsById: req(S.team, 33, { teamIds: [1, strings] }, { teams: [1, arrayOf(TeamRecord)], tids: [2, strings] }),
  teamMsgReceipt: push(S.team, 34, { receipts: [1, arrayOf(TeamMsgReceiptRecord)] }),
  teamMembersUpdated: push(S.team, 35, membersResult),

  // ---- netcall
  /** Call message (read-ack pair 9/11). */
  netcallMsg: push(S.netcall, 11, msgResult),

  // ---- friend
  /** type: 'addFriend' | 'applyFriend' | 'passFriendApply' | 'rejectFriendApply'. */
  friendRequest: req(S.friend, 1, { account: [1, 'string'], type: [2, 'string'], ps: [3, 'string'] }, empty),
  deleteFriend: req(S.friend, 2, { account: [1, 'string'], delAlias: [2, 'bool'] }, empty),
  updateFriend: req(S.friend, 3, { friend: [1, FriendRecord] }, { timetag: [1, 'int'] }),
  getFriends: req(S.friend, 4, { timetag: [1, 'int'] }, { friends: [1, arrayOf(FriendRecord)], timetag: [2, 'int'] }),
  friendUpdated: push(S.friend, 5, { friend: [1, FriendRecord], deleted: [2, 'bool'] }),

  // ---- chatroom
  chatroomLogin: req(S.chatroom, 1, { chatroomId: [1, 'string'], account: [2, 'string'], token: [3, 'string'], member: [4, ChatroomMemberRecord] }, { chatroom: [1, ChatroomRecord], member: [2, ChatroomMemberRecord] }),
  chatroomSendMsg: req(S.chatroom, 2, msgResult, msgResult),
  chatroomMsg: push(S.chatroom, 3, msgResult),
  getChatroomMembers: req(S.chatroom, 4, { chatroomId: [1, 'string'], guest: [2, 'bool'], onlyOnline: [3, 'bool'], time: [4, 'int'], limit: [5, 'int'] }, { members: [1, arrayOf(ChatroomMemberRecord)] }),
  getChatroomHistoryMsgs: req(S.chatroom, 5, historyQuery, msgsResult),
  // type: manager | normal | blacklist | gag | tempMute; duration: seconds of a temporary mute (ours, docs/im-chatroom.md).
  markChatroomMember: req(S.chatroom, 6, { account: [1, 'string'], type: [2, 'string'], isAdd: [3, 'bool'], level: [4, 'int'], custom: [5, 'string'], duration: [6, 'int'] }, { member: [1, ChatroomMemberRecord] }),
  closeChatroom: req(S.chatroom, 7, { chatroomId: [1, 'string'], custom: [2, 'string'] }, empty),
  getChatroom: req(S.chatroom, 8, { chatroomId: [1, 'string'] }, { chatroom: [1, ChatroomRecord] }),
  updateChatroom: req(S.chatroom, 9, { chatroom: [1, ChatroomRecord], needNotify: [2, 'bool'], custom: [3, 'string'] }, empty),
  kickChatroomMember: req(S.chatroom, 10, { account: [1, 'string'], custom: [2, 'string'] }, empty),
  queueOffer: req(S.chatroom, 11, { item: [1, ChatroomQueueItemRecord], transient: [2, 'bool'] }, empty),
  queuePoll: req(S.chatroom, 12, { key: [1, 'string'] }, { item: [1, ChatroomQueueItemRecord] }),
  queueList: req(S.chatroom, 13, empty, { items: [1, arrayOf(ChatroomQueueItemRecord)] }),
  queuePeek: req(S.chatroom, 14, empty, { item: [1, ChatroomQueueItemRecord] }),
  queueDrop: req(S.chatroom, 15, empty, empty),
  queueChange: req(S.chatroom, 16, { item: [1, ChatroomQueueItemRecord] }, empty),
  queueBatchUpdate: req(S.chatroom, 17, { items: [1, arrayOf(ChatroomQueueItemRecord)], needNotify: [2, 'bool'] }, { notInQueue: [1, strings] }),
  updateChatroomTags: req(S.chatroom, 18, { tags: [1, strings], notifyTargetTags: [2, 'string'] }, empty),
  updateCoordinate: req(S.chatroom, 19, { x: [1, 'float'], y: [2, 'float'], z: [3, 'float'], distance: [4, 'int'] }, empty),
  getChatroomMembersByTag: req(S.chatroom, 20, { tag: [1, 'string'], time: [2, 'int'], limit: [3, 'int'] }, { members: [1, arrayOf(ChatroomMemberRecord)] }),

  // ---- event
  publishEvent: req(S.event, 1, { event: [1, EventRecord] }, { event: [1, EventRecord] }),
  subscribeEvent: req(S.event, 2, { type: [1, 'int'], subscribeTime: [2, 'int'], sync: [3, 'bool'], accounts: [4, strings] }, { failedAccounts: [1, strings] }),
  unSubscribeEvent: req(S.event, 3, { type: [1, 'int'], accounts: [2, strings] }, { failedAccounts: [1, strings] }),
  querySubscribeEvents: req(S.event, 4, { type: [1, 'int'], accounts: [2, strings] }, { events: [1, arrayOf(EventRecord)] }),
  eventPush: push(S.event, 5, { events: [1, arrayOf(EventRecord)] }),

  // ---- signaling
  signalingCreate: req(S.signaling, 1, { type: [1, 'int'], channelName: [2, 'string'], ext: [3, 'string'] }, signalChannel),
  signalingDelay: req(S.signaling, 2, { channelId: [1, 'string'] }, signalChannel),
  signalingClose: req(S.signaling, 3, { channelId: [1, 'string'], offlineEnabled: [2, 'bool'], attach: [3, 'string'] }, empty),
  signalingJoin: req(S.signaling, 4, { channelId: [1, 'string'], uid: [2, 'int'], offlineEnabled: [3, 'bool'], attach: [4, 'string'] }, signalChannel),
  signalingLeave: req(S.signaling, 5, { channelId: [1, 'string'], offlineEnabled: [2, 'bool'], attach: [3, 'string'] }, empty),
  signalingInvite: req(S.signaling, 6, { channelId: [1, 'string'], account: [2, 'string'], requestId: [3, 'string'], offlineEnabled: [4, 'bool'], attach: [5, 'string'], needPush: [6, 'bool'], needBadge: [7, 'bool'], pushContent: [8, 'string'] }, empty),
  signalingCancel: req(S.signaling, 7, { channelId: [1, 'string'], account: [2, 'string'], requestId: [3, 'string'], offlineEnabled: [4, 'bool'], attach: [5, 'string'] }, empty),
  signalingReject: req(S.signaling, 8, { channelId: [1, 'string'], account: [2, 'string'], requestId: [3, 'string'], offlineEnabled: [4, 'bool'], attach: [5, 'string'] }, empty),
  signalingAccept: req(S.signaling, 9, { channelId: [1, 'string'], account: [2, 'string'], requestId: [3, 'string'], offlineEnabled: [4, 'bool'], attach: [5, 'string'], uid: [6, 'int'] }, signalChannel),
  signalingControl: req(S.signaling, 10, { channelId: [1, 'string'], account: [2, 'string'], attach: [3, 'string'] }, empty),
  signalingGetChannelInfo: req(S.signaling, 11, { channelName: [1, 'string'] }, signalChannel),
  signalingNotify: push(S.signaling, 12, signalChannel),
  signalingMarkRead: req(S.signaling, 13, { msgid: [1, strings] }, empty),

  // ---- superTeam
  sendSuperTeamMsg: req(S.superTeam, 2, { msg: [1, MessageRecord] }, msgResult),
  superTeamMsg: push(S.superTeam, 3, msgResult),
  addSuperTeamMembers: req(S.superTeam, 5, teamAccounts, abortedResult),
  removeSuperTeamMembers: req(S.superTeam, 6, teamAccounts, empty),
  leaveSuperTeam: req(S.superTeam, 7, teamIdField, empty),
  updateSuperTeam: req(S.superTeam, 8, { team: [1, TeamRecord] }, { time: [1, 'int'] }),
  getSuperTeam: req(S.superTeam, 9, teamIdField, teamResult),
  getSuperTeams: req(S.superTeam, 10, { timetag: [1, 'int'] }, { teams: [1, arrayOf(TeamRecord)], timetag: [2, 'int'] }),
  /** Members by join time. */
  getSuperTeamMembers: req(S.superTeam, 11, { teamId: [1, 'string'], joinTime: [2, 'int'], limit: [3, 'int'], reverse: [4, 'bool'] }, membersResult),
  /** At most 20 accounts (im-client-spec §5). */
  getSuperTeamMembersByAccounts: req(S.superTeam, 12, { teamId: [1, 'string'], accounts: [2, strings] }, membersResult),
  getSuperTeamHistoryMsgs: req(S.superTeam, 13, historyQuery, msgsResult),
  applySuperTeam: req(S.superTeam, 14, { teamId: [1, 'string'], ps: [2, 'string'] }, teamResult),
  passSuperTeamApply: req(S.superTeam, 15, { teamId: [1, 'string'], from: [2, 'string'] }, empty),
  rejectSuperTeamApply: req(S.superTeam, 16, { teamId: [1, 'string'], from: [2, 'string'], ps: [3, 'string'] }, empty),
  acceptSuperTeamInvite: req(S.superTeam, 17, { teamId: [1, 'string'], from: [2, 'string'] }, teamResult),
  rejectSuperTeamInvite: req(S.superTeam, 18, { teamId: [1, 'string'], from: [2, 'string'], ps: [3, 'string'] }, empty),
  /** Super team system message (read-ack pair 21/19). */
  superTeamSysMsg: push(S.superTeam, 19, { sysMsg: [1, SysMsgRecord] }),
  addSuperTeamManagers: req(S.superTeam, 20, teamAccounts, empty),
  removeSuperTeamManagers: req(S.superTeam, 21, teamAccounts, empty),
  transferSuperTeam: req(S.superTeam, 22, { teamId: [1, 'string'], account: [2, 'string'], leave: [3, 'bool'] }, empty),
  /** At most 10 accounts (im-client-spec §5). */
  updateSuperTeamMembersMute: req(S.superTeam, 23, { teamId: [1, 'string'], accounts: [2, strings], mute: [3, 'bool'] }, empty),
  muteSuperTeamAll: req(S.superTeam, 24, { teamId: [1, 'string'], muteType: [2, 'int'] }, empty),
  updateInfoInSuperTeam: req(S.superTeam, 25, { member: [1, TeamMemberRecord] }, empty),
  getMySuperTeamMembers: req(S.superTeam, 26, { teamIds: [1, strings] }, membersResult),
  /** action: the super-team operation (im-client-spec §5 "Super team needs action and teamId"). */
  superTeamAction: req(S.superTeam, 27, { action: [1, 'string'], teamId: [2, 'string'], accounts: [3, strings], ps: [4, 'string'] }, empty),
  getSuperTeamMemberInvitorAccid: req(S.superTeam, 28, teamAccounts, { invitors: [1, arrayOf(TeamMemberRecord)] }),
  dismissSuperTeam: req(S.superTeam, 29, teamIdField, empty),

  // ---- msgExtend: threads, quick comments, collects, stick-top sessions, pins
  getThreadMsgs: req(S.msgExtend, 1, { threadMsg: [1, MessageRecord], beginTime: [2, 'int'], endTime: [3, 'int'], lastMsgId: [4, 'string'], limit: [5, 'int'], reverse: [6, 'bool'] }, { threadMsg: [1, MessageRecord], msgs: [2, messages], total: [3, 'int'], timetag: [4, 'int'] }),
  getMsgsByIdServer: req(S.msgExtend, 2, { reqMsgs: [1, messages] }, msgsResult),
  addQuickComment: req(S.msgExtend, 3, { msg: [1, MessageRecord], comment: [2, QuickCommentRecord] }, { time: [1, 'int'] }),
  deleteQuickComment: req(S.msgExtend, 4, { msg: [1, MessageRecord], body: [2, 'int'] }, { time: [1, 'int'] }),
  getQuickComments: req(S.msgExtend, 5, { msgs: [1, messages] }, { msgs: [1, messages] }),
  addCollect: req(S.msgExtend, 6, { collect: [1, CollectRecord] }, { collect: [1, CollectRecord] }),
  deleteCollects: req(S.msgExtend, 7, { collectList: [1, arrayOf(CollectRecord)] }, { deleteCount: [1, 'int'] }),
  updateCollect: req(S.msgExtend, 8, { collect: [1, CollectRecord] }, { collect: [1, CollectRecord] }),
  getCollects: req(S.msgExtend, 9, { beginTime: [1, 'int'], endTime: [2, 'int'], lastId: [3, 'string'], limit: [4, 'int'], reverse: [5, 'bool'], type: [6, 'int'] }, { collectList: [1, arrayOf(CollectRecord)], total: [2, 'int'] }),
  addStickTopSession: req(S.msgExtend, 10, { session: [1, StickTopSessionRecord] }, { session: [1, StickTopSessionRecord] }),
  deleteStickTopSession: req(S.msgExtend, 11, { id: [1, 'string'], topCustom: [2, 'string'] }, { time: [1, 'int'] }),
  updateStickTopSession: req(S.msgExtend, 12, { session: [1, StickTopSessionRecord] }, { session: [1, StickTopSessionRecord] }),
  getStickTopSessions: req(S.msgExtend, 13, { timetag: [1, 'int'] }, { sessions: [1, arrayOf(StickTopSessionRecord)], timetag: [2, 'int'] }),
  addMsgPin: req(S.msgExtend, 14, { pin: [1, MsgPinRecord] }, { pin: [1, MsgPinRecord] }),
  updateMsgPin: req(S.msgExtend, 15, { pin: [1, MsgPinRecord] }, { pin: [1, MsgPinRecord] }),
  deleteMsgPin: req(S.msgExtend, 16, { pin: [1, MsgPinRecord] }, { time: [1, 'int'] }),
  getMsgPins: req(S.msgExtend, 17, { sessionId: [1, 'string'], timetag: [2, 'int'] }, { pins: [1, arrayOf(MsgPinRecord)], timetag: [2, 'int'] }),
  quickCommentUpdated: push(S.msgExtend, 18, { msg: [1, MessageRecord], comment: [2, QuickCommentRecord], deleted: [3, 'bool'] }),
  msgPinUpdated: push(S.msgExtend, 19, { pin: [1, MsgPinRecord], deleted: [2, 'bool'] }),
  /** Stick-top changed on another port of the account; createTime 0 = taken off the top. */
  stickTopSessionUpdated: push(S.msgExtend, 40, { session: [1, StickTopSessionRecord], timetag: [2, 'int'] }),

  // ---- filter
  /** Filtered message (read-ack pair 101/2). */
  filterMsg: push(S.filter, 2, msgResult),
  /** Filtered system message (read-ack pair 101/3). */
  filterSysMsg: push(S.filter, 3, { sysMsg: [1, SysMsgRecord] }),
} as const;

export type CommandTable = typeof COMMANDS;
export type CommandName = keyof CommandTable;
