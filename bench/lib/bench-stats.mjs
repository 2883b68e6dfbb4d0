// What every bench reads its options and times with: `--name value` options with a smaller `--smoke`
// size, a monotonic clock, and the percentile, median and load figures the tables print.
import { loadavg } from 'node:os';
import process from 'node:process';

/**
 * The bench's command-line options: `arg(name, full, small)` answers `--name`'s value, else `small` under
 * `--smoke`, else `full` (`small` defaults to `full`).
 */
export function benchArgs(argv = process.argv.slice(2)) {
  const smoke = argv.includes('--smoke');
  const arg = (name, full, small = full) => {
    const i = argv.indexOf(`--${name}`);
    if (i >= 0 && argv[i + 1] !== undefined) return argv[i + 1];
    return smoke ? small : full;
  };
  return { argv, smoke, arg };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Monotonic time in nanoseconds (bigint). */
export const nowNs = () => process.hrtime.bigint();
export const nsToMs = (ns) => Number(ns) / 1e6;
/** The nearest-rank percentile of an ascending array (NaN when empty). */
export const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
export const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** The machine's 1, 5 and 15 minute load averages, as the tables print them. */
export const loadAverages = () => loadavg().map((l) => l.toFixed(2)).join(' / ');
