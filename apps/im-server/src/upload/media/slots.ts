/**
 * At most `limit` tasks at once; the rest wait in order. Image work is gated so: one 50-megapixel picture
 * is about 200 MB decoded, and the machine's cores are few.
 */
export function createSlots(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, or give it back.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
