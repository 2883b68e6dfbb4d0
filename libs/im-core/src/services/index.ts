export { MessagesService, MESSAGE_PUSHES } from './messages-service';
export type { FetchHistoryQuery, HistoryPage } from './messages-service';
export { SessionsService } from './sessions-service';
export { Outbox, OUTBOX_MAX_WAIT_MS, OUTBOX_BUSY_RETRY_MS } from './outbox';
export type { OutboxOptions } from './outbox';
export type { CommandRequester, ServiceContext, ServiceEvents } from './service-context';
