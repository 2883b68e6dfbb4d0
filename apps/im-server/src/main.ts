import { createImServer } from './server';
import { DEFAULT_TOKEN_SECRET } from './config';

const env = process.env;

const list = (value: string | undefined) => (value ? value.split(',').map((s) => s.trim()).filter(Boolean) : undefined);

/** IM_OBJECT_STORE: `local` (default, IM_OBJECT_DIR) or `s3` (IM_S3_*). */
function objectStoreFromEnv() {
  const kind = env.IM_OBJECT_STORE || 'local';
  if (kind === 'local') return undefined;
  if (kind !== 's3') {
    console.error(`im-server: unknown IM_OBJECT_STORE '${kind}' (local or s3)`);
    process.exit(1);
  }
  return {
    endpoint: env.IM_S3_ENDPOINT || undefined,
    bucket: env.IM_S3_BUCKET ?? '',
    region: env.IM_S3_REGION || undefined,
    accessKeyId: env.IM_S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.IM_S3_SECRET_ACCESS_KEY || undefined,
  };
}

/** IM_GRAYSCALE_CONFIG: getGrayscaleConfig's settings as a JSON object (docs/im-upload.md "Grayscale configuration"). */
function grayscaleFromEnv() {
  if (!env.IM_GRAYSCALE_CONFIG) return undefined;
  try {
    return JSON.parse(env.IM_GRAYSCALE_CONFIG) as Record<string, string | number | boolean>;
  } catch {
    console.error('im-server: IM_GRAYSCALE_CONFIG is not JSON');
    process.exit(1);
  }
}

/** A configuration that must not run (development secrets in production) ends the process with its reason. */
function create(config: Parameters<typeof createImServer>[0]) {
  try {
    return createImServer(config);
  } catch (error) {
    console.error(`im-server: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const server = create({
  host: env.HOST ?? '127.0.0.1',
  port: env.PORT ? Number(env.PORT) : 3200,
  dataDir: env.DATA_DIR ?? './.data/im-server',
  objectDir: env.IM_OBJECT_DIR,
  s3: objectStoreFromEnv(),
  uploadSweepIntervalMs: env.IM_UPLOAD_SWEEP_MS ? Number(env.IM_UPLOAD_SWEEP_MS) : undefined,
  recallWindowMs: env.IM_RECALL_WINDOW_MS ? Number(env.IM_RECALL_WINDOW_MS) : undefined,
  expirySweepIntervalMs: env.IM_EXPIRY_SWEEP_MS ? Number(env.IM_EXPIRY_SWEEP_MS) : undefined,
  convertDocuments: env.IM_CONVERT_DOCUMENTS !== '0',
  demoSeed: env.IM_DEMO_SEED === '1',
  databaseUrl: env.DATABASE_URL,
  redisUrl: env.REDIS_URL,
  tokenSecret: env.IM_TOKEN_SECRET ?? DEFAULT_TOKEN_SECRET,
  appKey: env.IM_APP_KEY ?? 'merchant-im',
  operatorKey: env.IM_OPERATOR_KEY,
  publicWsUrl: env.IM_PUBLIC_WS_URL,
  lbsBackupUrls: list(env.IM_LBS_BACKUP_URLS),
  idleTimeoutMs: env.IM_IDLE_TIMEOUT_MS ? Number(env.IM_IDLE_TIMEOUT_MS) : undefined,
  syncPageSize: env.IM_SYNC_PAGE_SIZE ? Number(env.IM_SYNC_PAGE_SIZE) : undefined,
  writeMode: (env.IM_WRITE_MODE || undefined) as 'group-commit' | 'per-message' | undefined,
  writeBatchMax: env.IM_WRITE_BATCH_MAX ? Number(env.IM_WRITE_BATCH_MAX) : undefined,
  writesInFlight: env.IM_WRITES_IN_FLIGHT ? Number(env.IM_WRITES_IN_FLIGHT) : undefined,
  logger: { level: env.LOG_LEVEL ?? 'info' },
  production: env.NODE_ENV === 'production',
  grayscaleConfig: grayscaleFromEnv(),
  // docs/im-background.md "Telemetry and probes".
  telemetry: { msgStatEnable: env.IM_MSG_STAT_ENABLE === '1', lbsFailureThrottleMs: env.IM_LBS_FAILURE_THROTTLE_MS ? Number(env.IM_LBS_FAILURE_THROTTLE_MS) : undefined },
});

const { url } = await server.listen();
console.log(`im-server listening on ${url} (lbs ${url}/lbs, websocket ${url.replace(/^http/, 'ws')}/ws)`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`im-server: ${signal}, closing`);
  try {
    await server.close();
  } finally {
    process.exit(0);
  }
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
