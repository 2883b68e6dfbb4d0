// From–to pairs of a search bar (amount from / amount to, price from / price to): the bar refuses a "to"
// below its "from" on the "to" field (the contracts' maxBelowMin rule, said with the fields' own labels), and
// nothing is searched — the server would only answer with its wire names ("amountMax cannot be less
// than amountMin") in an empty table. ResourceListPage applies a definition's `list.searchRanges`;
// a hand-written SearchBar can wrap its schema with `withSearchRanges` too.
import type { i18n as I18n } from 'i18next';
import { describeRuleProblem } from '@merchant/api-contracts';
import { searchFieldRegistry, type SearchSchema } from '@merchant/ui-kit';
import { formLanguage } from './formLanguage';

/** Two fields of a search schema holding the ends of one range (e.g. `{ min: 'amountMin', max: 'amountMax' }`). */
export interface SearchRange {
  min: string;
  max: string;
}

/** A parsed search value as a number (money is cents by then), or undefined when not a number. */
function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}

/** `schema` with the ranges checked: a "to" below its "from" is an error on the "to" field. */
export function withSearchRanges(schema: SearchSchema, ranges: readonly SearchRange[] | undefined, i18n: Pick<I18n, 'language'>): SearchSchema {
  if (!ranges?.length) return schema;
  for (const range of ranges) {
    if (!schema.shape[range.min] || !schema.shape[range.max]) throw new Error(`search range ${range.min}–${range.max}: both must be fields of the search schema`);
  }
  const label = (name: string) => searchFieldRegistry.get(schema.shape[name]!)?.label ?? name;
  return schema.superRefine((values, context) => {
    for (const range of ranges) {
      const min = numberOf((values as Record<string, unknown>)[range.min]);
      const max = numberOf((values as Record<string, unknown>)[range.max]);
      if (min !== undefined && max !== undefined && max < min) {
        const text = describeRuleProblem({ rule: 'maxBelowMin', other: range.min }, label(range.max), formLanguage(i18n), label);
        context.addIssue({ code: 'custom', path: [range.max], message: text });
      }
    }
  });
}
