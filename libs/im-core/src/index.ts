// The public API of @merchant/im-core, kept small on purpose (issues 10 and 33): the client, its
// entities, events and inputs, errors and the store contract. The §5 validation rules and limits are
// in '@merchant/im-core/validation'; test fakes, the fault proxy, store conformance cases and the
// codec internals in '@merchant/im-core/testing'; the server half of the protocol and IM tokens in
// '@merchant/im-core/server'. libs/im-core/api/ records each entry point (npm run api:check).

// Errors and codes (im-client-spec §8)
export * from './errors';

// Entities, the Store contract and the memory store
export * from './store/entities';
export type { Store, StoreWrite, SessionMessagesQuery, SessionsQuery, SysMsgsQuery, SortOrder } from './store/store';
export { MemoryStore } from './store/memory-store';

// Protocol constants and wire record shapes apps map from
export { CLIENT_TYPE_WEB, MessageTypeCode, PROTOCOL_VERSION, SceneCode } from './protocol/constants';
export type { LoginPortRecordValue, MessageRecordValue, SessionRecordValue, UserRecordValue } from './protocol/records';
export { fromWireMessage, fromWireUser } from './model/wire-mapping';
export { isRobotOutput, normalizeGeo, parseRobotContent, sendMessageProblem, FILE_MESSAGE_TYPES, SENDABLE_MESSAGE_TYPES, TEAM_FORCE_PUSH_MAX } from './model/message-types';
export type { GeoContent, MessageProblem, RobotContent } from './model/message-types';
export { CALL_RECORD_STATUSES, parseCallRecord } from './model/call-record';
export type { CallRecord, CallRecordStatus } from './model/call-record';
export type { ForwardInput, SendCommonInput, SendCustomInput, SendFileInput, SendGeoInput, SendRobotInput, SendTipInput } from './model/outgoing-messages';
export type { NotificationCounter } from './model/session-state';
export type { MessageIgnoreCallback } from './model/message-ignore';
export type { ImRelationState } from './model/relation-rules';
// Inputs and results of the client's calls that are declared beside their §5 rules (the rules
// themselves are in '@merchant/im-core/validation').
export type { SendTextInput } from './validation/message-rules';
export type { UploadFileType, UploadOptions } from './validation/upload-rules';
export type { PushConfig, PushTokenInput } from './validation/push-rules';
export type { DocumentFileNode, TranscodeImageType } from './validation/document-rules';
export { SignalEventType } from './validation/signalling-rules';
export type { SignalEventName } from './validation/signalling-rules';
export type { ChatroomHistoryQuery, ChatroomMarkInput, ChatroomMembersQuery, ChatroomQueueItem, ChatroomUpdateInput } from './validation/chatroom-rules';

// Connection (transport choice, login, heartbeat, reconnect)
export type { FetchLike, Timers, TransportKind, WebSocketConstructor } from './transport/transport';
export { ImConnection, IM_CORE_SDK_VERSION } from './connection/im-connection';
export type {
  DisconnectedEvent, GetTokenContext, ImConnectionEvents, ImConnectionOptions, ImPush, KickedEvent, LoginResult, NetworkEventSource, PushName, RequestName,
} from './connection/connection-types';
export type { ConnectionState } from './connection/connection-state';
export type { LoginPortsChange, LoginPortsState } from './connection/login-ports';
export { DEFAULT_TIMING } from './connection/timing';
export type { ConnectionTiming } from './connection/timing';
export type { ReconnectOptions } from './connection/reconnect-options';

// Sync results
export { SYNC_NOTIFY_ORDER } from './sync/sync-notification';
export type { SyncNotification, SyncNotificationKind } from './sync/sync-notification';
export type { SyncSummary } from './sync/sync-engine';
export type { ImBroadcastMsg, RollbackOptions } from './model/history-rules';
export type { HistorySyncNotification } from './sync/sync-merge-history';
export type { ServerSearchQuery, ServerSearchPage, FtsSearchQuery } from './services/history/history-service';
export { SYNC_RETRY_LIMIT, OFFLINE_SESSION_CONCURRENCY } from './sync/constants';
export { SYNC_OPTION_DEFAULTS } from './sync/sync-options';
export type { SyncOptions, SyncOptionName } from './sync/sync-options';

// Services and the client
export type { FetchHistoryQuery, HistoryPage } from './services/messages/messages-service';
export { OUTBOX_MAX_WAIT_MS } from './services/outbox';
export type { FriendRequestInput, FriendAnswerInput } from './services/friends/friends-service';
export type { CustomSysMsgInput } from './services/system-messages/system-messages-service';
export type { TeamAccountsInput, TeamAnswerInput, TeamsLogger } from './services/teams/teams-service';
export type { ImTeamMsgReadDetail } from './services/teams/team-receipts';
export type { ImSignalChannel, ImSignalEvent, ImSignalMember, SignalCreateInput, SignalInviteInput, SignalJoinInput, SignalChannelInput, SignalControlInput } from './services/signalling/signalling-service';
export type { ImDocument, ImDocumentState, DocumentConvertOptions } from './services/documents/documents-service';
export type { ImEvent, PublishEventInput, SubscribeEventInput, EventAccountsInput, EventSubscribeResult } from './services/events/events-service';
export { Chatroom } from './services/chatroom/chatroom';
export type { ChatroomEvents, ImChatroom, ImChatroomMember, ImChatroomNotification } from './services/chatroom/chatroom';
export * from './client';

// Uploads to the object store: chunked, resumable, with edge failover (issue 13, docs/im-upload.md)
export { FileUploader } from './upload/file-uploader';
export type { FileUploadOptions, UploadedFile, UploadPorts, UploadProgress, UploadToken } from './upload/file-uploader';
export { createNosAccess, createNosClient, createUploadPorts } from './client/upload-ports';
export type { NosMixStoreTokenInput, NosStorageToken, NosTranscodeTokenInput } from './client/upload-ports';
export type { MixStorePolicy } from './validation/nos-rules';
export type { NosAccessToken, UploadPortsOptions } from './client/upload-ports';

// One socket per browser profile (docs/im-multitab.md)
export * from './multitab';

// Beside messaging (issue 30, docs/im-background.md): the generic HTTP layer (§7, §9 timeouts), the
// reporter (§4 Reporter), the CDN host (§9 refresh 800 × expiry) and the disconnect-callback timeout (§9)
export { buildUrl, HttpClient, HttpError, HTTP_DEFAULT_TIMEOUT_MS, HTTP_TIMEOUT_CODE, HTTP_UPLOAD_TIMEOUT_MS } from './http';
export type { HttpBody, HttpCallOptions, HttpClientOptions, HttpFailureKind, HttpQuery, HttpResponse, HttpTimers, QueryValue, UploadBody } from './http';
export { Reporter } from './background/reporter';
export type { ReportEvent, ReporterOptions, ReporterPort, ReporterState, ReportKind } from './background/reporter';
export { DEFAULT_REPORTER_CONFIG, readDispatcherAnswer } from './background/reporter-config';
export type { DispatcherDecision, ReporterConfig } from './background/reporter-config';
export type { ImReporterSettings } from './client/client-background';
export { CdnHost, cdnFileUrl, cdnRefreshDelayMs, CDN_REFRESH_FACTOR } from './client/cdn-host';
export type { CdnHostInfo, CdnHostOptions } from './client/cdn-host';
export { DISCONNECT_CALLBACK_TIMEOUT_MS } from './connection/timing';
// The client anti-spam filter and the local debug log (issue 30; docs/im-background.md)
export { ClientAntispam } from './background/antispam';
export type { AntispamAnswer, ClientAntispamOptions } from './background/antispam';
export type { AntispamLexicon, AntispamProblem, AntispamVerdict, AntispamResultCode } from './validation/antispam-rules';
export {
  LocalLog, LOCAL_LOG_RETENTION_MS, LOCAL_LOG_FLUSH_ENTRIES, LOCAL_LOG_FLUSH_INTERVAL_MS, LOG_UPLOAD_RETRY_START_MS, LOG_UPLOAD_RETRY_STEP_MS, LOG_UPLOAD_MAX_ATTEMPTS,
  logUploadRetryDelay,
} from './background/local-log';
export type { LocalLogOptions, LogUploadPort, LogUploadProgress, LogUploadStage } from './background/local-log';
export { MemoryLocalLogStore } from './background/local-log-store';
export type { LocalLogLevel, LocalLogRecord, LocalLogStore } from './background/local-log-store';
export { redactLogText } from './background/local-log-redaction';
export { createLogUploadPort, SDK_LOG_SURVIVAL_SECONDS } from './client/log-upload-port';
// Telemetry and the network probes (issue 30 §4; docs/im-background.md "Telemetry and probes")
export { createNetworkTypeProbe, NETWORK_PROBE_TIMEOUT_MS, NetworkType, probeNetworkType } from './background/probes';
export type { NetworkProbeOptions, NetworkTypeValue } from './background/probes';
export { Telemetry } from './background/telemetry';
export type { DelaySample, LbsFailureReport, LocationFailureEvent, MsgDelayEntry, TelemetryCounts, TelemetryOptions } from './background/telemetry';
export { LBS_FAILURE_THROTTLE_MS, MSG_DELAY_FLUSH_ABOVE, MSG_DELAY_FLUSH_INTERVAL_MS, readReportSettings } from './background/telemetry-config';
export type { ReportSettings } from './background/telemetry-config';
export type { ImTelemetrySettings } from './client/client-background';
export type { LocationFailure, LocationResult } from './connection/location-service';
