import { sql, type Kysely } from 'kysely';

/**
 * The supported banks' names in Chinese: queryBankList and the settlement card answer the name in the caller's
 * language (docs/merchant-centre.md "Settlement account"). A bank added without one falls back to bank_name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ref_bank add column bank_name_zh text;
    update ref_bank set bank_name_zh = case bank_code
      when 'ICBC' then '中国工商银行'
      when 'CCB' then '中国建设银行'
      when 'ABC' then '中国农业银行'
      when 'BOC' then '中国银行'
      when 'CMB' then '招商银行'
    end;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ref_bank drop column bank_name_zh`.execute(db);
}
