// SKUs of a good are the cartesian product of the spec values the merchant ticks (issue 9 §3).
// Rows are keyed by their spec values, so ticking another value keeps what was typed in the
// rows that still exist.

/** One spec of the category with the values the merchant chose, in the category's order. */
export interface SpecChoice {
  specName: string;
  values: string[];
}

/** A SKU row as the form holds it: yuan text and digits until submit (money is cents on the wire). */
export interface SkuRow {
  /** The spec values of this SKU, one per chosen spec, in spec order (empty for a good without specs). */
  specValues: string[];
  price: string;
  stock: string;
  /** The floor price for promotions (yuan text; '' or absent: none), at most the price (docs/marketing.md "Margin guard"). */
  floorPrice?: string;
  /** Kept from the server when editing: the SKU keeps its id (stock history, warnings), code and warning line. */
  skuId?: number;
  skuCode?: string;
  warningStock?: number | null;
}

/** Specs that take part in the combinations: those with at least one value ticked. */
export function activeSpecs(specs: readonly SpecChoice[]): SpecChoice[] {
  return specs.filter((spec) => spec.values.length > 0);
}

/**
 * The cartesian product of the chosen values, first spec varying slowest. No spec chosen gives one
 * combination with no values (the good's single SKU).
 */
export function combineSpecValues(specs: readonly SpecChoice[]): string[][] {
  return activeSpecs(specs).reduce<string[][]>(
    (combinations, spec) => combinations.flatMap((prefix) => spec.values.map((value) => [...prefix, value])),
    [[]],
  );
}

/** How many SKUs the choice would make, without building them. */
export function countCombinations(specs: readonly SpecChoice[]): number {
  return activeSpecs(specs).reduce((count, spec) => count * spec.values.length, 1);
}

/** Stable identity of a SKU row (spec values never contain a control character). */
export function skuKey(specValues: readonly string[]): string {
  return specValues.join('\u001f');
}

export const EMPTY_SKU: Pick<SkuRow, 'price' | 'stock'> = { price: '', stock: '' };

/**
 * The SKU rows for a spec choice: one per combination, keeping the price, stock and unit of a
 * previous row with the same values; new rows start empty.
 */
export function buildSkuRows(specs: readonly SpecChoice[], previous: readonly SkuRow[]): SkuRow[] {
  const byKey = new Map(previous.map((row) => [skuKey(row.specValues), row]));
  return combineSpecValues(specs).map((specValues) => {
    const kept = byKey.get(skuKey(specValues));
    return kept ? { ...kept, specValues } : { ...EMPTY_SKU, specValues };
  });
}

/** The bulk-fill row: every non-empty field is written into every SKU; empty fields leave rows alone. */
export function bulkFillSkus(rows: readonly SkuRow[], fill: Partial<Pick<SkuRow, 'price' | 'stock'>>): SkuRow[] {
  const given = Object.fromEntries(Object.entries(fill).filter(([, value]) => value !== undefined && value !== '')) as Partial<SkuRow>;
  return rows.map((row) => ({ ...row, ...given, specValues: row.specValues }));
}

/** Toggles one value of one spec, keeping the category's value order (so combinations are stable). */
export function toggleSpecValue(specs: readonly SpecChoice[], specName: string, value: string, order: readonly string[]): SpecChoice[] {
  return specs.map((spec) => {
    if (spec.specName !== specName) return spec;
    const chosen = new Set(spec.values);
    if (chosen.has(value)) chosen.delete(value);
    else chosen.add(value);
    // A value kept from an older version of the category stays, after the current ones.
    const known = [...order, ...spec.values.filter((kept) => !order.includes(kept)), value];
    return { ...spec, values: [...new Set(known)].filter((candidate) => chosen.has(candidate)) };
  });
}
