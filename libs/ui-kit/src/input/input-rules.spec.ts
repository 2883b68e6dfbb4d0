import { isPositiveIntegerOrEmpty, sanitizeMoneyInput, sanitizeNumberInput, yuanTextToCents } from './input-rules';

describe('sanitizeMoneyInput (§5 digits and one dot, two decimals, clamp)', () => {
  it.each([
    ['12a3', '123'],
    ['1.2.3', '1.23'],
    ['1.234', '1.23'],
    ['.5', '0.5'],
    ['-12', '12'],
    ['007', '7'],
    ['0.07', '0.07'],
    ['12.', '12.'],
    ['', ''],
  ])('%p → %p', (raw, shown) => expect(sanitizeMoneyInput(raw)).toBe(shown));

  it('clamps to the maximum', () => {
    expect(sanitizeMoneyInput('1000.5', { max: 999.99 })).toBe('999.99');
    expect(sanitizeMoneyInput('500', { max: 500 })).toBe('500');
    expect(sanitizeMoneyInput('501', { max: 500 })).toBe('500');
  });

  it('keeps one decimal in the one-decimal variant', () => {
    expect(sanitizeMoneyInput('3.456', { decimals: 1 })).toBe('3.4');
    expect(sanitizeMoneyInput('9.99', { decimals: 1, max: 9.5 })).toBe('9.5');
  });
});

describe('number input and positive integers (§5)', () => {
  it('keeps digits only', () => expect(sanitizeNumberInput('1a-2.3 4')).toBe('1234'));
  it.each([
    ['', true],
    [null, true],
    ['1', true],
    [42, true],
    ['0', false],
    ['-3', false],
    ['1.5', false],
    ['01', false],
  ])('isPositiveIntegerOrEmpty(%p) = %p', (value, ok) => expect(isPositiveIntegerOrEmpty(value)).toBe(ok));
  it('converts yuan text to cents without float drift', () => {
    expect(yuanTextToCents('19.99')).toBe(1999);
    expect(yuanTextToCents('0.1')).toBe(10);
    expect(yuanTextToCents('')).toBeUndefined();
  });
});
