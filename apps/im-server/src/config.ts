import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RateRules } from './gateway/frequency-limiter';
import { DEFAULT_RATE_RULES } from './gateway/frequency-limiter';
import type { S3StoreConfig } from './upload/s3-object-store';
import { DEFAULT_REPORTER_DISPATCH, DEFAULT_REPORTER_RETENTION_MS, type ReporterDispatchConfig } from './domain/stats/reporter-events';
import { DEFAULT_TELEMETRY_CONFIG, type TelemetryConfig } from './domain/stats/telemetry';
import { DEFAULT_RECALL_WINDOW_MS } from './domain/history/recall-service';
import { DEFAULT_WRITE_BATCH_MAX, DEFAULT_WRITE_MODE, DEFAULT_WRITES_IN_FLIGHT, WRITE_MODES, type WriteMode } from './domain/msg/write-batcher';

/** im-client-spec §9: heartbeat interval 30000 ms, heartbeat command timeout 5000 ms. */
export const HEARTBEAT_INTERVAL_MS = 30_000;
export const HEARTBEAT_TIMEOUT_MS = 5_000;
/** Slack for timers and slow networks on top of one missed heartbeat (our choice). */
export const IDLE_GRACE_MS = 15_000;
/** A link silent for longer than a heartbeat round plus grace is dead. */
export const DEFAULT_IDLE_TIMEOUT_MS = HEARTBEAT_INTERVAL_MS + HEARTBEAT_TIMEOUT_MS + IDLE_GRACE_MS;
/** im-client-spec §9 "handshake 10 s": a link must log in within this. */
export const DEFAULT_LOGIN_TIMEOUT_MS = 10_000;
/** Long-poll GETs wait at most this long, below the client's 60 s HTTP timeout (im-client-spec §9). */
export const DEFAULT_LONG_POLL_WAIT_MS = 25_000;

/** How often expired uploads are swept (docs/im-upload.md "Expiry"). */
export const DEFAULT_UPLOAD_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export const DEFAULT_TOKEN_SECRET = 'dev-im-shared-key-change-me';
export const DEFAULT_APP_KEY = 'merchant-im';
/** The operator endpoints' development key (docs/im-background.md); never accepted in production. */
export const DEFAULT_OPERATOR_KEY = 'dev-im-operator-key-change-me';
/** Shortest token secret accepted in production (HMAC-SHA256 key: 32 bytes); store-server uses the same rule. */
export const MIN_PRODUCTION_SECRET_LENGTH = 32;

/** The CDN in front of the object store (getNosCdnHost; docs/im-background.md "CDN host"). */
export interface CdnHostConfig {
  /** The CDN's host or base URL; '' = no CDN. */
  domain: string;
  /** Seconds the answer holds (clients ask again after 800 × it); -1 permanent, 0 none (im-client-spec §9). */
  expire: number;
}

export interface ImServerConfig {
  host?: string;
  /** 0 picks a free port (tests). */
  port?: number;
  /** PGlite folder (default ./.data/im-server); `memory://` for a throwaway database. */
  dataDir?: string;
  /**
   * Where uploaded chat files are kept (upload/object-store.ts); default `<dataDir>/objects`, or a fresh
   * temporary folder when dataDir is `memory://`. Env IM_OBJECT_DIR.
   */
  objectDir?: string;
  /**
   * Keep chat files in an S3-compatible store instead of objectDir (upload/s3-object-store.ts).
   * Env IM_OBJECT_STORE=s3 with IM_S3_ENDPOINT, IM_S3_BUCKET, IM_S3_REGION, IM_S3_ACCESS_KEY_ID, IM_S3_SECRET_ACCESS_KEY.
   */
  s3?: S3StoreConfig;
  /** How often expired uploads' bytes and rows are removed (default 10 minutes). Env IM_UPLOAD_SWEEP_MS. */
  uploadSweepIntervalMs?: number;
  /**
   * Run the document converter on this node (default true; docs/im-upload.md "Documents"). False keeps
   * registered documents converting until a node that converts starts. Env IM_CONVERT_DOCUMENTS=0 turns it off.
   */
  convertDocuments?: boolean;
  /** Seed the chat's demo team on start when it is not there (`npm start`; src/demo/demo-seed.ts). Env IM_DEMO_SEED=1. */
  demoSeed?: boolean;
  /** PostgreSQL instead of PGlite; tables go to schema `im`. */
  databaseUrl?: string;
  /** Redis pub/sub routing between nodes; unset = single node. */
  redisUrl?: string;
  tokenSecret?: string;
  appKey?: string;
  /**
   * The key of the operator endpoints (/operator/*: the anti-spam lexicon, uploaded debug logs) and of
   * the `im-server-operator` CLI (docs/im-background.md). Env IM_OPERATOR_KEY. The development default
   * is refused in production: the endpoints are then off until a key is set.
   */
  operatorKey?: string;
  /** How long after sending its sender may recall a message (deleteMsg; default 2 minutes). Env IM_RECALL_WINDOW_MS. */
  recallWindowMs?: number;
  /** How long a node keeps the anti-spam lexicon before reading it again (default 2000 ms; tests 0). */
  antispamCacheMs?: number;
  /** The link /lbs hands out; default ws://<host>:<port>/ws. */
  publicWsUrl?: string;
  /** Backup location-service URLs /lbs hands out (im-client-spec §4 "Location lookup"). */
  lbsBackupUrls?: string[];
  idleTimeoutMs?: number;
  loginTimeoutMs?: number;
  longPollWaitMs?: number;
  rateRules?: RateRules;
  maxMalformedFrames?: number;
  maxBufferedBytes?: number;
  /**
   * How sent messages are written (docs/im-server-writes.md): 'group-commit' (default) batches the
   * messages that arrive while a write is in flight into one transaction; 'per-message' writes one
   * transaction per message (the baseline design, kept as a fallback). Env IM_WRITE_MODE.
   */
  writeMode?: WriteMode;
  /** Most messages per group-commit transaction (default 200). Env IM_WRITE_BATCH_MAX. */
  writeBatchMax?: number;
  /** Group-commit batches written at once, never two sharing an account (default 2; docs/im-server-writes.md "Batches in flight share no account"). Env IM_WRITES_IN_FLIGHT. */
  writesInFlight?: number;
  /** Changes per sync page (docs/im-sync.md); default DEFAULT_SYNC_PAGE_SIZE. */
  syncPageSize?: number;
  /** Wall clock for message times; tests use it to play a node whose clock is behind. */
  now?: () => number;
  /** Names this node in the port directory; default a random id. */
  nodeId?: string;
  /** Fastify logger option; default: warnings and errors only. */
  logger?: boolean | { level: string };
  /** NODE_ENV=production: refuse development secrets (docs/operations.md, "Production secrets"). */
  production?: boolean;
  /**
   * Write a team message's per-member rows right after its push (default true). False leaves them
   * queued for the sweep and for the reads that need them, as a crash would: for tests (docs/im-server-writes.md "Team messages").
   */
  teamFanoutAfterPush?: boolean;
  /** How often a node finishes team fan-outs left queued (default 5 s). */
  teamFanoutSweepMs?: number;
  /** How often expired events, subscriptions and signalling channels are removed (default 10 minutes). Env IM_EXPIRY_SWEEP_MS. */
  expirySweepIntervalMs?: number;
  /**
   * getGrayscaleConfig's settings (default none: `{}`): names to strings, numbers or booleans, at most
   * MAX_GRAYSCALE_SETTINGS of them. Env IM_GRAYSCALE_CONFIG (a JSON object).
   */
  grayscaleConfig?: Record<string, string | number | boolean>;
  /** getNosCdnHost's answer (default: no CDN, expire 0). A function is asked at every getNosCdnHost. */
  cdn?: CdnHostConfig | (() => CdnHostConfig);
  /** The statistics dispatcher's answer in seconds (default the §9 values; enabled false turns reporting off). */
  reporter?: Partial<ReporterDispatchConfig>;
  /** How long reporter events are kept (default 30 days). */
  reporterRetentionMs?: number;
  /** How often old reporter events are removed (default 10 minutes). */
  reporterSweepIntervalMs?: number;
  /**
   * The telemetry (docs/im-background.md "Telemetry and probes"): msg.stat.enable (default false; env
   * IM_MSG_STAT_ENABLE=1) and the failed-location report throttle (default 60000 ms, §9; env IM_LBS_FAILURE_THROTTLE_MS).
   * Failures and beacons are kept as long as reporter events.
   */
  telemetry?: Partial<TelemetryConfig>;
}

type OptionalKeys = 's3' | 'databaseUrl' | 'redisUrl' | 'publicWsUrl' | 'nodeId' | 'syncPageSize' | 'now';
export type ResolvedConfig = Required<Omit<ImServerConfig, OptionalKeys>> & Pick<ImServerConfig, OptionalKeys>;

/** Why this configuration must not serve production traffic; empty when it may. */
export function productionSecretProblems(config: Pick<ImServerConfig, 'production' | 'tokenSecret'>): string[] {
  if (!config.production) return [];
  const secret = config.tokenSecret ?? DEFAULT_TOKEN_SECRET;
  if (secret === DEFAULT_TOKEN_SECRET) return ['IM_TOKEN_SECRET is unset or the development default; set the secret shared with store-server'];
  if (secret.length < MIN_PRODUCTION_SECRET_LENGTH) return [`IM_TOKEN_SECRET must be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters`];
  return [];
}

function positiveInterval(ms: number, what: string): number {
  if (!Number.isInteger(ms) || ms < 1) throw new Error(`im-server: ${what} interval must be a positive integer, got ${ms}`);
  return ms;
}

/** Fills the defaults; throws when a production configuration carries a development secret. */
export function resolveConfig(config: ImServerConfig): ResolvedConfig {
  const writeMode = config.writeMode || DEFAULT_WRITE_MODE;
  if (!WRITE_MODES.includes(writeMode)) throw new Error(`im-server: unknown write mode '${writeMode}' (IM_WRITE_MODE: ${WRITE_MODES.join(' or ')})`);
  const writeBatchMax = config.writeBatchMax ?? DEFAULT_WRITE_BATCH_MAX;
  if (!Number.isInteger(writeBatchMax) || writeBatchMax < 1) throw new Error(`im-server: write batch size must be a positive integer, got ${config.writeBatchMax}`);
  const writesInFlight = config.writesInFlight ?? DEFAULT_WRITES_IN_FLIGHT;
  if (!Number.isInteger(writesInFlight) || writesInFlight < 1) throw new Error(`im-server: writes in flight must be a positive integer, got ${config.writesInFlight}`);
  if (config.s3 && !config.s3.bucket) throw new Error('im-server: the S3 object store needs a bucket (IM_S3_BUCKET)');
  const uploadSweepIntervalMs = config.uploadSweepIntervalMs ?? DEFAULT_UPLOAD_SWEEP_INTERVAL_MS;
  if (!Number.isInteger(uploadSweepIntervalMs) || uploadSweepIntervalMs < 1) throw new Error(`im-server: upload sweep interval must be a positive integer, got ${config.uploadSweepIntervalMs}`);
  const problems = productionSecretProblems(config);
  if (problems.length > 0) {
    throw new Error(`im-server refuses to start with NODE_ENV=production: ${problems.join('; ')} (docs/operations.md, "Production secrets")`);
  }
  return {
    host: config.host ?? '127.0.0.1',
    port: config.port ?? 3200,
    dataDir: config.dataDir ?? './.data/im-server',
    objectDir: config.objectDir || defaultObjectDir(config.dataDir ?? './.data/im-server'),
    s3: config.s3,
    uploadSweepIntervalMs,
    convertDocuments: config.convertDocuments ?? true,
    demoSeed: config.demoSeed ?? false,
    teamFanoutAfterPush: config.teamFanoutAfterPush ?? true,
    teamFanoutSweepMs: config.teamFanoutSweepMs ?? 5000,
    cdn: checkedCdn(config.cdn),
    grayscaleConfig: checkedGrayscale(config.grayscaleConfig),
    reporter: { ...DEFAULT_REPORTER_DISPATCH, ...config.reporter },
    reporterRetentionMs: positiveInterval(config.reporterRetentionMs ?? DEFAULT_REPORTER_RETENTION_MS, 'reporter retention'),
    reporterSweepIntervalMs: positiveInterval(config.reporterSweepIntervalMs ?? DEFAULT_UPLOAD_SWEEP_INTERVAL_MS, 'reporter sweep'),
    telemetry: {
      msgStatEnable: config.telemetry?.msgStatEnable ?? DEFAULT_TELEMETRY_CONFIG.msgStatEnable,
      lbsFailureThrottleMs: positiveInterval(config.telemetry?.lbsFailureThrottleMs ?? DEFAULT_TELEMETRY_CONFIG.lbsFailureThrottleMs, 'failed-location report throttle'),
    },
    expirySweepIntervalMs: positiveInterval(config.expirySweepIntervalMs ?? DEFAULT_UPLOAD_SWEEP_INTERVAL_MS, 'expiry sweep'),
    databaseUrl: config.databaseUrl || undefined,
    redisUrl: config.redisUrl || undefined,
    tokenSecret: config.tokenSecret ?? DEFAULT_TOKEN_SECRET,
    appKey: config.appKey ?? DEFAULT_APP_KEY,
    operatorKey: config.operatorKey || DEFAULT_OPERATOR_KEY,
    antispamCacheMs: config.antispamCacheMs ?? 2000,
    recallWindowMs: positiveInterval(config.recallWindowMs ?? DEFAULT_RECALL_WINDOW_MS, 'recall window'),
    publicWsUrl: config.publicWsUrl || undefined,
    lbsBackupUrls: config.lbsBackupUrls ?? [],
    idleTimeoutMs: config.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    loginTimeoutMs: config.loginTimeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS,
    longPollWaitMs: config.longPollWaitMs ?? DEFAULT_LONG_POLL_WAIT_MS,
    rateRules: config.rateRules ?? DEFAULT_RATE_RULES,
    maxMalformedFrames: config.maxMalformedFrames ?? 20,
    maxBufferedBytes: config.maxBufferedBytes ?? 8 * 1024 * 1024,
    nodeId: config.nodeId,
    syncPageSize: config.syncPageSize,
    writeMode,
    writeBatchMax,
    writesInFlight,
    now: config.now,
    logger: config.logger ?? { level: 'warn' },
    production: config.production ?? false,
  };
}

/** getGrayscaleConfig answers at most this many settings, each name at most 128 characters, each text at most 1024. */
export const MAX_GRAYSCALE_SETTINGS = 100;

/** Settings are flat: names to strings, numbers or booleans, so the answer is small and holds no structure to misread. */
function checkedGrayscale(settings: ImServerConfig['grayscaleConfig']): Record<string, string | number | boolean> {
  if (settings === undefined) return {};
  if (!settings || typeof settings !== 'object' || Array.isArray(settings)) throw new Error('im-server: the grayscale config must be a JSON object (IM_GRAYSCALE_CONFIG)');
  const entries = Object.entries(settings);
  if (entries.length > MAX_GRAYSCALE_SETTINGS) throw new Error(`im-server: the grayscale config holds at most ${MAX_GRAYSCALE_SETTINGS} settings`);
  for (const [name, value] of entries) {
    const scalar = typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.length <= 1024);
    if (name.length === 0 || name.length > 128 || !scalar) throw new Error(`im-server: grayscale setting '${name.slice(0, 128)}' must have a name of 1 to 128 characters and a string (≤ 1024), number or boolean value`);
  }
  return { ...settings };
}

/** A CDN expiry is -1 (permanent), 0 (none) or a positive number of seconds. */
function checkedCdn(cdn: ImServerConfig['cdn']): NonNullable<ImServerConfig['cdn']> {
  if (cdn === undefined) return { domain: '', expire: 0 };
  if (typeof cdn === 'function') return cdn;
  if (!Number.isInteger(cdn.expire) || cdn.expire < -1) throw new Error(`im-server: the CDN expiry must be -1, 0 or a positive number of seconds, got ${cdn.expire}`);
  return cdn;
}

/** Objects beside the database; a throwaway database gets a throwaway folder. */
function defaultObjectDir(dataDir: string): string {
  return dataDir.startsWith('memory://') ? mkdtempSync(join(tmpdir(), 'im-objects-')) : join(dataDir, 'objects');
}
