import { sql, type RawBuilder } from 'kysely';
import type { SupportedLanguage } from '@merchant/api-contracts';

/**
 * A bank's name in the caller's language, from `ref_bank` joined as `b` (migration 0025): the Chinese name where
 * there is one, else the English bank_name.
 */
export function bankNameIn(language: SupportedLanguage): RawBuilder<string> {
  return language === 'zh-CN' ? sql<string>`coalesce(b.bank_name_zh, b.bank_name)` : sql<string>`b.bank_name`;
}
