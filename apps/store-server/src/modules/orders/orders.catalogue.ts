import { GOODS_STATUS } from '@merchant/api-contracts';
import { GoodsRepository, goodsList, recordStockWarning } from '../goods';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { SERVICE_CATEGORY_ROOT, notFound, type OrderLine, type OrderableSku } from './orders.domain';
import type { OrdersRepository } from './orders.repository';

// What an order may hold: on-shelf goods of the store with their SKUs, read through the goods module's
// public face on the caller's open transaction (one connection under PGlite: a read outside it would wait).

/** The goods' first image: its URL as stored and, for a media library file, the file (signed on reads). */
const firstImage = (images: unknown[]): { url: string; fileId: number | null } => {
  const first = images[0] as { objectUrl?: unknown; url?: unknown; fileId?: unknown } | undefined;
  const url = typeof first?.objectUrl === 'string' ? first.objectUrl : typeof first?.url === 'string' ? first.url : '';
  return { url, fileId: typeof first?.fileId === 'number' && Number.isInteger(first.fileId) ? first.fileId : null };
};

/** The SKUs of the lines, each of an on-shelf goods of the store; 10100004 for another store's SKU, 10100005 off shelf. */
export async function orderableSkus(orders: OrdersRepository, storeId: number, lines: readonly OrderLine[]): Promise<Map<number, OrderableSku>> {
  const goods = new GoodsRepository(orders.connection);
  const skuIds = [...new Set(lines.map((line) => line.skuId))];
  const owners = await goods.skuOwners(storeId, skuIds);
  const missing = skuIds.find((skuId) => !owners.has(skuId));
  if (missing !== undefined) throw notFound({ zh: '商品规格', en: `SKU ${missing}` });
  const found = new Map<number, OrderableSku>();
  for (const goodsId of new Set(owners.values())) {
    const record = await goods.findGoods(storeId, goodsId);
    if (!record) throw notFound({ zh: '商品', en: `goods ${goodsId}` });
    if (record.status !== GOODS_STATUS.onShelf) {
      throw new StoreError(STORE_CODES.notAllowedInCurrentState, text(`商品「${record.title}」未上架`, `goods ${goodsId} is not on shelf`));
    }
    const image = firstImage(record.images);
    const service = record.categoryId !== null && (await orders.serviceCategories([record.categoryId], SERVICE_CATEGORY_ROOT)).has(record.categoryId);
    for (const sku of await goods.skusOf(goodsId)) {
      if (!owners.has(sku.id)) continue;
      found.set(sku.id, {
        goodsId,
        skuId: sku.id,
        title: record.title,
        specValues: sku.specValues,
        imageUrl: image.url,
        imageFileId: image.fileId,
        priceCents: sku.price,
        service,
        categoryId: record.categoryId,
      });
    }
  }
  return found;
}

/**
 * Takes the lines' quantities from stock (10100005 naming the SKU when it has too few), or gives them back, on
 * the caller's transaction. Each change is the goods module's own (a locked row that never goes below zero)
 * followed by its stock-warning rule, exactly as a manual stock change: crossing the SKU's warning line
 * downwards opens a warning (the inventoryWarning list), going back above closes it.
 */
export async function changeStockFor(orders: OrdersRepository, storeId: number, lines: ReadonlyArray<{ skuId: number; quantity: number }>, direction: -1 | 1): Promise<void> {
  const goods = new GoodsRepository(orders.connection);
  for (const line of lines) {
    const changed = await goods.changeStock(storeId, line.skuId, { delta: direction * line.quantity });
    if (!changed) throw new StoreError(STORE_CODES.notAllowedInCurrentState, text(`商品规格 ${line.skuId} 库存不足`, `not enough stock for SKU ${line.skuId}`));
    await recordStockWarning(goods, storeId, changed);
  }
}

/** On-shelf SKUs of the store with stock, for the demo simulator (first page of the store's goods). */
export async function someOrderableSkuIds(orders: OrdersRepository, storeId: number, limit: number): Promise<number[]> {
  const goods = new GoodsRepository(orders.connection);
  const ids: number[] = [];
  const page = await goods.page(goodsList, storeId, { pageNum: 1, pageSize: 50, status: GOODS_STATUS.onShelf });
  for (const row of page.list) {
    for (const sku of await goods.skusOf(row.goodsId)) if (sku.stock > 0 && ids.length < limit) ids.push(sku.id);
    if (ids.length >= limit) break;
  }
  return ids;
}
