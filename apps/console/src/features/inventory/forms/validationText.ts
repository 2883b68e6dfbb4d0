// The inventory forms validate with the contracts' biz schemas (the server's own rules), whose texts are
// English and name the wire field ("contactName is required"). A merchant reads them in the console's
// language with the field's label: each contract text is matched to a rule here, and a text no rule
// knows is shown as the contract wrote it.
import type { TFunction } from 'i18next';

/** Wire field → the label key the forms show it under. */
const FIELD_LABELS: Record<string, string> = {
  skuId: 'inventory.field.goodsSku',
  warehouseName: 'inventory.field.warehouse',
  itemId: 'inventory.field.item',
  itemIds: 'inventory.field.item',
  quantity: 'inventory.field.quantity',
  countedQuantity: 'inventory.field.countedQuantity',
  contactName: 'inventory.field.contact',
  contactMobile: 'inventory.field.mobile',
  address: 'inventory.field.address',
  remark: 'inventory.field.remark',
};

/** Fields picked from a list: a missing one reads "choose …" rather than "fill in …". */
const PICKED = new Set(['skuId', 'itemId', 'itemIds']);

const RULES: ReadonlyArray<{ pattern: RegExp; key: string }> = [
  // `must be a number` only happens to an empty number field or an unpicked option in these forms.
  { pattern: /^(\w+) (?:is required|must be a number)$/, key: 'required' },
  { pattern: /^(\w+) must be (?:a whole number|an integer)$/, key: 'integer' },
  { pattern: /^(\w+) must be at least (\d+)$/, key: 'min' },
  { pattern: /^(\w+) cannot be negative$/, key: 'notNegative' },
  { pattern: /^(\w+) cannot exceed (\d+)$/, key: 'max' },
  { pattern: /^(\w+) must be at most (\d+) characters$/, key: 'maxLength' },
  { pattern: /^phone number format error$/, key: 'mobile' },
  { pattern: /^add at least one item$/, key: 'noLines' },
  { pattern: /^count at least one item$/, key: 'noCounted' },
  { pattern: /^an item is (?:listed|counted) twice$/, key: 'duplicateLine' },
  { pattern: /^at most (\d+) (?:lines|items per count)$/, key: 'tooManyLines' },
];

/** A contract's validation text in the merchant's language. */
export function validationText(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  for (const rule of RULES) {
    const match = rule.pattern.exec(message);
    if (!match) continue;
    const [, first, second] = match;
    const field = first !== undefined && FIELD_LABELS[first] ? t(FIELD_LABELS[first]) : first;
    const limit = second ?? (rule.key === 'tooManyLines' ? first : undefined);
    const key = rule.key === 'required' && first !== undefined && PICKED.has(first) ? 'choose' : rule.key;
    return t(`inventory.validation.${key}`, { field, limit });
  }
  return message;
}
