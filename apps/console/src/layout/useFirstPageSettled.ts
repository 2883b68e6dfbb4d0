// Work the first page does not need (the chat frame and its IM token, the §7 shared lists) waits until
// the first page had its chance: SETTLE_DELAY_MS after the signed-in layout mounts, then the next idle
// moment of the main thread (at most IDLE_TIMEOUT_MS later). Measured on /goods: the frame's document
// and the lists' requests otherwise land in the same second as the page's own rows and first input
// (docs/performance.md, "Goods list interactive").
import { useEffect, useState } from 'react';

export const SETTLE_DELAY_MS = 1500;
export const IDLE_TIMEOUT_MS = 1000;

/** True once the first page settled; `now` makes it true at once (e.g. the merchant opened /message). */
export function useFirstPageSettled(now = false): boolean {
  const [settled, setSettled] = useState(now);
  useEffect(() => {
    if (settled) return undefined;
    if (now) {
      setSettled(true);
      return undefined;
    }
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      const done = () => setSettled(true);
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      else done();
    }, SETTLE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [settled, now]);
  return settled;
}
