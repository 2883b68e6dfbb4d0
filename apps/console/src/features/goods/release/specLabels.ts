// A category's spec names and values are keys: goods and SKUs store them (`{ "Size": "600x600" }`) and the form
// sends them. What the merchant reads is their label in the console's language, which the category's spec
// list carries beside the keys (issue 35 §8, docs/goods.md "Reference data in two languages"). A key the
// category no longer lists, or an answer without labels, reads as itself.
import type { CategorySpec } from './api';

export function specLabelOf(specs: readonly CategorySpec[] | undefined, specName: string): string {
  return specs?.find((spec) => spec.specName === specName)?.specLabel ?? specName;
}

export function specValueLabelOf(specs: readonly CategorySpec[] | undefined, specName: string, value: string): string {
  return specs?.find((spec) => spec.specName === specName)?.specValueLabels?.[value] ?? value;
}
