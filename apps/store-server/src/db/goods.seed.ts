import { GOODS_MEDIA_UNAVAILABLE_URL, GOODS_STATUS } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import { addSeconds, type Clock } from '../shared/clock';
import { seedDemoBrands } from '../modules/brands';
import type { StoreDatabase } from './schema';

/**
 * Demo goods and inventory (docs/goods.md, docs/inventory.md): enough rows in every status that each
 * table of the goods and inventory screens pages, plus a few goods of another approved store
 * (demo_service, 1006) so the console and the tests can show that stores never see each other's data.
 */
const DEMO_STORE_ID = 1001;
const OTHER_STORE_ID = 1006;
const DAY_SECONDS = 24 * 60 * 60;

/** Demo goods per status of store 1001 (the tests read these numbers). */
export const DEMO_GOODS_COUNTS: Readonly<Record<number, number>> = {
  [GOODS_STATUS.onShelf]: 120,
  [GOODS_STATUS.offShelf]: 40,
  [GOODS_STATUS.underReview]: 25,
  [GOODS_STATUS.rejected]: 15,
  [GOODS_STATUS.draft]: 20,
};
export const OTHER_STORE_GOODS = 5;
export const DEMO_WAREHOUSES = ['Shanghai Service Warehouse', 'Shenzhen Service Warehouse'] as const;
/** Inventory items of store 1001: the first 100 SKUs of on-shelf goods, at both warehouses. */
export const DEMO_INVENTORY_ITEMS = 200;

interface Template {
  categoryId: number;
  brand: string;
  noun: string;
  specList: Array<{ specName: string; values: string[] }>;
  basePrice: number;
}

// Categories 11 (Tiles) and 21 (Sofas) are the demo store's business categories (db/seed.ts); the
// specs are those of migration 0003.
const TEMPLATES: readonly Template[] = [
  { categoryId: 11, brand: 'Marco Tiles', noun: 'Porcelain floor tile', specList: [{ specName: 'Size', values: ['600x600', '800x800'] }, { specName: 'Finish', values: ['matte', 'glossy'] }], basePrice: 8900 },
  { categoryId: 21, brand: 'Nordic Home', noun: 'Fabric sofa', specList: [{ specName: 'Seats', values: ['2', '3', '4'] }], basePrice: 259900 },
  { categoryId: 11, brand: 'Stone Craft', noun: 'Wall tile', specList: [{ specName: 'Size', values: ['300x300', '600x600'] }], basePrice: 4500 },
];

/** Every combination of the chosen spec values: the SKUs of one goods. */
function combinations(specList: Template['specList']): Array<Record<string, string>> {
  return specList.reduce<Array<Record<string, string>>>(
    (rows, spec) => rows.flatMap((row) => spec.values.map((value) => ({ ...row, [spec.specName]: value }))),
    [{}],
  );
}

const REJECT_REASONS = ['The main image shows a watermark of another shop.', 'The title names a brand you are not authorised for.', 'The detail misses the material description.'];

/**
 * The media seed's pictures (modules/media/media.seed.ts; ensureDemoMediaObjects puts their bytes in
 * storage at start-up), reused so the demo store's goods point at real library files by fileId. The
 * stored objectUrl is only the object's unsigned path: every read signs a fresh URL by fileId for the
 * reading store (docs/goods.md "Images"), so the pictures load in the console.
 */
async function demoImages(db: Kysely<StoreDatabase>): Promise<Array<{ fileId?: number; objectUrl: string }>> {
  const rows = await (db as unknown as Kysely<{ store_media_file: { id: number; store_id: number; object_key: string; catalog_path: string } }>)
    .selectFrom('store_media_file')
    .select(['id', 'object_key'])
    .where('store_id', '=', DEMO_STORE_ID)
    .orderBy('id')
    .execute()
    .catch(() => []);
  if (rows.length === 0) return [{ objectUrl: GOODS_MEDIA_UNAVAILABLE_URL }];
  return rows.map((r) => ({ fileId: r.id, objectUrl: `/v1/store/media/objects/get?key=${encodeURIComponent(r.object_key)}` }));
}

/** Inserts the demo goods and inventory once (called from db/seed.ts). */
export async function seedDemoGoods(db: Kysely<StoreDatabase>, clock: Clock): Promise<void> {
  // The demo goods' brands are approved brands of their stores (the release form offers only those).
  await seedDemoBrands(db, clock);
  const any = await db.selectFrom('store_goods').select('id').where('store_id', '=', DEMO_STORE_ID).limit(1).executeTakeFirst();
  if (any) return;
  const stores = await db.selectFrom('store_store').select('id').where('id', 'in', [DEMO_STORE_ID, OTHER_STORE_ID]).execute();
  if (!stores.some((s) => s.id === DEMO_STORE_ID)) return;
  const images = await demoImages(db);
  const now = clock.now();
  const plan: Array<{ storeId: number; status: number }> = [];
  for (const [status, count] of Object.entries(DEMO_GOODS_COUNTS)) for (let i = 0; i < count; i++) plan.push({ storeId: DEMO_STORE_ID, status: Number(status) });
  if (stores.some((s) => s.id === OTHER_STORE_ID)) for (let i = 0; i < OTHER_STORE_GOODS; i++) plan.push({ storeId: OTHER_STORE_ID, status: GOODS_STATUS.onShelf });

  await db.transaction().execute(async (trx) => {
    // The service store sells tiles only (its business categories are 11 and 31).
    const templateOf = (index: number) => (plan[index]?.storeId === OTHER_STORE_ID ? TEMPLATES[0] : TEMPLATES[index % TEMPLATES.length]) as Template;
    const goodsRows = plan.map((entry, index) => {
      const template = templateOf(index);
      const created = addSeconds(now, -((plan.length - index) * DAY_SECONDS) / 3);
      // Library files belong to one store: the service store has no demo pictures of its own.
      const image = entry.storeId === DEMO_STORE_ID ? (images[index % images.length] as { fileId?: number; objectUrl: string }) : { objectUrl: GOODS_MEDIA_UNAVAILABLE_URL };
      return {
        store_id: entry.storeId,
        status: entry.status,
        category_id: template.categoryId,
        brand_name: template.brand,
        title: `${template.noun} No. ${String(index + 1).padStart(3, '0')}${entry.storeId === OTHER_STORE_ID ? ' (service store)' : ''}`,
        unit_id: template.categoryId === 11 ? 3 : 1,
        images: JSON.stringify([image]),
        video: null,
        detail_type: 1,
        detail_html: `<p>${template.noun} from ${template.brand}. Delivered and installed by our partners.</p>`,
        detail_images: '[]',
        spec_list: JSON.stringify(template.specList),
        // The freight seed points the demo store's goods at its templates (modules/freight/freight.seed.ts).
        freight_template_id: null,
        after_sale_template_id: null,
        min_price_cents: template.basePrice + (index % 7) * 100,
        reject_reason: entry.status === GOODS_STATUS.rejected ? (REJECT_REASONS[index % REJECT_REASONS.length] as string) : null,
        submitted_at: entry.status === GOODS_STATUS.draft ? null : created,
        created_at: created,
        updated_at: addSeconds(created, DAY_SECONDS / 2),
      };
    });
    const inserted = await trx.insertInto('store_goods').values(goodsRows).returning(['id', 'store_id', 'status']).execute();

    const skuRows = inserted.flatMap((goods, index) => {
      const template = templateOf(index);
      return combinations(template.specList).map((specValues, sort) => {
        // Every 9th SKU sold out, every 5th at or below its line of 10: the warning and stock-status views have rows.
        const stock = (index + sort) % 9 === 0 ? 0 : (index + sort) % 5 === 0 ? 3 + (index % 6) : 20 + ((index * 7 + sort * 13) % 180);
        return {
          goods_id: goods.id,
          store_id: goods.store_id,
          spec_values: JSON.stringify(specValues),
          sku_code: `SKU-${goods.id}-${sort + 1}`,
          price_cents: template.basePrice + (index % 7) * 100 + sort * 500,
          stock,
          warning_stock: sort === 0 || stock < 10 ? 10 : null,
          sort,
        };
      });
    });
    const skus = await trx.insertInto('store_goods_sku').values(skuRows).returning(['id', 'goods_id', 'store_id', 'stock', 'warning_stock', 'spec_values']).execute();

    const lowSkus = skus.filter((s) => s.store_id === DEMO_STORE_ID && s.warning_stock !== null && s.stock <= s.warning_stock);
    if (lowSkus.length > 0) {
      await trx
        .insertInto('store_goods_stock_warning')
        .values(
          lowSkus.map((s, i) => {
            // Every fourth warning is already handled, half an hour after it fired (the list shows when).
            const handled = i % 4 === 0;
            const createdAt = addSeconds(now, -i * 3600);
            return { store_id: s.store_id, goods_id: s.goods_id, sku_id: s.id, stock: s.stock, warning_stock: s.warning_stock as number, status: handled ? 2 : 1, created_at: createdAt, handled_at: handled ? addSeconds(createdAt, 1800) : null };
          }),
        )
        .execute();
    }

    await seedInventory(trx, now, inserted, skus);
  });
}

type Inserted = Array<{ id: number; store_id: number; status: number }>;
type SkuRows = Array<{ id: number; goods_id: number; store_id: number; spec_values: Record<string, string> }>;

async function seedInventory(trx: Kysely<StoreDatabase>, now: Date, goods: Inserted, skus: SkuRows): Promise<void> {
  const titles = new Map<number, string>();
  for (const row of await trx.selectFrom('store_goods').select(['id', 'title']).where('id', 'in', goods.map((g) => g.id)).execute()) titles.set(row.id, row.title);
  const onShelf = new Set(goods.filter((g) => g.status === GOODS_STATUS.onShelf).map((g) => g.id));
  const demoSkus = skus.filter((s) => s.store_id === DEMO_STORE_ID && onShelf.has(s.goods_id)).slice(0, DEMO_INVENTORY_ITEMS / DEMO_WAREHOUSES.length);
  const otherSkus = skus.filter((s) => s.store_id === OTHER_STORE_ID).slice(0, 2);
  const itemRows = [
    ...DEMO_WAREHOUSES.flatMap((warehouse, w) => demoSkus.map((sku, i) => ({ sku, warehouse, quantity: (i + w) % 11 === 0 ? 0 : ((i * 17 + w * 5) % 300) + 1 }))),
    ...otherSkus.map((sku, i) => ({ sku, warehouse: DEMO_WAREHOUSES[0] as string, quantity: 50 + i })),
  ].map(({ sku, warehouse, quantity }, i) => ({
    store_id: sku.store_id,
    goods_id: sku.goods_id,
    sku_id: sku.id,
    item_name: titles.get(sku.goods_id) ?? '',
    sku_text: Object.values(sku.spec_values).join(' / '),
    warehouse_name: warehouse,
    quantity,
    created_at: addSeconds(now, -(60 - (i % 60)) * DAY_SECONDS),
    updated_at: addSeconds(now, -(i % 30) * 3600),
  }));
  const items = await trx.insertInto('store_inventory_item').values(itemRows).returning(['id', 'store_id', 'quantity', 'warehouse_name']).execute();

  // The opening inbound of every item that holds stock: the ledger explains each quantity.
  const stocked = items.filter((item) => item.quantity > 0);
  await trx
    .insertInto('store_inventory_movement')
    .values(stocked.map((item) => ({ store_id: item.store_id, item_id: item.id, kind: 1, delta: item.quantity, quantity_after: item.quantity, ref_no: 'OPENING', created_at: addSeconds(now, -45 * DAY_SECONDS) })))
    .execute();

  const demoItems = items.filter((item) => item.store_id === DEMO_STORE_ID);
  const configured = demoItems.filter((_, i) => i % 4 === 0);
  await trx
    .insertInto('store_inventory_warning_config')
    .values(configured.map((item, i) => ({ store_id: DEMO_STORE_ID, item_id: item.id, warning_line: 20 + (i % 5) * 10, enabled: i % 10 !== 9, remark: i % 3 === 0 ? 'Reorder from the factory' : '' })))
    .execute();
  const lines = new Map(configured.map((item, i) => [item.id, { line: 20 + (i % 5) * 10, enabled: i % 10 !== 9 }]));
  const warned = demoItems.filter((item) => {
    const config = lines.get(item.id);
    return config !== undefined && config.enabled && item.quantity <= config.line;
  });
  if (warned.length > 0) {
    await trx
      .insertInto('store_inventory_warning')
      .values(warned.map((item, i) => ({ store_id: DEMO_STORE_ID, item_id: item.id, quantity: item.quantity, warning_line: lines.get(item.id)!.line, status: i % 3 === 2 ? 2 : 1, created_at: addSeconds(now, -i * 7200) })))
      .execute();
  }

  // 24 counts, 30 inbound and 30 outbound applications in every status, each with two lines of one warehouse.
  for (const [w, warehouse] of DEMO_WAREHOUSES.entries()) {
    const here = demoItems.filter((item) => item.warehouse_name === warehouse);
    const counts = await trx
      .insertInto('store_inventory_count')
      .values(Array.from({ length: 12 }, (_, i) => ({ store_id: DEMO_STORE_ID, warehouse_name: warehouse, status: i < 2 ? 1 : i === 11 ? 3 : 2, remark: i % 2 ? 'Monthly count' : '', created_at: addSeconds(now, -(i * 7 + w) * DAY_SECONDS), completed_at: i < 2 || i === 11 ? null : addSeconds(now, -(i * 7 + w - 1) * DAY_SECONDS) })))
      .returning(['id', 'status'])
      .execute();
    await trx
      .insertInto('store_inventory_count_line')
      .values(counts.flatMap((count, i) => [here[i * 2], here[i * 2 + 1]].filter((item) => item !== undefined).map((item) => ({ count_id: count.id, item_id: item.id, book_quantity: item.quantity, counted_quantity: count.status === 2 ? item.quantity : null }))))
      .execute();
    for (const direction of [1, 2] as const) {
      const orders = await trx
        .insertInto('store_inventory_order')
        .values(
          Array.from({ length: 15 }, (_, i) => ({
            store_id: DEMO_STORE_ID,
            direction,
            warehouse_name: warehouse,
            status: i < 4 ? 1 : i < 13 ? 2 : 3,
            contact_name: direction === 2 ? 'Li Wei' : 'Demo Owner',
            contact_mobile: '13800001001',
            address: direction === 2 ? `${100 + i} Nanjing Road, Huangpu, Shanghai` : '',
            remark: i % 4 === 0 ? 'Handle with care' : '',
            created_at: addSeconds(now, -(i * 5 + w + direction) * DAY_SECONDS),
            completed_at: i >= 4 && i < 13 ? addSeconds(now, -(i * 5 + w + direction - 1) * DAY_SECONDS) : null,
          })),
        )
        .returning('id')
        .execute();
      await trx
        .insertInto('store_inventory_order_line')
        .values(orders.flatMap((order, i) => [here[(i * 3) % here.length], here[(i * 3 + 1) % here.length]].filter((item) => item !== undefined).map((item, k) => ({ order_id: order.id, item_id: item.id, quantity: 5 + ((i + k) % 10) }))))
        .execute();
    }
  }
}
