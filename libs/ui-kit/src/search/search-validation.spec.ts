import { moneySearchValueToCents, prepareSearchQuery, validateDateRange, validateSearchPhone } from './search-validation';
import { uiKitText } from '../i18n/messages';

describe('validateSearchPhone (§5)', () => {
  it.each(['13812345678', '19912345678', '010-12345678', '0755-1234567'])('accepts %p', (phone) =>
    expect(validateSearchPhone(phone)).toBeNull(),
  );
  it.each(['12812345678', '1381234567', '138123456789', '10-1234567', '0755-123456', 'abc'])('rejects %p', (phone) =>
    expect(validateSearchPhone(phone)).toBe('phoneFormatError'),
  );
  it('accepts an empty field and shows the spec text otherwise', () => {
    expect(validateSearchPhone('')).toBeNull();
    expect(uiKitText('phoneFormatError', 'en-US')).toBe('phone number format error');
  });
});

describe('validateDateRange (§5)', () => {
  it('needs both ends', () => {
    expect(validateDateRange([new Date(2024, 0, 1), null])).toBe('dateRangeIncomplete');
    expect(validateDateRange([null, '2024-01-01'])).toBe('dateRangeIncomplete');
    expect(uiKitText('dateRangeIncomplete', 'en-US')).toBe('please select start and end');
  });
  it('accepts an empty optional range but not an empty required one', () => {
    expect(validateDateRange([null, null])).toBeNull();
    expect(validateDateRange(undefined, true)).toBe('dateRangeIncomplete');
  });
  it('rejects an end before the start and accepts equal ends', () => {
    expect(validateDateRange(['2024-02-02', '2024-02-01'])).toBe('dateRangeReversed');
    expect(validateDateRange(['2024-02-01', '2024-02-01'])).toBeNull();
    expect(uiKitText('dateRangeReversed', 'en-US')).toBe('end cannot be less than start');
  });
});

describe('search query preparation', () => {
  it('multiplies money values by 100', () => {
    expect(moneySearchValueToCents('12.34')).toBe(1234);
    expect(moneySearchValueToCents(5)).toBe(500);
    expect(moneySearchValueToCents('')).toBeUndefined();
  });

  it('validates every field, drops empty values and converts money', () => {
    const result = prepareSearchQuery(
      [
        { name: 'keyword', kind: 'text' },
        { name: 'phone', kind: 'phone' },
        { name: 'minAmount', kind: 'money' },
        { name: 'created', kind: 'dateRange' },
        { name: 'empty', kind: 'text' },
      ],
      { keyword: '  shoes ', phone: '13812345678', minAmount: '9.9', created: ['2024-01-01', '2024-01-31'], empty: '' },
    );
    expect(result.errors).toEqual({});
    expect(result.query).toEqual({ keyword: 'shoes', phone: '13812345678', minAmount: 990, created: ['2024-01-01', '2024-01-31'] });
  });

  it('reports the failing fields', () => {
    const result = prepareSearchQuery(
      [
        { name: 'phone', kind: 'phone' },
        { name: 'created', kind: 'dateRange' },
      ],
      { phone: '123', created: ['2024-01-31', '2024-01-01'] },
    );
    expect(result.errors).toEqual({ phone: 'phoneFormatError', created: 'dateRangeReversed' });
  });
});
