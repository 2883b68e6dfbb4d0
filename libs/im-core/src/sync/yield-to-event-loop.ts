/**
 * Ends the current task so input, rendering and other work run before the sync goes on (between
 * sync pages: docs/im-sync.md). scheduler.yield() where the browser has it (Chromium: the
 * continuation keeps its priority), else a MessageChannel message, a macrotask without
 * setTimeout's clamping; setTimeout 0 where neither exists.
 */
export function yieldToEventLoop(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(undefined);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
