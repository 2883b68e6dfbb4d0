import { storeClock, storeDay } from './storeTime';

// The store's zone (Asia/Shanghai, UTC+8, no daylight saving), whatever zone the test machine runs in.
const at = (iso: string) => Date.parse(iso) / 1000;

describe("a sale's times in the store's time zone", () => {
  it('shows the clock and day of the store, not of the browser', () => {
    expect(storeClock(at('2026-12-06T16:00:00Z'))).toBe('00:00');
    expect(storeDay(at('2026-12-06T16:00:00Z'))).toBe('2026-12-07');
    expect(storeClock(at('2026-12-07T02:30:00Z'))).toBe('10:30');
  });

  it("reads a slot's end at the store's midnight as 24:00, and a start there as 00:00", () => {
    expect(storeClock(at('2026-12-07T16:00:00Z'), { end: true })).toBe('24:00');
    expect(storeClock(at('2026-12-07T16:00:00Z'))).toBe('00:00');
    expect(storeClock(at('2026-12-07T04:00:00Z'), { end: true })).toBe('12:00');
  });
});
