import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { addSeconds, type Clock } from '../../shared/clock';
import { storedTemplateText } from './after-sale-templates.service';

export const DEMO_AFTER_SALE_TEMPLATE_NAME = '瓷砖售后说明';

const DEMO_CONTENT = [
  '<h3>售后服务说明</h3>',
  '<p>自签收之日起 <strong>7 天内</strong>，未铺贴、包装完好的瓷砖支持无理由退货，退回运费由买家承担。</p>',
  '<ul><li>质量问题：签收后 15 天内可换货，运费由店铺承担；</li><li>已铺贴或切割的瓷砖不支持退换；</li><li>色差在国家标准范围内不视为质量问题。</li></ul>',
  '<p>售后咨询：<a href="mailto:service@demo-store.cn">service@demo-store.cn</a></p>',
].join('');

/** One template on the demo store, used by its first two goods, so the list shows a count and delete is refused. */
export async function seedDemoAfterSaleTemplates(db: Kysely<StoreDatabase>, clock: Clock, storeId: number): Promise<void> {
  const existing = await db.selectFrom('store_after_sale_template').select('id').where('store_id', '=', storeId).executeTakeFirst();
  if (existing) return;
  const at = addSeconds(clock.now(), -30 * 24 * 60 * 60);
  await db.transaction().execute(async (trx) => {
    const template = await trx
      .insertInto('store_after_sale_template')
      .values({ store_id: storeId, ...storedTemplateText({ name: DEMO_AFTER_SALE_TEMPLATE_NAME, content: DEMO_CONTENT }), created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('store_after_sale_template_count').values({ store_id: storeId, templates: 1 }).onConflict((oc) => oc.column('store_id').doUpdateSet({ templates: 1 })).execute();
    const goods = await trx.selectFrom('store_goods').select('id').where('store_id', '=', storeId).orderBy('id').limit(2).execute();
    if (goods.length > 0) {
      await trx.updateTable('store_goods').set({ after_sale_template_id: template.id }).where('id', 'in', goods.map((g) => g.id)).execute();
    }
  });
}
