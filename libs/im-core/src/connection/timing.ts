/** Connection timings (im-client-spec §9). All injectable through ImConnectionOptions.timing. */
export interface ConnectionTiming {
  /** Connect timeout of a transport (§9 "connect, HTTP and socket 8000 ms"). */
  connectTimeoutMs: number;
  /** Per-command response timeout (§9 "command 8000 ms"). */
  commandTimeoutMs: number;
  /** Heartbeat response timeout (§9 "heartbeat command 5000 ms"). */
  heartbeatTimeoutMs: number;
  /** Heartbeat interval (§9 "Heartbeat interval 30000 ms"). */
  heartbeatIntervalMs: number;
  /** First reconnect back-off ceiling (§9 "Reconnect delay 1600 ms up to 8000 ms"). */
  reconnectBaseDelayMs: number;
  reconnectMaxDelayMs: number;
  /** Pause between backup location URLs (§4, §9 "Location backup retry 2 s"). */
  lbsBackupRetryMs: number;
  /** Location lookup timeout (§9 "location probe 2 s" is the probe; lookups use the HTTP timeout). */
  lbsTimeoutMs: number;
  /** How often wall-clock time is compared with timer time to detect sleep or throttling. */
  wakeCheckIntervalMs: number;
  /** Pause between long-poll retries. */
  longPollRetryDelayMs: number;
}

export const DEFAULT_TIMING: Readonly<ConnectionTiming> = {
  connectTimeoutMs: 8000,
  commandTimeoutMs: 8000,
  heartbeatTimeoutMs: 5000,
  heartbeatIntervalMs: 30000,
  reconnectBaseDelayMs: 1600,
  reconnectMaxDelayMs: 8000,
  lbsBackupRetryMs: 2000,
  lbsTimeoutMs: 8000,
  wakeCheckIntervalMs: 10000,
  longPollRetryDelayMs: 500,
};

/** Socket library default for reconnect attempts (§9 "max 10 attempts"). */
export const DEFAULT_RECONNECTION_ATTEMPTS = 10;

/**
 * §9 "disconnect callback 10000 ms": a logout resolves at the latest this long after it was called,
 * even when the last acks or the server do not answer (client/client-background.ts withDisconnectTimeout).
 */
export const DISCONNECT_CALLBACK_TIMEOUT_MS = 10_000;
