import type { UiKitMessageKey } from '../i18n/messages';
import { yuanTextToCents } from '../input/input-rules';

// console-spec §5: mainland mobile 1[3-9] + 9 digits, or landline: 3-4 digit area code, dash, 7-8 digits.
const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
const LANDLINE_WITH_AREA_CODE = /^\d{3,4}-\d{7,8}$/;

/** Validation outcome: null when valid, otherwise the key of the message to show. */
export type SearchValidation = UiKitMessageKey | null;

/** An empty phone is valid (no filter); anything else must be a mobile or landline number. */
export function validateSearchPhone(phone: string | null | undefined): SearchValidation {
  const value = (phone ?? '').trim();
  if (value === '') return null;
  return MAINLAND_MOBILE.test(value) || LANDLINE_WITH_AREA_CODE.test(value) ? null : 'phoneFormatError';
}

export type DateRangeValue = readonly [start: DateLike | null | undefined, end: DateLike | null | undefined];
type DateLike = Date | number | string;

function toMillis(value: DateLike): number {
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : new Date(value).getTime();
}

/** Both ends or neither (unless required); end must not be earlier than start. */
export function validateDateRange(range: DateRangeValue | null | undefined, required = false): SearchValidation {
  const [start, end] = range ?? [null, null];
  const hasStart = start !== null && start !== undefined && start !== '';
  const hasEnd = end !== null && end !== undefined && end !== '';
  if (!hasStart && !hasEnd) return required ? 'dateRangeIncomplete' : null;
  if (!hasStart || !hasEnd) return 'dateRangeIncomplete';
  return toMillis(end) < toMillis(start) ? 'dateRangeReversed' : null;
}

/** Money search values are typed in yuan and sent in cents (×100). */
export function moneySearchValueToCents(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  return yuanTextToCents(String(value));
}

export type SearchFieldKind = 'text' | 'phone' | 'money' | 'dateRange';

export interface SearchFieldDefinition {
  name: string;
  kind: SearchFieldKind;
  required?: boolean;
}

export type SearchFormValue = string | number | DateRangeValue | null | undefined;

export interface SearchFormResult {
  /** Field name → message key, only for invalid fields. */
  errors: Record<string, UiKitMessageKey>;
  /** The query to send: empty values dropped, text trimmed, money in cents. */
  query: Record<string, string | number | DateRangeValue>;
}

/** Validates a whole search bar and converts its values into the query sent to the server. */
export function prepareSearchQuery(
  fields: readonly SearchFieldDefinition[],
  values: Readonly<Record<string, SearchFormValue>>,
): SearchFormResult {
  const errors: Record<string, UiKitMessageKey> = {};
  const query: Record<string, string | number | DateRangeValue> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'dateRange') {
      const range = Array.isArray(value) ? (value as DateRangeValue) : undefined;
      const problem = validateDateRange(range, field.required);
      if (problem) errors[field.name] = problem;
      else if (range && range[0] !== null && range[0] !== undefined && range[0] !== '') query[field.name] = range;
      continue;
    }
    const text = value === null || value === undefined || Array.isArray(value) ? '' : String(value).trim();
    if (field.kind === 'phone') {
      const problem = validateSearchPhone(text);
      if (problem) errors[field.name] = problem;
      else if (text) query[field.name] = text;
    } else if (field.kind === 'money') {
      const cents = moneySearchValueToCents(text);
      if (cents !== undefined) query[field.name] = cents;
    } else if (text) {
      query[field.name] = text;
    }
  }
  return { errors, query };
}
