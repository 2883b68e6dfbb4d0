import WebSocket from 'ws';
import { createImClient, MemoryStore, type ConnectionTiming, type ImClient, type ImClientOptions, type WebSocketConstructor } from '@merchant/im-core';
import { TEST_APP_KEY, tokenFor } from './raw-client';

/** Short, injected intervals for im-core clients in integration tests (the spec values are the defaults). */
export const FAST_TIMING: Partial<ConnectionTiming> = {
  connectTimeoutMs: 2000,
  commandTimeoutMs: 3000,
  heartbeatTimeoutMs: 2000,
  heartbeatIntervalMs: 5000,
  reconnectBaseDelayMs: 50,
  reconnectMaxDelayMs: 400,
  lbsBackupRetryMs: 50,
  lbsTimeoutMs: 2000,
  wakeCheckIntervalMs: 5000,
  longPollRetryDelayMs: 50,
};

export const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** An im-core client (WebSocket only, no browser events) logging in to the server at `httpUrl`. */
export function imCoreClient(httpUrl: string, account: string, extra: Partial<ImClientOptions> = {}): ImClient {
  return createImClient({
    lbsUrl: `${httpUrl}/lbs`,
    appKey: TEST_APP_KEY,
    account,
    token: tokenFor(account),
    WebSocketImpl: WebSocket as unknown as WebSocketConstructor,
    transports: ['websocket'],
    networkEvents: null,
    timing: FAST_TIMING,
    store: new MemoryStore(),
    logger: quietLogger,
    ...extra,
  });
}

// fixed wait: the helper itself; each call says why its wall-clock time is needed.
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await sleep(10); // fixed wait: poll interval; the deadline above bounds the wait
  }
}
