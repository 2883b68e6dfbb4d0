import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { HAPROXY_PATH, ensureHaproxy } from '../tools/bootstrap.mjs';
// The same launcher as `npm start`, on other ports and a throwaway data folder.
import { root, spawnService, startStack, stopChild, waitForHealth } from '../tools/stack.mjs';
import { E2E_IM_TOKEN_SECRET } from './global-setup';

// Issue 34 §2: the stack of two-instances/two-instances.spec.ts (playwright.two-instances.config.ts). Two store-server
// processes on one fresh PostgreSQL database behind Debian's HAProxy, which spreads requests round-robin and names
// the instance that answered in X-Served-By; the console's apiBase is the balancer. im-server, the console and the
// frame as in every e2e stack. docs/operations.md "Running more than one instance".
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const first = 13100 + PORT_OFFSET;
const PORTS = { store: first, im: first + 1, console: first + 2, frame: first + 3 };
/** The second instance and the balancer: two more ports (E2E_TWO_INSTANCE_PORT, default 14900 and 14901). */
const extra = Number(process.env.E2E_TWO_INSTANCE_PORT ?? 14900);
const STORE_B_PORT = extra;
const BALANCER_PORT = extra + 1;
/** The demo simulators' shortest interval, so a run sees several turns. */
export const SIMULATOR_SECONDS = 5;

/** HAProxy: round-robin per request (keep-alive connections included), health checks, the answering server named. */
function haproxyConfig(servers: Array<{ name: string; port: number }>): string {
  return [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    // The event stream lives up to 10 minutes (decision 0006) and sends a heartbeat every 15 s.
    '  timeout client 11m',
    '  timeout server 11m',
    `frontend api`,
    `  bind 127.0.0.1:${BALANCER_PORT}`,
    '  default_backend store_servers',
    'backend store_servers',
    '  balance roundrobin',
    '  option httpchk GET /healthz',
    '  http-response set-header X-Served-By %s',
    // The console reads the header across origins only when CORS exposes it.
    '  http-response add-header Access-Control-Expose-Headers X-Served-By',
    ...servers.map(({ name, port }) => `  server ${name} 127.0.0.1:${port} check inter 1s`),
    '',
  ].join('\n');
}

export default async function globalSetup() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('the two-instance e2e needs DATABASE_URL (PostgreSQL; e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const missing = ensureHaproxy();
  if (missing) throw new Error(missing);

  // A database of its own, dropped at the end.
  const databaseName = `merchant_e2e_two_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'merchant-e2e-two-'));
  const balancerUrl = `http://127.0.0.1:${BALANCER_PORT}`;
  const storeEnv = {
    DATABASE_URL: databaseUrl,
    ENABLE_TEST_HOOKS: '1',
    DEMO_ORDER_SIMULATOR: '1',
    DEMO_ORDER_SIMULATOR_INTERVAL_SECONDS: String(SIMULATOR_SECONDS),
    // Behind the balancer on this machine: its X-Forwarded-For names the client (docs/operations.md "Limits").
    TRUST_PROXY: 'loopback',
  };
  let stack: Awaited<ReturnType<typeof startStack>> | undefined;
  let storeB: ChildProcess | undefined;
  let balancer: ChildProcess | undefined;
  const stop = async () => {
    await stopChild(balancer);
    await stopChild(storeB);
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${databaseName} with (force)`);
    await cleanup.end();
  };
  try {
    // Instance a with im-server and the static apps; the console calls the balancer.
    stack = await startStack({
      ports: PORTS, dataDir, quiet: true, imTokenSecret: E2E_IM_TOKEN_SECRET, apiBase: balancerUrl,
      env: { ...storeEnv, STORE_INSTANCE_ID: 'a' },
    });
    // Instance b on the same database and media folder (one machine; several machines share S3 instead).
    const consoleOrigins = [stack.urls.console, `http://127.0.0.1:${PORTS.console}`].join(',');
    storeB = spawnService(process.execPath, [path.join(root, 'apps/store-server/dist/main.js')], {
      ...process.env, ...storeEnv, STORE_INSTANCE_ID: 'b', IM_TOKEN_SECRET: E2E_IM_TOKEN_SECRET, HOST: '127.0.0.1', PORT: String(STORE_B_PORT),
      DATA_DIR: path.join(dataDir, 'store-server'), CORS_ORIGINS: consoleOrigins,
    }, { quiet: true });
    const storeBUrl = `http://127.0.0.1:${STORE_B_PORT}`;
    await waitForHealth(`${storeBUrl}/healthz`, storeB, 'store-server b');

    const configFile = path.join(dataDir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig([{ name: 'a', port: PORTS.store }, { name: 'b', port: STORE_B_PORT }]));
    balancer = spawnService(HAPROXY_PATH, ['-db', '-f', configFile], process.env, { quiet: true });
    // Ready once both servers answer through it (its health checks passed).
    const seen = new Set<string>();
    await waitForHealth(`${balancerUrl}/healthz`, balancer, 'haproxy', {
      ready: (response) => {
        if (response.ok) seen.add(response.headers.get('x-served-by') ?? '');
        return seen.has('a') && seen.has('b');
      },
    });

    Object.assign(process.env, {
      E2E_CONSOLE_URL: stack.urls.console,
      E2E_FRAME_URL: stack.urls.frame,
      E2E_STORE_URL: balancerUrl,
      E2E_IM_LBS_URL: `${stack.urls.im}/lbs`,
      E2E_STORE_A_URL: stack.urls.store,
      E2E_STORE_B_URL: storeBUrl,
      E2E_DATABASE_URL: databaseUrl,
      E2E_IM_TOKEN_SECRET,
    });
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return stop;
}
