// The one place im-server imports the shared protocol from @merchant/im-core, so server and client
// cannot drift apart (ARCHITECTURE.md: the server halves of the protocols live in the same libraries).
export {
  ResponseCode,
  CODE_NOT_SUPPORTED,
  KickReason,
  kickReasonText,
  ProtocolError,
  UnknownCommandError,
  COMMANDS,
  FrameFlag,
  HEARTBEAT_SERIAL_ID,
  FRAME_HEADER_BYTES,
  MAX_FRAME_BYTES,
  PROTOCOL_VERSION,
  CLIENT_TYPE_WEB,
  SceneCode,
  allCommands,
  commandByName,
  decodeFrame,
  decodeFrameHeader,
  encodeFrame,
  encodePush,
  encodeResponse,
  encodeRequest,
  type CommandName,
  type CommandTable,
  type DecodedFrame,
  type FrameHeader,
  type LoginPortRecordValue,
  type MessageRecordValue,
  type ProtocolRecord,
  type RequestBodyOf,
  type ResponseBodyOf,
  type SessionRecordValue,
  type UserRecordValue,
  type SysMsgRecordValue,
  type RelationRecordValue,
  type FriendRecordValue,
} from '@merchant/im-core/server';
// User, friend and relation rules of im-client-spec §5, the same functions the client runs.
export {
  MAX_USER_LOOKUP,
  GENDER_CODES,
  USER_FIELD_MAX_LENGTH,
  profileUpdateProblem,
  userLookupProblem,
  friendUpdateProblem,
  friendRequestProblem,
  relationTargetProblem,
  donnopProblem,
  type FriendRequestType,
  type ProfileUpdate,
} from '@merchant/im-core/server';
// Message type rules (§3, §5), the same functions the client runs before sending.
export {
  sendMessageProblem,
  normalizeSendRecord,
  messageTypeOfCode,
  FILE_MESSAGE_TYPES,
  MessageTypeCode,
  MAX_ATTACH_LENGTH,
  MAX_CUSTOM_LENGTH,
  type MessageProblem,
} from '@merchant/im-core/server';
export { verifyImToken, ImTokenError, LongPollHub, type ImTokenClaims, type FrameSocket } from '@merchant/im-core/server';
// Server session rules (issue 31): getServerSessions, getServerSession, updateServerSession.
export { serverSessionsQueryProblem, serverSessionIdProblem, updateServerSessionProblem, MAX_SESSION_EXT_LENGTH } from '@merchant/im-core/server';
// Full-text search rules (issue 31): msgFtsSearch.
export { ftsSearchProblem, FTS_DEFAULT_MSG_LIMIT, FTS_MSG_TYPE_CODES, type FtsSearchBody } from '@merchant/im-core/server';
// Image operation grammar (§5 "Image processing"): the object store parses what the client writes.
export { ImError, imageOperationsQuery, parseImageOperations, SYNC_THUMBNAIL_LIMIT, type ImageOperation } from '@merchant/im-core/server';
// The media commands (issue 31; docs/im-upload.md "Media commands"): safe short links, transcoding results,
// the mixed-store policy and grayscale requests, the same rules the client checks before sending.
export {
  COMMON_UPLOAD_MAX_BYTES,
  NOS_PROVIDER,
  grayscaleRequestKeys,
  grayscaleRequestProblem,
  mixStoreSupportTypesProblem,
  objectNameOfSafeShortUrl,
  parseTranscodeResult,
  safeShortUrlOf,
  safeShortUrlProblem,
  transcodeResultProblem,
} from '@merchant/im-core/server';
// Document types and list limits (§5 Files, §9): the server registers and lists with the client's rules.
export { DOCUMENT_TYPES, DOCUMENT_LIST_MAX_LIMIT, documentListLimit, documentTypeOf } from '@merchant/im-core/server';
// msgExtend rules (§5 Other limits): quick comments, collects, pins — the client's own checks.
export {
  MAX_COLLECT_QUERY_LIMIT,
  collectAddProblem,
  collectDeleteProblem,
  collectQueryProblem,
  collectUpdateProblem,
  msgPinProblem,
  quickCommentLookupProblem,
  quickCommentProblem,
  eventAccountsProblem,
  eventPublishProblem,
  eventSubscribeTimeProblem,
  EVENT_SUBSCRIBE_TIME,
  EVENT_VALID_TIME,
} from '@merchant/im-core/server';
// Thread and reply rules (msgExtend threads; docs/im-extend.md): the client's own checks.
export { MAX_MSGS_BY_ID_SERVER, MAX_THREAD_PAGE_LIMIT, carriesReply, msgsByIdServerProblem, replyFieldsProblem, threadQueryProblem } from '@merchant/im-core/server';
// Call signalling rules (§5 Signalling): the client's own checks, run again on what arrives.
export {
  SignalingCode,
  SignalEventType,
  SIGNAL_CHANNEL_TYPES,
  signalCreateProblem,
  signalChannelNameProblem,
  signalChannelProblem,
  signalInviteProblem,
  signalMarkReadProblem,
} from '@merchant/im-core/server';
// Call records (g2 messages pushed as netcallMsg; docs/im-signalling.md "Call records"): the attach clients read.
export { CALL_RECORD_TYPE_CODE, callRecordAttach, parseCallRecord, type CallRecord, type CallRecordStatus } from '@merchant/im-core/server';
// Chat-room rules (§3, §5, §6; docs/im-chatroom.md): the same checks the chat-room client runs.
export {
  ServiceId, CHATROOM_ADMIN_TYPES, CHATROOM_KICK_REASON, CHATROOM_NOT_CONNECTED, DEFAULT_CHATROOM_PAGE_LIMIT, MAX_CHATROOM_QUEUE_ITEMS, chatroomAccountProblem, chatroomHistoryProblem,
  chatroomIdProblem, chatroomMembersQueryProblem, chatroomTagQueryProblem, chatroomTagsProblem, coordinateProblem, markChatroomMemberProblem,
  queueBatchProblem, queueItemProblem, queueKeyProblem, updateChatroomProblem,
  type ChatroomHistoryQuery, type ChatroomMarkInput, type ChatroomMembersQuery, type ChatroomQueueItem, type ChatroomUpdateInput,
} from '@merchant/im-core/server';
// Super team rules (§5), the same functions the client runs before a super team call.
export {
  MAX_SUPER_TEAM_MEMBER_LOOKUP,
  MAX_SUPER_TEAM_MUTE_ACCOUNTS,
  SUPER_TEAM_ACTIONS,
  SUPER_TEAM_MEMBER_LIMIT,
  SUPER_TEAM_MEMBER_PAGE_MAX,
  superTeamActionProblem,
  superTeamMemberLookupProblem,
  superTeamMembersPageProblem,
  superTeamMuteProblem,
  type ImSuperTeamAction,
} from '@merchant/im-core/server';
// The client anti-spam filter's rule (§5; docs/im-background.md): the server filters with the client's function.
export {
  AntispamResult,
  ANTISPAM_ACTIONS,
  MAX_ANTISPAM_WORDS,
  antispamWordProblem,
  filterAntispam,
  isAntispamProblem,
  serializeAntispamLexicon,
  type AntispamAction,
  type AntispamLexicon,
  type AntispamWord,
} from '@merchant/im-core/server';
// Push settings (§3 "Push setting", §7 user; docs/protocol.md "Push settings"): the client's own checks.
export { DESKTOP_CLIENT_TYPES, appBackgroundProblem, pushConfigProblem, pushTokenProblem } from '@merchant/im-core/server';
