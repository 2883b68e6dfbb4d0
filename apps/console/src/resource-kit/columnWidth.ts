// A fixed-width column is never narrower than its header: "退款金额（元）" / "refund amount (yuan)" in a
// 95 px column read "退款金额…" / "refund a…" while other columns had room. The header text is measured
// roughly (the grid's 14 px medium font) in the merchant's language, so a definition's width is a
// floor that translations and the sort arrow cannot clip.

import { actionButtonsWidth } from '@merchant/ui-kit';

/** The grid's header cell: 10 px padding each side. */
const HEADER_PADDING = 20;
/** The sort arrow of the sorted column (an icon button beside the title). */
const SORT_ICON = 28;

/** Header text is the grid's 14 px Roboto, medium weight: Latin letters about 4 % wider than the regular advance widths below. */
const MEDIUM = 1.04;
const CJK = 14;

/** Roboto's regular advance widths at 14 px, grouped (Latin letters vary). */
function latinWidth(char: string): number {
  if (char === ' ') return 3.5;
  if (/[ijl.,:;'!|]/.test(char)) return 3.5;
  if (/[frtI()[\]/-]/.test(char)) return 5;
  if (/[mwMW]/.test(char)) return 12.5;
  if (/[A-Z]/.test(char)) return 9;
  return 7.8;
}

/** Approximate width of a header's text in pixels (rounded up, on the generous side). */
export function headerTextWidth(text: string): number {
  let square = 0;
  let latin = 0;
  // CJK and full-width characters (punctuation such as '（' too) are one em whatever the weight.
  for (const char of text) {
    if (char.codePointAt(0)! >= 0x2e80) square += CJK;
    else latin += latinWidth(char);
  }
  return Math.ceil(square + latin * MEDIUM);
}

/** The width to draw a column with: its own, widened to show its whole header (and the sort arrow when sorted). Flex columns keep none. */
export function columnWidth(width: number | undefined, title: string, sorted: boolean): number | undefined {
  if (width === undefined) return undefined;
  return Math.max(width, headerTextWidth(title) + HEADER_PADDING + (sorted ? SORT_ICON : 0));
}

/**
 * The row-actions column's width: wide enough for the widest set of labels a row of `rows` really shows (an
 * action whose `when` refuses a row is not drawn in it), as ActionButtons lays them out (3, or 2 and 'more', §2).
 * Before any row is there, the actions every row shows (those without `when`).
 */
export function rowActionsWidth<Row>(
  actions: ReadonlyArray<{ labelKey: string; when?: (row: Row) => boolean }>,
  rows: readonly Row[],
  t: (key: string) => string,
  moreLabel: string,
): number {
  const labelsOf = (shown: typeof actions) => shown.map((action) => t(action.labelKey));
  if (rows.length === 0) return actionButtonsWidth(labelsOf(actions.filter((action) => !action.when)), moreLabel);
  // Rows share few distinct action sets (a state or two): measure each once.
  const widths = new Map<string, number>();
  for (const row of rows) {
    const shown = actions.filter((action) => !action.when || action.when(row));
    const key = shown.map((action) => action.labelKey).join('\n');
    if (!widths.has(key)) widths.set(key, actionButtonsWidth(labelsOf(shown), moreLabel));
  }
  return Math.max(...widths.values());
}
