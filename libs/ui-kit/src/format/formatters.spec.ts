import { formatBadgeCount, formatCents, formatDate, formatSecondsTimestamp, maskPhone } from './formatters';

const localSeconds = (...parts: [number, number, number, number, number, number]) =>
  new Date(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5]).getTime() / 1000;

describe('formatCents (§3 money in cents shown divided by 100)', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [100, '1.00'],
    [123456, '1234.56'],
    [-250, '-2.50'],
    ['1999', '19.99'],
  ])('%p cents → %p', (cents, text) => expect(formatCents(cents)).toBe(text));

  it('gives empty text for missing or invalid input', () => {
    expect(formatCents(null)).toBe('');
    expect(formatCents(undefined)).toBe('');
    expect(formatCents('abc')).toBe('');
    expect(formatCents(Number.NaN)).toBe('');
  });
});

describe('timestamps (§9 seconds → YYYY-MM-DD HH:mm:ss, default date YYYY-MM-DD)', () => {
  const seconds = localSeconds(2024, 0, 2, 3, 4, 5);
  it('formats a seconds timestamp with the default pattern', () => {
    expect(formatSecondsTimestamp(seconds)).toBe('2024-01-02 03:04:05');
  });
  it('treats the number as seconds, not milliseconds', () => {
    expect(formatSecondsTimestamp(seconds)).not.toBe(formatSecondsTimestamp(seconds * 1000));
  });
  it('formats dates with the default date pattern', () => {
    expect(formatDate(seconds)).toBe('2024-01-02');
    expect(formatDate(new Date(2023, 11, 31))).toBe('2023-12-31');
    expect(formatDate(new Date('invalid'))).toBe('');
    expect(formatSecondsTimestamp(undefined)).toBe('');
  });
});

describe('maskPhone (§3 first 3 and last 4)', () => {
  it('masks the middle of a mobile number', () => expect(maskPhone('13812345678')).toBe('138****5678'));
  it('leaves short values alone', () => expect(maskPhone('1234567')).toBe('1234567'));
  it('gives empty text for nothing', () => expect(maskPhone(undefined)).toBe(''));
});

describe('formatBadgeCount (§9 badge max 99)', () => {
  it('shows counts up to 99 and 99+ above', () => {
    expect(formatBadgeCount(0)).toBe('');
    expect(formatBadgeCount(7)).toBe('7');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
    expect(formatBadgeCount(5, 3)).toBe('3+');
  });
});
