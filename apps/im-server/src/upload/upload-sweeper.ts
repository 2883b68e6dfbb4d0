import { startPeriodicSweep } from '../domain/periodic-sweep';
import type { UploadService } from './upload-service';

/** Objects removed per batch; batches follow each other until one comes back short. */
export const SWEEP_BATCH = 100;

/**
 * Runs the expiry sweep (UploadService.sweepExpired) at start and every `intervalMs`, one run at a time.
 * The returned stop() clears the timer and waits for a run in flight, so the database is not closed under it.
 */
export function startUploadSweeper(uploads: UploadService, intervalMs: number, log: { error(details: object, message: string): void }): () => Promise<void> {
  return startPeriodicSweep('upload sweep', async () => (await uploads.sweepExpired(SWEEP_BATCH)) === SWEEP_BATCH, intervalMs, log);
}
