/** Runtime configuration (docs/decisions/0001-workspace-contracts.md, "Ports, origins, runtime configuration"). */
export interface StoreServerConfig {
  host: string;
  port: number;
  /** PGlite folder; ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema holding store-server's tables. */
  databaseSchema: string;
  imTokenSecret: string;
  imAppKey: string;
  corsOrigins: string[];
  /** Exposes GET /__test__/check-codes; always refused when production is true. */
  enableTestHooks: boolean;
  production: boolean;
  /** Server RSA pair shared by every instance (PEM-free base64 as secure-transport expects); generated when absent. */
  serverKeys?: { publicKey: string; privateKey: string };
  logLevel: string;
  /** Key of the operator endpoint (modules/operator, docs/onboarding.md); the endpoint exists only when set. */
  operatorKey?: string;
}

export const DEFAULT_IM_TOKEN_SECRET = 'dev-im-shared-key-change-me';
/** Development-only operator key (`npm start`, e2e); production has no default, so no operator endpoint without OPERATOR_KEY. */
export const DEV_OPERATOR_KEY = 'dev-operator-key-change-me';

export const DEFAULT_CONFIG: StoreServerConfig = {
  host: '127.0.0.1',
  port: 3100,
  dataDir: './.data/store-server',
  databaseSchema: 'store',
  imTokenSecret: DEFAULT_IM_TOKEN_SECRET,
  imAppKey: 'merchant-im',
  corsOrigins: ['http://localhost:4200', 'http://127.0.0.1:4200'],
  enableTestHooks: false,
  production: false,
  logLevel: 'info',
};

export function readConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StoreServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? DEFAULT_CONFIG.port : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0..65535, got ${env.PORT}`);
  const publicKey = env.SERVER_RSA_PUBLIC_KEY;
  const privateKey = env.SERVER_RSA_PRIVATE_KEY;
  return {
    host: env.HOST || DEFAULT_CONFIG.host,
    port,
    dataDir: env.DATA_DIR || DEFAULT_CONFIG.dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || DEFAULT_CONFIG.databaseSchema,
    imTokenSecret: env.IM_TOKEN_SECRET || DEFAULT_CONFIG.imTokenSecret,
    imAppKey: env.IM_APP_KEY || DEFAULT_CONFIG.imAppKey,
    corsOrigins: env.CORS_ORIGINS
      ? env.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean)
      : DEFAULT_CONFIG.corsOrigins,
    enableTestHooks: env.ENABLE_TEST_HOOKS === '1',
    production: env.NODE_ENV === 'production',
    serverKeys: publicKey && privateKey ? { publicKey, privateKey } : undefined,
    logLevel: env.LOG_LEVEL || DEFAULT_CONFIG.logLevel,
    operatorKey: env.OPERATOR_KEY || (env.NODE_ENV === 'production' ? undefined : DEV_OPERATOR_KEY),
  };
}
