// Input rules of console-spec §5. They run on every keystroke of a controlled input, so a user can never
// type something the rule rejects. `checkMoneyInput` / `checkNumberInput` say which rule a change breaks,
// so the input refuses it and shows the rule (issue 35 §8) instead of silently rewriting the value
// ("1.5" becoming 15, "-1" becoming 1, 99999999 becoming the maximum); the sanitizers rewrite.

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

/** Which §5 rule a typed or pasted change breaks. */
export type InputRefusal = 'digitsOnly' | 'moneyCharacters' | 'decimals' | 'max';

/** A change to an input: the text to keep, or the rule that refused it (then the input keeps its old text). */
export type InputCheck = { text: string; refusal?: undefined } | { text?: undefined; refusal: InputRefusal };

/**
 * A money input's change (§5): anything but digits and one dot (a minus sign included) is refused, so is
 * a third decimal (a second in the one-decimal variant) and a value above `max`. A leading dot ("0.")
 * and leading zeros are normalised, not refused.
 */
export function checkMoneyInput(raw: string, rules: MoneyInputRules = {}): InputCheck {
  const decimals = rules.decimals ?? 2;
  if (/[^\d.]/.test(raw) || (raw.match(/\./g)?.length ?? 0) > 1) return { refusal: 'moneyCharacters' };
  const fraction = raw.split('.')[1];
  if (fraction !== undefined && fraction.length > decimals) return { refusal: 'decimals' };
  if (rules.max !== undefined && raw !== '' && raw !== '.' && Number(raw) > rules.max) return { refusal: 'max' };
  return { text: sanitizeMoneyInput(raw, rules) };
}

/** A number input's change (§5): digits only; anything else (a dot, a minus sign) is refused. */
export function checkNumberInput(raw: string): InputCheck {
  return /\D/.test(raw) ? { refusal: 'digitsOnly' } : { text: raw };
}
