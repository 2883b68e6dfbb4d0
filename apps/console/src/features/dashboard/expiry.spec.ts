import { EXPIRY_WARNING_DAYS, expiryNotice } from './expiry';

describe('licence and brand expiry (console-spec §4, §9: 60-day window)', () => {
  it.each([
    [0, { kind: 'expiringSoon', daysLeft: 0 }],
    [1, { kind: 'expiringSoon', daysLeft: 1 }],
    [45, { kind: 'expiringSoon', daysLeft: 45 }],
    [60, { kind: 'expiringSoon', daysLeft: 60 }],
    [-1, { kind: 'expired' }],
  ])('%p days → %p', (days, notice) => {
    expect(expiryNotice(days)).toEqual(notice);
  });

  it.each([61, 365, -2, -30, 1.5, null, undefined, Number.NaN])('%p days shows nothing', (days) => {
    expect(expiryNotice(days)).toBeNull();
  });

  it('uses the 60-day window of §9', () => {
    expect(EXPIRY_WARNING_DAYS).toBe(60);
  });
});
