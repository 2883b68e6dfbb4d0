import { FLASH_SALE_PHASE } from '@merchant/api-contracts';
import { phaseOf, slotAt, storeMidnight } from './flash-sales.slots';

// Slots are minutes of the day in Asia/Shanghai (UTC+8): 2026-12-07 00:00 there is 2026-12-06 16:00 UTC.
const MIDNIGHT = Date.UTC(2026, 11, 6, 16, 0, 0) / 1000;
const H = 3600;
const sale = { startTime: MIDNIGHT, endTime: MIDNIGHT + 3 * 24 * H, slots: [{ startMinute: 20 * 60, endMinute: 22 * 60 }, { startMinute: 600, endMinute: 720 }] };

describe('time-limited sale slots', () => {
  it('finds the store midnight of an instant in Shanghai time', () => {
    expect(storeMidnight(MIDNIGHT + 23 * H)).toBe(MIDNIGHT);
    expect(storeMidnight(MIDNIGHT - 1)).toBe(MIDNIGHT - 24 * H);
  });

  it('answers the current slot inside one and the next one between them', () => {
    expect(slotAt(sale, MIDNIGHT + 11 * H)).toEqual({ startTime: MIDNIGHT + 10 * H, endTime: MIDNIGHT + 12 * H, current: true });
    expect(slotAt(sale, MIDNIGHT + 12 * H)).toEqual({ startTime: MIDNIGHT + 20 * H, endTime: MIDNIGHT + 22 * H, current: false });
    expect(slotAt(sale, MIDNIGHT + 23 * H)).toEqual({ startTime: MIDNIGHT + 34 * H, endTime: MIDNIGHT + 36 * H, current: false });
  });

  it('answers the first slot before the window and none after the last one', () => {
    expect(slotAt(sale, MIDNIGHT - 5 * 24 * H)).toEqual({ startTime: MIDNIGHT + 10 * H, endTime: MIDNIGHT + 12 * H, current: false });
    expect(slotAt(sale, MIDNIGHT + 2 * 24 * H + 22 * H)).toBeNull();
    expect(slotAt(sale, sale.endTime)).toBeNull();
  });

  it('clips a slot to the run window', () => {
    const clipped = { startTime: MIDNIGHT + 11 * H, endTime: MIDNIGHT + 21 * H, slots: [{ startMinute: 0, endMinute: 1440 }] };
    expect(slotAt(clipped, MIDNIGHT)).toEqual({ startTime: MIDNIGHT + 11 * H, endTime: MIDNIGHT + 21 * H, current: false });
    expect(slotAt(clipped, MIDNIGHT + 20 * H)).toEqual({ startTime: MIDNIGHT + 11 * H, endTime: MIDNIGHT + 21 * H, current: true });
  });

  it('derives the phase from the state and the window', () => {
    expect(phaseOf(2, sale, MIDNIGHT + H)).toBe(FLASH_SALE_PHASE.stopped);
    expect(phaseOf(1, sale, MIDNIGHT - 1)).toBe(FLASH_SALE_PHASE.upcoming);
    expect(phaseOf(1, sale, MIDNIGHT)).toBe(FLASH_SALE_PHASE.running);
    expect(phaseOf(1, sale, sale.endTime)).toBe(FLASH_SALE_PHASE.ended);
  });
});
