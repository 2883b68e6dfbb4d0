// SearchBar fields are zod schemas with metadata (label, kind, options) kept in a zod registry, so
// one schema both validates the bar and describes how to draw it (console-spec §5 search rules).
import dayjs, { type Dayjs } from 'dayjs';
import { z } from 'zod';
import type { UiKitMessageKey } from '../i18n/messages';
import { yuanTextToCents } from '../input/input-rules';
import type { TableFilterValue, TableFilters } from '../table/table-constants';
import { validateDateRange, validateSearchPhone } from './search-validation';

export interface SearchOption {
  value: string | number;
  label: string;
}
export interface CascaderOption extends SearchOption {
  children?: CascaderOption[];
}

interface BaseMeta {
  label: string;
  placeholder?: string;
}
export type SearchFieldMeta =
  | (BaseMeta & { kind: 'text' | 'phone' | 'money' })
  | (BaseMeta & { kind: 'select'; options: readonly SearchOption[] })
  | (BaseMeta & { kind: 'cascader'; options: readonly CascaderOption[] })
  | (BaseMeta & { kind: 'dateRange'; startLabel?: string; endLabel?: string; required?: boolean });

/** Where each field's drawing metadata lives. */
export const searchFieldRegistry = /* @__PURE__ */ z.registry<SearchFieldMeta>();

export type DateRangeInput = [Dayjs | null, Dayjs | null];

// A message that is a ui-kit key is shown in the user's language by the SearchBar.
const messageOf = (key: UiKitMessageKey) => ({ message: key });

/** Free text, trimmed; empty means no filter. */
export function searchText(meta: BaseMeta) {
  return z.string().trim().register(searchFieldRegistry, { kind: 'text', ...meta });
}

/** §5: a mainland mobile (1[3-9] + 9 digits) or a landline with area code; else 'phone number format error'. */
export function searchPhone(meta: BaseMeta) {
  return z
    .string()
    .trim()
    .refine((value) => validateSearchPhone(value) === null, messageOf('phoneFormatError'))
    .register(searchFieldRegistry, { kind: 'phone', ...meta });
}

/** §5: money is typed in yuan and searched in cents (×100). */
export function searchMoney(meta: BaseMeta) {
  return z
    .string()
    .trim()
    .transform((text) => yuanTextToCents(text))
    .register(searchFieldRegistry, { kind: 'money', ...meta });
}

/** One of the options; '' means all. */
export function searchSelect(meta: BaseMeta & { options: readonly SearchOption[] }) {
  return z
    .string()
    .transform((text) => meta.options.find((option) => String(option.value) === text)?.value)
    .register(searchFieldRegistry, { kind: 'select', ...meta });
}

/** A path through a tree of options (e.g. province → city → district). */
export function searchCascader(meta: BaseMeta & { options: readonly CascaderOption[] }) {
  return z.array(z.string()).register(searchFieldRegistry, { kind: 'cascader', ...meta });
}

/**
 * §5: both ends or neither ('please select start and end'), end not before start ('end cannot be
 * less than start'). Sent as seconds (§9): the start of the first day and the end of the last.
 */
export function searchDateRange(meta: BaseMeta & { startLabel?: string; endLabel?: string; required?: boolean }) {
  return z
    .tuple([z.custom<Dayjs | null>(), z.custom<Dayjs | null>()])
    .superRefine(([start, end], context) => {
      const problem = validateDateRange([start?.valueOf() ?? null, end?.valueOf() ?? null], meta.required);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform(([start, end]) => (start && end ? [start.startOf('day').unix(), end.endOf('day').unix()] : undefined))
    .register(searchFieldRegistry, { kind: 'dateRange', ...meta });
}

export type SearchSchema = z.ZodObject<Record<string, z.ZodType>>;

export interface SearchField {
  name: string;
  meta: SearchFieldMeta;
}

/** The fields of a search schema in their declared order; a field without metadata is an error. */
export function searchFieldsOf(schema: SearchSchema): SearchField[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const meta = searchFieldRegistry.get(field);
    if (!meta) throw new Error(`search field "${name}" has no SearchBar metadata: build it with searchText(), searchPhone(), …`);
    return { name, meta };
  });
}

export type SearchFormValues = Record<string, string | string[] | DateRangeInput>;

/** The empty form: what reset goes back to. */
export function emptySearchValues(fields: readonly SearchField[]): SearchFormValues {
  return Object.fromEntries(fields.map(({ name, meta }) => [name, emptyValueOf(meta)]));
}

function emptyValueOf(meta: SearchFieldMeta): SearchFormValues[string] {
  if (meta.kind === 'dateRange') return [null, null];
  if (meta.kind === 'cascader') return [];
  return '';
}

/** Parsed schema output → the query a table filters by: empty values left out. */
export function toSearchQuery(output: Record<string, unknown>): TableFilters {
  const query: Record<string, TableFilterValue> = {};
  for (const [name, value] of Object.entries(output)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    query[name] = value as TableFilterValue;
  }
  return query;
}

/** A query (e.g. read back from the URL) → the form values that produce it. */
export function searchValuesFromQuery(fields: readonly SearchField[], query: TableFilters): SearchFormValues {
  const values = emptySearchValues(fields);
  for (const { name, meta } of fields) {
    const value = query[name];
    if (value === undefined) continue;
    if (meta.kind === 'money' && typeof value === 'number') values[name] = String(value / 100);
    else if (meta.kind === 'dateRange' && Array.isArray(value) && value.length === 2) {
      values[name] = [dayjs.unix(Number(value[0])), dayjs.unix(Number(value[1]))];
    } else if (meta.kind === 'cascader' && Array.isArray(value)) values[name] = value.map(String);
    else if (!Array.isArray(value)) values[name] = String(value);
  }
  return values;
}
