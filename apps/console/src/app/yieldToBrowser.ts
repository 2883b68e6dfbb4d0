// Ends the current task and resumes in a new one, so the browser can paint and handle input in between
// (the console's start is spread over several short tasks instead of one long one: issues 7 and 9).
// scheduler.yield() where the browser has it (Chromium); otherwise a MessageChannel message, which,
// unlike setTimeout(0), is not clamped to 4 ms after a few nested calls; setTimeout where neither exists.

interface SchedulerWithYield {
  yield?: () => Promise<void>;
}

export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
