import { checkMoneyInput, checkNumberInput, isPositiveIntegerOrEmpty, sanitizeMoneyInput, sanitizeNumberInput, yuanTextToCents } from './input-rules';

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

describe('checkMoneyInput / checkNumberInput (issue 35 §8: refuse, do not rewrite)', () => {
  it.each([
    ['1.5', 'digitsOnly'],
    ['-1', 'digitsOnly'],
    ['1e3', 'digitsOnly'],
  ] as const)('a number input refuses %s (%s)', (raw, refusal) => {
    expect(checkNumberInput(raw)).toEqual({ refusal });
  });

  it('a number input keeps digits as typed', () => {
    expect(checkNumberInput('120')).toEqual({ text: '120' });
    expect(checkNumberInput('')).toEqual({ text: '' });
  });

  it.each([
    ['-1', {}, 'moneyCharacters'],
    ['1.2.3', {}, 'moneyCharacters'],
    ['12.345', {}, 'decimals'],
    ['8.55', { decimals: 1 }, 'decimals'],
    ['99999999', { max: 999999.99 }, 'max'],
    ['1000000', { max: 999999.99 }, 'max'],
  ] as const)('a money input refuses %s %j (%s)', (raw, rules, refusal) => {
    expect(checkMoneyInput(raw, rules)).toEqual({ refusal });
  });

  it('a money input accepts what the rule allows, normalising a leading dot and zeros', () => {
    expect(checkMoneyInput('999999.99', { max: 999999.99 })).toEqual({ text: '999999.99' });
    expect(checkMoneyInput('.5')).toEqual({ text: '0.5' });
    expect(checkMoneyInput('007')).toEqual({ text: '7' });
    expect(checkMoneyInput('12.')).toEqual({ text: '12.' });
  });
});
