export * from './constants';
export { SyncEngine } from './sync-engine';
export type { SyncEngineOptions, SyncRequester, SyncSummary } from './sync-engine';
export { SyncBatch, SYNC_DATA_PUSHES, MERGED_TIMETAG_KINDS } from './sync-batch';
export { mergeSyncBatch, SYNC_NOTIFY_ORDER } from './sync-merge';
export type { SyncNotification, SyncNotificationKind } from './sync-merge';
export { runWithConcurrency } from './run-with-concurrency';
export { mergeHistoryBatch } from './sync-merge-history';
export type { HistorySyncNotification } from './sync-merge-history';
