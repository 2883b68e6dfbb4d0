/** §4 Sync / §9: "Sync retry limit 3"; a sync is tried at most 1 + 3 times, then SYNC_DATA_ERROR. */
export const SYNC_RETRY_LIMIT = 3;

/** §4 Sync / §9: offline messages are processed per session with concurrency 50. */
export const OFFLINE_SESSION_CONCURRENCY = 50;

/**
 * How long to wait for syncDone after the server accepted the sync request (our design: the
 * spec's 8000 ms command timeout covers the request; the data pushes that follow may be large).
 */
export const SYNC_DONE_TIMEOUT_MS = 60_000;
