// Input sanitizers of console-spec §5. They run on every keystroke of a controlled input and
// return the text to show, so a user can never type something the rule rejects.

export interface MoneyInputRules {
  /** Upper bound; a larger value is replaced by this maximum. */
  max?: number;
  /** Number of decimals kept: 2 (default) or the one-decimal variant. */
  decimals?: 1 | 2;
}

/**
 * Money input: digits and one dot, at most `decimals` decimals, clamped to `max`; minimum 0
 * (a minus sign cannot be typed). A leading dot becomes "0." and leading zeros are dropped.
 */
export function sanitizeMoneyInput(raw: string, rules: MoneyInputRules = {}): string {
  const decimals = rules.decimals ?? 2;
  let text = raw.replace(/[^\d.]/g, '');
  const firstDot = text.indexOf('.');
  if (firstDot >= 0) {
    text = text.slice(0, firstDot + 1) + text.slice(firstDot + 1).replace(/\./g, '');
  }
  if (text.startsWith('.')) text = `0${text}`;
  let [integerPart, fractionPart] = text.split('.') as [string, string | undefined];
  integerPart = integerPart.replace(/^0+(?=\d)/, '');
  if (fractionPart !== undefined) fractionPart = fractionPart.slice(0, decimals);
  text = fractionPart === undefined ? integerPart : `${integerPart}.${fractionPart}`;
  if (rules.max !== undefined && text !== '' && Number(text) > rules.max) {
    return formatBound(rules.max, decimals);
  }
  return text;
}

function formatBound(bound: number, decimals: number): string {
  const fixed = bound.toFixed(decimals);
  return fixed.replace(/\.?0+$/, '') || '0';
}

/** Number input: digits only. */
export function sanitizeNumberInput(raw: string): string {
  return raw.replace(/\D/g, '');
}

/** Positive-integer check of §5; an empty value is accepted (the field is optional). */
export function isPositiveIntegerOrEmpty(value: string | number | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return true;
  return /^[1-9]\d*$/.test(String(value));
}

/** Yuan text typed by a user → integer cents for the wire; '' gives undefined. */
export function yuanTextToCents(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || Number.isNaN(Number(trimmed))) return undefined;
  return Math.round(Number(trimmed) * 100);
}
