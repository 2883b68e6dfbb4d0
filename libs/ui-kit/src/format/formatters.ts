import dayjs from 'dayjs';

/** console-spec §9: timestamps travel as integer seconds, shown year-month-day hour:minute:second. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** console-spec §9: default date format yyyy-MM-dd. */
export const DATE_FORMAT = 'YYYY-MM-DD';
/** console-spec §9: badge maximum 99. */
export const BADGE_MAX = 99;

type Maybe<T> = T | null | undefined;

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Integer cents → yuan text with exactly two decimals (console-spec §3, §9).
 * Integer arithmetic avoids float artefacts such as 1.005 → "1.00". Empty or invalid input gives ''.
 */
export function formatCents(cents: Maybe<number | string>): string {
  if (cents === null || cents === undefined || cents === '') return '';
  const value = typeof cents === 'string' ? Number(cents) : cents;
  if (!isFiniteNumber(value)) return '';
  const whole = Math.round(value);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Seconds timestamp → local 'YYYY-MM-DD HH:mm:ss' (or another dayjs pattern). Empty input gives ''. */
export function formatSecondsTimestamp(seconds: Maybe<number>, pattern: string = DATE_TIME_FORMAT): string {
  if (!isFiniteNumber(seconds)) return '';
  return dayjs.unix(seconds).format(pattern);
}

/** A date (Date, or seconds timestamp) → 'YYYY-MM-DD'. */
export function formatDate(value: Maybe<Date | number>, pattern: string = DATE_FORMAT): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dayjs(value).format(pattern);
  return formatSecondsTimestamp(value, pattern);
}

/** Shows the first 3 and last 4 characters of a phone number (console-spec §3). */
export function maskPhone(phone: Maybe<string>): string {
  if (!phone) return '';
  if (phone.length <= 7) return phone;
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}

/** Badge text: '' for nothing, the count up to the maximum, then 'max+'. */
export function formatBadgeCount(count: Maybe<number>, max: number = BADGE_MAX): string {
  if (!isFiniteNumber(count) || count <= 0) return '';
  const whole = Math.floor(count);
  return whole > max ? `${max}+` : String(whole);
}
