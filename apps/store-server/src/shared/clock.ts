/** Time source; tests pass a controllable one to cross expiry and throttling windows. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

export const toEpochSeconds = (date: Date | null | undefined): number | null =>
  date ? Math.floor(date.getTime() / 1000) : null;
export const epochSecondsOf = (date: Date): number => Math.floor(date.getTime() / 1000);
