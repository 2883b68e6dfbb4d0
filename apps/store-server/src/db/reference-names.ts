import { sql, type RawBuilder } from 'kysely';
import type { SupportedLanguage } from '@merchant/api-contracts';

/**
 * A bank's name in the caller's language, from `ref_bank` joined as `b` (migration 0025): the Chinese name where
 * there is one, else the English bank_name.
 */
export function bankNameIn(language: SupportedLanguage): RawBuilder<string> {
  return language === 'zh-CN' ? sql<string>`coalesce(b.bank_name_zh, b.bank_name)` : sql<string>`b.bank_name`;
}

/** `english` in en-US; for zh-CN the Chinese column beside it where it has one (migration 0044, issue 35 §8). */
function nameIn(language: SupportedLanguage, english: string, chinese: string): RawBuilder<string> {
  return language === 'zh-CN' ? sql<string>`coalesce(${sql.ref(chinese)}, ${sql.ref(english)})` : sql<string>`${sql.ref(english)}`;
}

/** A unit's name in the caller's language, from `ref_unit` joined as `u`. */
export const unitNameIn = (language: SupportedLanguage) => nameIn(language, 'u.unit_name', 'u.unit_name_zh');
/** A category's name in the caller's language, from `ref_category` joined as `c`. */
export const categoryNameIn = (language: SupportedLanguage) => nameIn(language, 'c.category_name', 'c.category_name_zh');
/** A spec's label in the caller's language, from `ref_category_spec` joined as `s`; `s.spec_name` stays the key. */
export const specLabelIn = (language: SupportedLanguage) => nameIn(language, 's.spec_name', 's.spec_label_zh');
/**
 * A spec value's label in the caller's language, from `ref_category_spec.spec_value_labels_zh` (keyed by the stored
 * value): values are labelled for zh-CN only (migration 0044), so in en-US, or without a label, the value is its own.
 * `category/specList` and the SKU rows' specLabels (goods.lists.ts withSpecLabelsIn) both read it.
 */
export function specValueLabelIn(language: SupportedLanguage, labelsZh: Readonly<Record<string, string>> | undefined, value: string): string {
  return (language === 'zh-CN' && labelsZh?.[value]) || value;
}
/** A porterage item's name and unit in the caller's language, from `ref_porterage` joined as `p`. */
export const porterageNameIn = (language: SupportedLanguage) => nameIn(language, 'p.porterage_name', 'p.porterage_name_zh');
export const porterageUnitIn = (language: SupportedLanguage) => nameIn(language, 'p.unit_name', 'p.unit_name_zh');
