import { WebSocket } from 'ws';
import { ConnectionTiming, ImConnection, ImConnectionOptions, WebSocketConstructor } from '../src';

/** Short intervals so reliability tests run in seconds (the spec values are the defaults). */
export const FAST_TIMING: Partial<ConnectionTiming> = {
  connectTimeoutMs: 1000,
  commandTimeoutMs: 1000,
  heartbeatTimeoutMs: 60,
  heartbeatIntervalMs: 200,
  reconnectBaseDelayMs: 50,
  reconnectMaxDelayMs: 400,
  lbsBackupRetryMs: 20,
  lbsTimeoutMs: 1000,
  wakeCheckIntervalMs: 1000,
  longPollRetryDelayMs: 20,
};

export function connectionFor(lbsUrl: string, account: string, extra: Partial<ImConnectionOptions> = {}): ImConnection {
  return new ImConnection({
    lbsUrl,
    appKey: 'merchant-im',
    account,
    token: 'good-token',
    WebSocketImpl: WebSocket as unknown as WebSocketConstructor,
    networkEvents: null,
    timing: FAST_TIMING,
    ...extra,
  });
}

export function nextEvent<T>(subscribe: (listener: (value: T) => void) => () => void, timeoutMs = 3000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no event within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = subscribe((value) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(value);
    });
  });
}

// fixed wait: the helper itself; each call says why its wall-clock time is needed.
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(condition: () => boolean, timeoutMs = 3000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await sleep(5); // fixed wait: poll interval; the deadline above bounds the wait
  }
}
