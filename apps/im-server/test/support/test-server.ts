import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createImServer, type ImServer, type ImServerConfig } from '../../src/server';
import { TEST_APP_KEY, TEST_SECRET, wsUrlOf } from './raw-client';

/** Integration tests run on PGlite, or on PostgreSQL when DATABASE_URL is set. */
export const usingPostgres = Boolean(process.env.DATABASE_URL);

/** Accounts get a per-run suffix so runs against a shared PostgreSQL never see each other's data. */
export const runId = randomBytes(3).toString('hex');
export const account = (name: string) => `${name}_${runId}`;

export function makeDataDir(): { dataDir: string; remove(): void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'im-server-it-'));
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

export interface StartedServer {
  server: ImServer;
  url: string;
  wsUrl: string;
}

export async function startServer(overrides: ImServerConfig = {}): Promise<StartedServer> {
  const server = createImServer({
    host: '127.0.0.1',
    port: 0,
    dataDir: 'memory://',
    databaseUrl: process.env.DATABASE_URL,
    tokenSecret: TEST_SECRET,
    appKey: TEST_APP_KEY,
    logger: process.env.IM_TEST_LOG ? { level: 'error' } : false,
    ...overrides,
  });
  const { url } = await server.listen();
  return { server, url, wsUrl: wsUrlOf(url) };
}
