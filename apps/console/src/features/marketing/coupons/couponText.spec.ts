// The percentage ↔ basis-point conversions of the coupon form work on the digits: every 0.01 % step round-trips
// exactly, and what is not a percentage with at most two decimals is no value at all.
import { basisPointsToPercentText, percentTextToBasisPoints } from './couponText';

describe('coupon percentages', () => {
  it.each([
    ['15', 1_500],
    ['12.35', 1_235],
    ['0.5', 50],
    ['0.01', 1],
    ['99.99', 9_999],
    ['8.', 800],
  ])('"%s" % is %d bp', (text, bp) => {
    expect(percentTextToBasisPoints(text)).toBe(bp);
  });

  it.each(['', '.5', '1.234', 'abc', '1,5', '-3'])('"%s" is no percentage', (text) => {
    expect(percentTextToBasisPoints(text)).toBeUndefined();
  });

  it('every basis point from 1 to 9,999 reads back as itself', () => {
    for (let bp = 1; bp <= 9_999; bp += 1) expect(percentTextToBasisPoints(basisPointsToPercentText(bp))).toBe(bp);
  });

  it('writes no trailing zeros', () => {
    expect([1_500, 1_550, 1_505, 7].map(basisPointsToPercentText)).toEqual(['15', '15.5', '15.05', '0.07']);
  });
});
