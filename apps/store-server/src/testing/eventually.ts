import { setTimeout as delay } from 'node:timers/promises';

/**
 * Reads `read` until `done` holds for what it returns (a row's state another process changes: a restarted
 * server's sweep, an outside callback), and returns that value; after `timeoutMs` it returns the last one read,
 * for the caller's expect to show. The pause between reads is a poll interval, not a wait standing in for the event.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, { timeoutMs = 60_000, intervalMs = 100 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    // fixed wait: the poll interval of this deadline-bounded read of state another process changes
    await delay(intervalMs);
    value = await read();
  }
  return value;
}
