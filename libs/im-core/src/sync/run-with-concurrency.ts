/**
 * Runs `worker` over `items` with at most `limit` running at once, preserving nothing but the
 * bound. Resolves when all finished; rejects with the first failure after the running ones end.
 */
export async function runWithConcurrency<T>(items: readonly T[], limit: number, worker: (item: T) => Promise<void>): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency limit must be a positive integer, got ${limit}`);
  let next = 0;
  let firstError: { error: unknown } | undefined;
  const lane = async () => {
    while (next < items.length && !firstError) {
      const item = items[next++];
      try {
        await worker(item);
      } catch (error) {
        firstError ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (firstError) throw firstError.error;
}
