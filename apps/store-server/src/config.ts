import type { SecurityMode } from '@merchant/secure-transport/server';

/**
 * Security modes from weakest to strongest (docs/security.md, "Minimum security mode"). rsa ranks
 * below aes: it protects content the same way but costs the server an RSA decryption per call.
 */
export const SECURITY_MODE_ORDER: readonly SecurityMode[] = ['none', 'rsa', 'aes', 'aes-rsa2-sign'];

/** The modes store-server accepts when `minimum` is the configured floor. */
export function modesAtLeast(minimum: SecurityMode): SecurityMode[] {
  return SECURITY_MODE_ORDER.slice(SECURITY_MODE_ORDER.indexOf(minimum));
}

const isSecurityMode = (value: string): value is SecurityMode => (SECURITY_MODE_ORDER as readonly string[]).includes(value);

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
  /** Requests in a weaker mode are refused with 10301011 before any handler runs (STORE_MIN_SECURITY_MODE). */
  minSecurityMode: SecurityMode;
  /** Key of the operator endpoint (modules/operator, docs/onboarding.md); the endpoint exists only when set. */
  operatorKey?: string;
  /**
   * Key of the buyer-side endpoints (customers placing and paying orders, asking refunds, filing
   * complaints, writing reviews: docs/orders.md "Buyer side"); they exist only when set. Kept out of
   * the console: the demo simulator, scripts and e2e tests call them.
   */
  buyerKey?: string;
  /** HMAC key of the sandbox payment provider's signed requests and callbacks (SANDBOX_PROVIDER_SECRET; docs/ledger.md). */
  sandboxProviderSecret: string;
  /** How long the sandbox provider takes to settle a payment or payout, in ms (SANDBOX_PROVIDER_DELAY_MS). */
  sandboxProviderDelayMs: number;
  /**
   * Which proxies' X-Forwarded-For is believed for the client address (TRUST_PROXY: `true`, or addresses /
   * CIDRs / `loopback`, comma-separated; Fastify's trustProxy). Unset: the socket's peer. Behind a load
   * balancer set it, or every client shares the proxy's address in the per-address limits (docs/operations.md "Limits").
   */
  trustProxy?: boolean | string;
  /**
   * Names this process among the instances on one database (STORE_INSTANCE_ID; default host name and pid):
   * recorded with the turns of once-across-instances tasks (shared/task-turns.ts), and logged.
   */
  instanceId?: string;
}

export const DEFAULT_IM_TOKEN_SECRET = 'dev-im-shared-key-change-me';
/** Development-only operator key (`npm start`, e2e); production has no default, so no operator endpoint without OPERATOR_KEY. */
export const DEV_OPERATOR_KEY = 'dev-operator-key-change-me';
/** Development-only buyer key (`npm start`, e2e); production has no default, so no buyer endpoint without BUYER_KEY. */
export const DEV_BUYER_KEY = 'dev-buyer-key-change-me';

/** The sandbox provider's key unless SANDBOX_PROVIDER_SECRET is set (a sandbox moves no real money). */
export const DEV_SANDBOX_PROVIDER_SECRET = 'dev-sandbox-provider-secret-change-me';

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
  // Development and tests accept every mode; production defaults to aes (readConfigFromEnv).
  minSecurityMode: 'none',
  sandboxProviderSecret: DEV_SANDBOX_PROVIDER_SECRET,
  sandboxProviderDelayMs: 1000,
};

/** The production floor when STORE_MIN_SECURITY_MODE is not set: the console's default mode. */
export const PRODUCTION_MIN_SECURITY_MODE: SecurityMode = 'aes';
/** Shortest IM token secret accepted in production (HMAC-SHA256 key: 32 bytes). */
export const MIN_PRODUCTION_SECRET_LENGTH = 32;

/**
 * Why this configuration must not serve production traffic; empty when it may (docs/operations.md,
 * "Production secrets"). Checked by createStoreServer before it opens anything.
 */
export function productionConfigProblems(config: StoreServerConfig): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  if (config.imTokenSecret === DEFAULT_IM_TOKEN_SECRET) {
    problems.push('IM_TOKEN_SECRET is the development default; set the secret shared with im-server');
  } else if (config.imTokenSecret.length < MIN_PRODUCTION_SECRET_LENGTH) {
    problems.push(`IM_TOKEN_SECRET must be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters`);
  }
  if (config.operatorKey === DEV_OPERATOR_KEY) problems.push('OPERATOR_KEY is the development default; set a real key or leave it unset');
  if (config.buyerKey === DEV_BUYER_KEY) problems.push('BUYER_KEY is the development default; set a real key or leave it unset');
  return problems;
}

export function readConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StoreServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? DEFAULT_CONFIG.port : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0..65535, got ${env.PORT}`);
  const production = env.NODE_ENV === 'production';
  const minSecurityMode = env.STORE_MIN_SECURITY_MODE || (production ? PRODUCTION_MIN_SECURITY_MODE : DEFAULT_CONFIG.minSecurityMode);
  if (!isSecurityMode(minSecurityMode)) {
    throw new Error(`STORE_MIN_SECURITY_MODE must be one of ${SECURITY_MODE_ORDER.join(', ')}, got ${env.STORE_MIN_SECURITY_MODE}`);
  }
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
    production,
    serverKeys: publicKey && privateKey ? { publicKey, privateKey } : undefined,
    logLevel: env.LOG_LEVEL || DEFAULT_CONFIG.logLevel,
    minSecurityMode,
    operatorKey: env.OPERATOR_KEY || (env.NODE_ENV === 'production' ? undefined : DEV_OPERATOR_KEY),
    buyerKey: env.BUYER_KEY || (env.NODE_ENV === 'production' ? undefined : DEV_BUYER_KEY),
    sandboxProviderSecret: env.SANDBOX_PROVIDER_SECRET || DEFAULT_CONFIG.sandboxProviderSecret,
    sandboxProviderDelayMs: env.SANDBOX_PROVIDER_DELAY_MS ? Number(env.SANDBOX_PROVIDER_DELAY_MS) : DEFAULT_CONFIG.sandboxProviderDelayMs,
    trustProxy: !env.TRUST_PROXY ? undefined : env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY,
    instanceId: env.STORE_INSTANCE_ID || undefined,
  };
}
