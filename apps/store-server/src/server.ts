import cors from '@fastify/cors';
import { secureTransportPlugin } from '@merchant/secure-transport/server';
import Fastify, { type FastifyInstance } from 'fastify';
import { DEFAULT_CONFIG, modesAtLeast, productionConfigProblems, type StoreServerConfig } from './config';
import { openStoreDatabase, type StoreDatabaseHandle } from './db/database';
import { seedDemoData } from './db/seed';
import { loadOrCreateServerKeys } from './db/server-keys';
import { IdempotencyKeyRepository } from './db/idempotency-keys';
import { KyselySessionStore } from './db/session-store';
import { ENVELOPE_BODY_LIMIT_BYTES, PLAIN_BODY_LIMIT_BYTES, answerOversizedBodies } from './http/body-limits';
import { IdempotencyGuard } from './http/idempotency';
import { registerOpenApi } from './http/openapi';
import { registerTestHooks } from './http/test-hooks';
import { buildStoreModules } from './modules';
import { systemClock, type Clock } from './shared/clock';
import { LogCheckCodeDelivery, RecordingCheckCodeDelivery, type CheckCodeDelivery } from './shared/check-codes';

export type { StoreServerConfig } from './config';
export { readConfigFromEnv, DEFAULT_CONFIG } from './config';

export interface StoreServer {
  app: FastifyInstance;
  listen(): Promise<{ url: string }>;
  close(): Promise<void>;
}

export interface StoreServerOverrides {
  clock?: Clock;
  /** Use an already open database (tests share one per file); the server will not close it. */
  database?: StoreDatabaseHandle;
  checkCodeDelivery?: CheckCodeDelivery;
}

/** Opens (creating and migrating) the database, seeds the demo data and registers every call. */
export async function createStoreServer(
  partialConfig: Partial<StoreServerConfig> = {},
  overrides: StoreServerOverrides = {},
): Promise<StoreServer> {
  const config: StoreServerConfig = { ...DEFAULT_CONFIG, ...partialConfig };
  const problems = productionConfigProblems(config);
  if (problems.length > 0) {
    throw new Error(`store-server refuses to start with NODE_ENV=production: ${problems.join('; ')} (docs/operations.md, "Production secrets")`);
  }
  const clock = overrides.clock ?? systemClock;
  const app = Fastify({ logger: { level: config.logLevel }, bodyLimit: PLAIN_BODY_LIMIT_BYTES, trustProxy: config.trustProxy ?? false });
  answerOversizedBodies(app);

  const database =
    overrides.database ??
    (await openStoreDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseSchema }));
  const ownsDatabase = !overrides.database;
  try {
    await seedDemoData(database.db, clock);
    const serverKeys = config.serverKeys ?? (await loadOrCreateServerKeys(database.db));

    await app.register(cors, { origin: config.corsOrigins, methods: ['GET', 'POST', 'OPTIONS'] });
    await app.register(secureTransportPlugin, {
      sessionStore: new KyselySessionStore(database.db, clock),
      serverKeys,
      // The configured floor: weaker modes are refused with 10301011 before any handler runs.
      modes: modesAtLeast(config.minSecurityMode),
      now: () => clock.now().getTime(),
      bodyLimit: ENVELOPE_BODY_LIMIT_BYTES,
    });
    app.get('/healthz', async () => ({ status: 'ok', database: database.kind }));

    const testHooksAllowed = config.enableTestHooks && !config.production;
    if (config.enableTestHooks && config.production) app.log.warn('ENABLE_TEST_HOOKS is refused when NODE_ENV=production');
    const baseDelivery = overrides.checkCodeDelivery ?? new LogCheckCodeDelivery((message) => app.log.info(message));
    const recording = testHooksAllowed ? new RecordingCheckCodeDelivery(baseDelivery) : null;

    const modules = buildStoreModules({ db: database.db, clock, config, checkCodeDelivery: recording ?? baseDelivery });
    const routeDependencies = {
      resolveCaller: (token: string) => modules.auth.resolveCaller(token),
      permissionsOf: (caller: { userId: number }) => modules.auth.permissionsOf(caller),
      // Development and tests check every answer against its contract; production trusts the tests.
      checkAnswers: !config.production,
      idempotency: new IdempotencyGuard(new IdempotencyKeyRepository(database.db), clock),
    };
    for (const route of modules.routes) route.register(app, routeDependencies);
    registerOpenApi(app, modules.routes);
    if (recording) registerTestHooks(app, recording, modules.captcha, modules.rateLimiter);
  } catch (error) {
    await app.close();
    if (ownsDatabase) await database.close();
    throw error;
  }

  let closed = false;
  return {
    app,
    async listen() {
      const address = await app.listen({ host: config.host, port: config.port });
      return { url: address.replace('[::1]', 'localhost') };
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      if (ownsDatabase) await database.close();
    },
  };
}
