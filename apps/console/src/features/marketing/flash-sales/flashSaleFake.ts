// Time-limited sales and their orders as the console's specs serve them (contract flashSaleEndpoints): an in-memory
// store answering the list, details and orders calls from what the test gave, paged and filtered by phase and
// name as store-server does. A test adds handlers of its own for the changes it checks.
import { FLASH_SALE_ORDER_STATE, FLASH_SALE_PHASE, FLASH_SALE_STATE, STORE_CODES, flashSaleEndpoints as F } from '@merchant/api-contracts';
import { ok, type FakeStoreServer } from '../../../../test/fakeStoreServer';
import type { FlashSaleDetails, FlashSaleOrderRow } from './api';

type Sale = FlashSaleDetails['sale'];
type Sku = FlashSaleDetails['skus'][number];

/** The fake's time: every answer's serverTime, so countdowns are deterministic against it. */
export const FAKE_NOW = 1_780_000_000;

export const flashSale = (saleId: number, patch: Partial<Sale> = {}): Sale => ({
  saleId,
  name: `Sale ${saleId}`,
  startTime: FAKE_NOW - 86_400,
  endTime: FAKE_NOW + 5 * 86_400,
  slots: [{ startMinute: 0, endMinute: 1440 }],
  perBuyerLimit: 2,
  state: FLASH_SALE_STATE.active,
  phase: FLASH_SALE_PHASE.running,
  slot: { startTime: FAKE_NOW - 3_600, endTime: FAKE_NOW + 2 * 3_600 + 5 * 60, current: true },
  skuCount: 1,
  stockLeft: 7,
  sold: 3,
  createTime: FAKE_NOW - 2 * 86_400,
  serverTime: FAKE_NOW,
  ...patch,
});

export const flashSaleSku = (skuId: number, patch: Partial<Sku> = {}): Sku => ({
  skuId,
  goodsId: 500 + skuId,
  title: `Tile ${skuId}`,
  specText: '60x60',
  listPriceCents: 12_900,
  priceCents: 9_900,
  stock: 10,
  stockLeft: 7,
  sold: 3,
  ...patch,
});

export const flashSaleOrder = (orderId: number, patch: Partial<FlashSaleOrderRow> = {}): FlashSaleOrderRow => ({
  orderId,
  orderNo: `SO2026120100${orderId}`,
  buyerAccid: `buyer_${orderId}`,
  buyerName: `Buyer ${orderId}`,
  buyerPhone: '139****0001',
  units: 1,
  amountCents: 9_900,
  orderStatus: 1,
  state: FLASH_SALE_ORDER_STATE.paid,
  createTime: FAKE_NOW - 600,
  ...patch,
});

export interface FlashSaleFakeData {
  sales: Sale[];
  /** SKUs by sale id. */
  skus?: Record<number, Sku[]>;
  /** Orders by sale id. */
  orders?: Record<number, FlashSaleOrderRow[]>;
}

const page = <Row>(rows: readonly Row[], biz: Record<string, unknown>) => {
  const pageSize = Number(biz.pageSize ?? 20);
  const pageNum = Number(biz.pageNum ?? 1);
  const from = (pageNum - 1) * pageSize;
  return { pageNum, pageSize, total: rows.length, list: rows.slice(from, from + pageSize) };
};

const notFound = { code: STORE_CODES.notFound, msg: 'time-limited sale not found' };

export function fakeFlashSales(server: FakeStoreServer, data: FlashSaleFakeData) {
  server.on(F.flashSaleList.path, ({ biz }) => {
    const rows = data.sales.filter((row) => (biz.phase === undefined || row.phase === biz.phase) && (!biz.name || row.name.includes(String(biz.name))));
    return ok(page(rows, biz));
  });
  server.on(F.flashSaleDetails.path, ({ biz }) => {
    const sale = data.sales.find((row) => row.saleId === biz.saleId);
    return sale ? ok({ sale, skus: data.skus?.[sale.saleId] ?? [] }) : notFound;
  });
  server.on(F.flashSaleOrders.path, ({ biz }) => {
    if (!data.sales.some((row) => row.saleId === biz.saleId)) return notFound;
    const rows = (data.orders?.[Number(biz.saleId)] ?? []).filter((row) => biz.state === undefined || row.state === biz.state);
    return ok(page(rows, biz));
  });
}
