import { FLASH_SALE_PHASE, FLASH_SALE_STATE, FLASH_SALE_TIME_ZONE, type FlashSalePhase, type FlashSaleSlot } from '@merchant/api-contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

// When a time-limited sale sells (docs/marketing.md "Time-limited sales"): inside its run window, and there only
// in its daily slots, whose minutes are minutes of the day in the store's time zone.

dayjs.extend(utc);
dayjs.extend(timezone);

export interface SaleTimes {
  /** The run window, seconds: [startTime, endTime). */
  startTime: number;
  endTime: number;
  slots: readonly FlashSaleSlot[];
}

export interface SlotNow {
  startTime: number;
  endTime: number;
  /** true: `now` is inside it; false: it is the next one. */
  current: boolean;
}

const DAY_SECONDS = 24 * 60 * 60;

/** The slot running at `now` (seconds), else the next one within the window; null when none is left. */
export function slotAt(sale: SaleTimes, now: number): SlotNow | null {
  if (now >= sale.endTime || sale.slots.length === 0) return null;
  const slots = [...sale.slots].sort((a, b) => a.startMinute - b.startMinute);
  let day = dayjs.unix(Math.max(now, sale.startTime)).tz(FLASH_SALE_TIME_ZONE).startOf('day');
  // A day past the window's end has no slot left; the loop ends there at the latest.
  while (day.unix() < sale.endTime) {
    const midnight = day.unix();
    for (const slot of slots) {
      const startTime = Math.max(midnight + slot.startMinute * 60, sale.startTime);
      const endTime = Math.min(midnight + slot.endMinute * 60, sale.endTime);
      if (endTime <= startTime || endTime <= now) continue;
      return { startTime, endTime, current: startTime <= now };
    }
    // Shanghai keeps no daylight saving: every day is 24 h, so the next midnight is a day on.
    day = dayjs.unix(midnight + DAY_SECONDS).tz(FLASH_SALE_TIME_ZONE).startOf('day');
  }
  return null;
}

/** The list's tab of a sale at `now`: stopped by the merchant, else by its run window. */
export function phaseOf(state: number, sale: Pick<SaleTimes, 'startTime' | 'endTime'>, now: number): FlashSalePhase {
  if (state === FLASH_SALE_STATE.stopped) return FLASH_SALE_PHASE.stopped;
  if (now < sale.startTime) return FLASH_SALE_PHASE.upcoming;
  if (now >= sale.endTime) return FLASH_SALE_PHASE.ended;
  return FLASH_SALE_PHASE.running;
}

/** Midnight (seconds) of the store's day holding `at`. */
export function storeMidnight(at: number): number {
  return dayjs.unix(at).tz(FLASH_SALE_TIME_ZONE).startOf('day').unix();
}
