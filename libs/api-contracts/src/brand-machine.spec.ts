import { BRAND_APPLICATION_STATUS_LABELS, BRAND_MACHINE, daysBetween, isBrandExpiringSoon } from './endpoints/brands';
import type { Actor } from './state-machine';

const ACTORS: Actor[] = ['merchant', 'buyer', 'platform', 'system'];
const EVENTS = ['startReview', 'approve', 'reject', 'expire'] as const;

describe('brand application machine (0 submitted, 1 under review, 2 approved, 3 rejected, 4 expired)', () => {
  it('allows exactly the designed moves, for the designed actors; every other (state, event, actor) is refused', () => {
    const legal = new Map([
      ['0 startReview platform', 1],
      ['1 approve platform', 2],
      ['1 reject platform', 3],
      ['2 expire system', 4],
    ]);
    let checked = 0;
    for (const state of BRAND_MACHINE.states) {
      for (const event of EVENTS) {
        for (const actor of ACTORS) {
          const key = `${state} ${event} ${actor}`;
          expect([key, BRAND_MACHINE.next(state, event, actor)]).toEqual([key, legal.get(key)]);
          checked++;
        }
      }
    }
    expect(checked).toBe(5 * 4 * 4);
  });

  it('starts submitted; rejected and expired are final; the merchant fires no event', () => {
    expect(BRAND_MACHINE.initial).toBe(0);
    expect([3, 4].map((s) => BRAND_MACHINE.isTerminal(s))).toEqual([true, true]);
    expect([0, 1, 2].map((s) => BRAND_MACHINE.isTerminal(s))).toEqual([false, false, false]);
    for (const state of BRAND_MACHINE.states) expect(BRAND_MACHINE.eventsFrom(state, 'merchant')).toEqual([]);
    expect(BRAND_MACHINE.eventsFrom(1, 'platform')).toEqual(['approve', 'reject']);
  });

  it('labels every state in zh-CN and en-US', () => {
    for (const state of BRAND_MACHINE.states) {
      expect(BRAND_APPLICATION_STATUS_LABELS.labels[state]['zh-CN']).toBeTruthy();
      expect(BRAND_APPLICATION_STATUS_LABELS.labels[state]['en-US']).toBeTruthy();
    }
  });

  it('flags a brand 0 to 60 days from its end, not 61 nor past', () => {
    expect([-1, 0, 60, 61].map(isBrandExpiringSoon)).toEqual([false, true, true, false]);
    expect(daysBetween('2026-12-07', '2027-02-05')).toBe(60);
    expect(daysBetween('2026-12-07', '2026-12-06')).toBe(-1);
  });
});
