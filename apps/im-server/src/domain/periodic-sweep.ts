/**
 * Runs a batched clean-up at start and every `intervalMs`, one run at a time (the upload expiry sweep,
 * the events/signalling expiry sweep). A run calls `sweepBatch` again while it answers true (a full
 * batch: more may be left), so no statement holds long locks. A failure is logged and the next tick
 * tries again. The returned stop() clears the timer and waits for a run in flight, so the database is
 * not closed under it.
 */
export function startPeriodicSweep(
  name: string,
  sweepBatch: () => Promise<boolean>,
  intervalMs: number,
  log: { error(details: object, message: string): void },
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const sweep = async () => {
    try {
      while (!stopped && (await sweepBatch()));
    } catch (error) {
      log.error({ err: error }, `${name} failed`);
    }
  };
  const run = () => {
    running = running.then(sweep);
  };
  run();
  // unref: a pending sweep never keeps the process alive.
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
