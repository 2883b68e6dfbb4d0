export { MessagesService, MESSAGE_PUSHES } from './messages-service';
export type { FetchHistoryQuery, HistoryPage } from './messages-service';
export { SessionsService } from './sessions-service';
export * from './message-state';
export * from './session-state';
export { ingestSessionMessages, deleteStoredMessage, mergeServerSession, MAX_UNREAD_RECOUNT } from './message-ingest';
export type { IngestOptions, IngestResult } from './message-ingest';
export type { CommandRequester, ServiceContext, ServiceEvents } from './service-context';
export * from './wire-mapping';
