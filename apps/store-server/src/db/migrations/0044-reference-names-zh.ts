import { sql, type Kysely } from 'kysely';

/**
 * The reference lists the console shows in the merchant's language (issue 35 §8; docs/goods.md "Reference
 * data in two languages"): units, categories, porterage items, and the categories' spec names and values.
 * The English columns stay what they were; each gets a Chinese label beside it, answered for zh-CN callers
 * (db/reference-names.ts). A row added without one falls back to the English name.
 *
 * Spec names and values are keys: a SKU stores `{ "Size": "600x600" }`, and goods keep their spec list by
 * name. So `spec_name` and the `spec_values` entries are never renamed or translated in place; the labels
 * are separate (`spec_label_zh`, `spec_value_labels_zh` keyed by value), and stored SKUs keep working.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ref_unit add column unit_name_zh text;
    update ref_unit set unit_name_zh = case id
      when 1 then '件' when 2 then '套' when 3 then '平方米' when 4 then '米' when 5 then '千克' when 6 then '箱（已停用）'
    end;

    alter table ref_category add column category_name_zh text;
    update ref_category set category_name_zh = case id
      when 1 then '建材' when 2 then '家具' when 3 then '家居服务'
      when 11 then '瓷砖' when 12 then '涂料' when 13 then '地板'
      when 21 then '沙发' when 22 then '床'
      when 31 then '安装' when 32 then '维修'
    end;

    alter table ref_category_spec add column spec_label_zh text;
    alter table ref_category_spec add column spec_value_labels_zh jsonb not null default '{}';
    update ref_category_spec set spec_label_zh = case id
      when 1 then '尺寸' when 2 then '表面' when 3 then '容量' when 4 then '座位数' when 5 then '宽度'
    end;
    update ref_category_spec set spec_value_labels_zh = '{"matte":"哑光","glossy":"亮光"}' where id = 2;

    alter table ref_porterage add column porterage_name_zh text;
    alter table ref_porterage add column unit_name_zh text;
    update ref_porterage set porterage_name_zh = case id when 1 then '爬楼（每层）' when 2 then '远距离搬运（每 10 米）' when 3 then '电梯搬运' end,
      unit_name_zh = case id when 1 then '层' when 2 then '10 米' when 3 then '单' end;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ref_porterage drop column unit_name_zh;
    alter table ref_porterage drop column porterage_name_zh;
    alter table ref_category_spec drop column spec_value_labels_zh;
    alter table ref_category_spec drop column spec_label_zh;
    alter table ref_category drop column category_name_zh;
    alter table ref_unit drop column unit_name_zh;
  `.execute(db);
}
