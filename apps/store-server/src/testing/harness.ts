import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpointByPath, IDEMPOTENCY_KEY_FIELD } from '@merchant/api-contracts';
import { createSecureClient, isSecureTransportError, type SecureClient } from '@merchant/secure-transport';
import { generateServerKeys } from '@merchant/secure-transport/server';
import type { SecurityMode } from '@merchant/secure-transport';
import { createStoreServer, type StoreServer, type StoreServerConfig } from '../server';
import type { Clock } from '../shared/clock';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface CallResult<T = unknown> {
  code: string;
  msg: string;
  data: T;
  errInfo?: Record<string, unknown>;
}

export interface TestHarness {
  server: StoreServer;
  url: string;
  database: TestDatabase;
  /**
   * A fresh envelope client (mode none unless given), optionally signed in, sending the harness
   * language as Accept-Language unless another is given (null: no header, the server's default).
   */
  client(accessToken?: string | null, mode?: SecurityMode, language?: string | null): SecureClient;
  /**
   * Posts one call and returns the envelope whatever its code. Like the console's contractMutation, a call
   * of an idempotent contract without `idempotencyKey` gets a fresh one (a new submit each time).
   */
  call<T = unknown>(path: string, biz?: unknown, accessToken?: string | null): Promise<CallResult<T>>;
  /**
   * Posts JSON to a keyed route (the buyer side `/buyer/...` with x-buyer-key, the operator's with x-operator-key;
   * apps/store-server/src/http/keyed-route.ts) and returns the HTTP status with the answer whatever its code.
   * `key` null sends no key header (the refusal tests).
   */
  keyed<T = unknown>(path: string, body: unknown, key: string | null, header?: string): Promise<KeyedResult<T>>;
  /** Signs in and returns the access token, failing the test otherwise. */
  login(userName: string, password: string): Promise<string>;
  /** Reads the last check code delivered to a mobile through the test hook. */
  lastCheckCode(target: string): Promise<string>;
  /** Empties the database back to the seed. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface KeyedResult<T> {
  status: number;
  code: string;
  msg: string;
  data: T;
}

/** `biz` with a fresh `idempotencyKey` when the path's contract is idempotent and biz is an object without one. */
function withIdempotencyKey(path: string, biz: unknown): unknown {
  if (!endpointByPath(path)?.idempotent || typeof biz !== 'object' || biz === null || Array.isArray(biz)) return biz;
  return IDEMPOTENCY_KEY_FIELD in biz ? biz : { ...biz, [IDEMPOTENCY_KEY_FIELD]: randomUUID() };
}

/** A real store-server on a loopback port over a real database (PGlite, or PostgreSQL when DATABASE_URL is set). */
export interface TestServerOptions {
  clock?: Clock;
  logLevel?: string;
  /** Accept-Language of the harness's clients: en-US (the texts the suites assert) unless given; null sends none. */
  language?: string | null;
  /** Server configuration on top of the test defaults (e.g. minSecurityMode). */
  config?: Partial<StoreServerConfig>;
}

/**
 * The envelope's RSA pair for test servers. Generating one costs up to seconds on a loaded 2-core machine
 * and every test file starts a server, so the first file writes a pair to the temp folder and later files
 * read it (as the PGlite template); a suite that tests key handling passes its own in `config`.
 */
const serverKeysFile = join(tmpdir(), 'store-server-test-server-keys.json');
async function testServerKeys(): Promise<{ publicKey: string; privateKey: string }> {
  if (existsSync(serverKeysFile)) {
    try {
      const keys = JSON.parse(readFileSync(serverKeysFile, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
      if (typeof keys.publicKey === 'string' && typeof keys.privateKey === 'string') return { publicKey: keys.publicKey, privateKey: keys.privateKey };
    } catch {
      // unreadable: write a new pair below
    }
  }
  const keys = await generateServerKeys();
  const partial = `${serverKeysFile}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(keys), { mode: 0o600 });
  renameSync(partial, serverKeysFile); // atomic: a file started meanwhile never reads half a pair
  return keys;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestHarness> {
  const database = await createTestDatabase(options.clock);
  const server = await createStoreServer(
    {
      host: '127.0.0.1',
      port: 0,
      enableTestHooks: true,
      logLevel: options.logLevel ?? 'silent',
      corsOrigins: ['http://localhost:4200'],
      serverKeys: await testServerKeys(),
      // On PostgreSQL the server's LISTEN connection (store events across instances) opens this URL.
      databaseUrl: database.url,
      ...options.config,
    },
    { database, clock: options.clock },
  );
  const { url } = await server.listen();
  const clients: SecureClient[] = [];
  const harnessLanguage = options.language === undefined ? 'en-US' : options.language;
  const client = (accessToken: string | null = null, mode: SecurityMode = 'none', language: string | null = harnessLanguage) => {
    const created = createSecureClient({ baseUrl: url, mode, accessToken, getLanguage: language === null ? undefined : () => language });
    clients.push(created);
    return created;
  };
  const shared = client();

  const call = async <T>(path: string, biz: unknown = {}, accessToken: string | null = null): Promise<CallResult<T>> => {
    shared.setAccessToken(accessToken);
    try {
      const envelope = await shared.request<T>(path, withIdempotencyKey(path, biz), { silent: true });
      return envelope as CallResult<T>;
    } catch (error) {
      if (isSecureTransportError(error)) {
        return { code: error.code, msg: error.msg, data: null as T, errInfo: error.errInfo as Record<string, unknown> | undefined };
      }
      throw error;
    }
  };

  return {
    server,
    url,
    database,
    client,
    call,
    async keyed<T>(path: string, body: unknown, key: string | null, header = 'x-buyer-key'): Promise<KeyedResult<T>> {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(key === null ? {} : { [header]: key }) };
      const response = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      return { status: response.status, ...((await response.json()) as Omit<KeyedResult<T>, 'status'>) };
    },
    async login(userName, password) {
      const result = await call<{ accessToken: string }>('/v1/store/eshop/store/user/login', { userName, password });
      if (result.code !== '00000000') throw new Error(`login failed: ${result.code} ${result.msg}`);
      return result.data.accessToken;
    },
    async lastCheckCode(target) {
      const response = await fetch(`${url}/__test__/check-codes?target=${encodeURIComponent(target)}`);
      const body = (await response.json()) as { codes: Array<{ code: string }> };
      if (!body.codes?.[0]) throw new Error(`no check code was delivered to ${target}`);
      return body.codes[0].code;
    },
    reset: () => database.reset(),
    async close() {
      for (const c of clients) c.dispose();
      await server.close();
      await database.close();
    },
  };
}
