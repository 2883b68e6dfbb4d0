import type { Clock } from '../shared/clock';

/** A clock tests move by hand to cross expiry and throttling windows. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start = Date.parse('2026-06-01T08:00:00Z')) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advanceSeconds(seconds: number): void {
    this.current += seconds * 1000;
  }
  /** Back (or on) to a moment: a suite that starts each test at the same one gets the seed's copy on reset. */
  setTime(ms: number): void {
    this.current = ms;
  }
}
