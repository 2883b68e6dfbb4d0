// Pure domain rules shared by sync, services and the client (im-client-spec §4): message status,
// unread and session state, wire ↔ entity mapping, and storing a session's new messages.
export * from './message-state';
export * from './session-state';
export { ingestSessionMessages, deleteStoredMessage, mergeServerSession, MAX_UNREAD_RECOUNT } from './message-ingest';
export type { IngestOptions, IngestResult } from './message-ingest';
export * from './wire-mapping';
export * from './relation-rules';
export * from './receipt-rules';
export * from './message-types';
export * from './outgoing-messages';
