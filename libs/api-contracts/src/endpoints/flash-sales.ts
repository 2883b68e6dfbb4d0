// Issue 28 §3, time-limited sales (console-spec §2 /marketing/TimeLimit, +order; docs/marketing.md
// "Time-limited sales"). A sale runs between two instants, and inside that window only in its daily time slots
// (minutes of the day in the store's time zone, Asia/Shanghai); each SKU has an activity price and an activity
// stock, and each buyer may buy at most perBuyerLimit units of the sale. Buyers buy through store-server's keyed
// routes (`/buyer/flash-sales/buy`, x-buyer-key), not console calls. Money is integer cents and times integer
// seconds on the wire.
import { z } from 'zod';
import { endpointsUnder, pageQueryShape, pageResult } from '../endpoint';
import { PERMISSIONS } from '../permissions';
import { rule } from '../rules';
import { statusTable, type StatusTable } from '../status-tables';
import { STORE_CODES } from '../store-codes';

export const FLASH_SALES_BASE = '/v1/store/eshop/marketing/flash-sales';

/** The store's time zone: a slot's minutes are minutes of the day there (China has no daylight saving). */
export const FLASH_SALE_TIME_ZONE = 'Asia/Shanghai';

export const FLASH_SALE_LIMITS = {
  nameMax: 30,
  slotsMax: 6,
  skusMax: 50,
  perBuyerLimitMax: 99,
  stockMax: 999_999,
  priceMaxCents: 99_999_999,
  /** A slot ends at most at midnight: minute 1440. */
  dayMinutes: 1440,
} as const;

/** Stored state: 1 active, 2 stopped by the merchant (final). */
export const FLASH_SALE_STATE = { active: 1, stopped: 2 } as const;
export type FlashSaleState = (typeof FLASH_SALE_STATE)[keyof typeof FLASH_SALE_STATE];

/** The list's tabs, derived from the state and the run window at the server's time. */
export const FLASH_SALE_PHASE = { upcoming: 1, running: 2, ended: 3, stopped: 4 } as const;
export type FlashSalePhase = (typeof FLASH_SALE_PHASE)[keyof typeof FLASH_SALE_PHASE];
export const FLASH_SALE_PHASE_LABELS: StatusTable<FlashSalePhase> = statusTable({
  1: { 'zh-CN': '未开始', 'en-US': 'upcoming' },
  2: { 'zh-CN': '进行中', 'en-US': 'running' },
  3: { 'zh-CN': '已结束', 'en-US': 'ended' },
  4: { 'zh-CN': '已停止', 'en-US': 'stopped' },
});

/** An order placed through a sale: 1 reserved (awaiting payment), 2 paid, 3 released (unpaid in time, closed; its stock returned). */
export const FLASH_SALE_ORDER_STATE = { reserved: 1, paid: 2, released: 3 } as const;
export type FlashSaleOrderState = (typeof FLASH_SALE_ORDER_STATE)[keyof typeof FLASH_SALE_ORDER_STATE];
export const FLASH_SALE_ORDER_STATE_LABELS: StatusTable<FlashSaleOrderState> = statusTable({
  1: { 'zh-CN': '待支付', 'en-US': 'awaiting payment' },
  2: { 'zh-CN': '已支付', 'en-US': 'paid' },
  3: { 'zh-CN': '超时关闭', 'en-US': 'closed unpaid' },
});

const id = () => z.number().int().positive();
const seconds = () => z.number().int().nonnegative();

/** A daily slot, minutes of the day in FLASH_SALE_TIME_ZONE: 600–720 is 10:00–12:00, 0–1440 all day. */
export const flashSaleSlot = z
  .object({
    startMinute: z.number().int().min(0).max(FLASH_SALE_LIMITS.dayMinutes - 1),
    endMinute: z.number().int().min(1).max(FLASH_SALE_LIMITS.dayMinutes),
  })
  .refine((slot) => slot.endMinute > slot.startMinute, rule('endBeforeStart', { path: ['endMinute'] }));
export type FlashSaleSlot = z.output<typeof flashSaleSlot>;

/** One SKU of the sale: its activity price and its activity stock (the total, sold units included). */
const saleSku = z.object({
  skuId: id(),
  priceCents: z.number().refine(Number.isInteger, rule('wholeCents')).min(1).max(FLASH_SALE_LIMITS.priceMaxCents),
  stock: z.number().int().min(1).max(FLASH_SALE_LIMITS.stockMax),
});

const saleShape = {
  name: z.string().trim().min(1).max(FLASH_SALE_LIMITS.nameMax),
  startTime: seconds(),
  endTime: seconds(),
  slots: z.array(flashSaleSlot).min(1).max(FLASH_SALE_LIMITS.slotsMax),
  perBuyerLimit: z.number().int().min(1).max(FLASH_SALE_LIMITS.perBuyerLimitMax),
  skus: z
    .array(saleSku)
    .min(1)
    .max(FLASH_SALE_LIMITS.skusMax)
    .refine((skus) => new Set(skus.map((sku) => sku.skuId)).size === skus.length, rule('distinct')),
};
type SaleInput = z.output<z.ZodObject<typeof saleShape>>;

/** The window ends after it starts; slots do not overlap. */
function saleRulesHold(value: SaleInput, ctx: z.RefinementCtx): void {
  if (value.endTime <= value.startTime) ctx.addIssue({ code: 'custom', input: value.endTime, ...rule('endBeforeStart', { path: ['endTime'] }) });
  const sorted = [...value.slots].sort((a, b) => a.startMinute - b.startMinute);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.startMinute < sorted[i - 1]!.endMinute) {
      ctx.addIssue({ code: 'custom', input: value.slots, ...rule('invalid', { path: ['slots'] }) });
      break;
    }
  }
}

export const flashSaleAddBiz = z.object(saleShape).superRefine(saleRulesHold);
export const flashSaleEditBiz = z.object({ saleId: id(), ...saleShape }).superRefine(saleRulesHold);
const saleIdBiz = z.object({ saleId: id() });

/** The slot shown in the list: the one running now (current) or the next one; null when none is left. */
export const flashSaleSlotNow = z.strictObject({ startTime: z.number().int(), endTime: z.number().int(), current: z.boolean() });

export const flashSale = z.strictObject({
  saleId: z.number().int().positive(),
  name: z.string(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  slots: z.array(z.strictObject({ startMinute: z.number().int(), endMinute: z.number().int() })),
  perBuyerLimit: z.number().int(),
  state: z.union([z.literal(FLASH_SALE_STATE.active), z.literal(FLASH_SALE_STATE.stopped)]),
  phase: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  slot: flashSaleSlotNow.nullable(),
  skuCount: z.number().int(),
  /** Units left over every SKU, and units sold (orders awaiting payment included, released ones not). */
  stockLeft: z.number().int(),
  sold: z.number().int(),
  createTime: z.number().int(),
  /** The server's time when answering, for countdowns. */
  serverTime: z.number().int(),
});

export const flashSaleSku = z.strictObject({
  skuId: z.number().int().positive(),
  goodsId: z.number().int().positive(),
  title: z.string(),
  /** The SKU's spec by its labels in the caller's language, as skuSpecText writes it: "Size: 600x600" (issue 35 §8). */
  specText: z.string(),
  listPriceCents: z.number().int(),
  priceCents: z.number().int(),
  /** The activity stock as set (left + sold). */
  stock: z.number().int(),
  stockLeft: z.number().int(),
  sold: z.number().int(),
});

export const flashSaleDetails = z.strictObject({ sale: flashSale, skus: z.array(flashSaleSku) });

export const flashSaleOrder = z.strictObject({
  orderId: z.number().int().positive(),
  orderNo: z.string().nullable(),
  buyerAccid: z.string(),
  buyerName: z.string(),
  /** First 3 and last 4 digits. */
  buyerPhone: z.string(),
  units: z.number().int(),
  amountCents: z.number().int(),
  /** The order's status (console-spec §4; 0: unpaid or closed). */
  orderStatus: z.number().int(),
  state: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  createTime: z.number().int(),
});

const saleErrors = [STORE_CODES.notFound, STORE_CODES.notAllowedInCurrentState] as const;
const saleCall = endpointsUnder(FLASH_SALES_BASE);

export const flashSaleEndpoints = {
  flashSaleList: saleCall('list', {
    access: 'user',
    permission: PERMISSIONS.marketingView,
    summary: "The store's time-limited sales, newest first, by phase (upcoming, running, ended, stopped) and name, each with its current or next slot",
    biz: z.object({
      ...pageQueryShape,
      phase: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
      name: z.string().trim().max(FLASH_SALE_LIMITS.nameMax).optional(),
    }),
    data: pageResult(flashSale),
  }),
  addFlashSale: saleCall('add', {
    access: 'user',
    permission: PERMISSIONS.marketingEdit,
    summary: "Create a time-limited sale: run window, daily slots, per-buyer limit, each SKU's activity price and stock",
    biz: flashSaleAddBiz,
    data: flashSale,
    errors: saleErrors,
  }),
  editFlashSale: saleCall('edit', {
    access: 'user',
    permission: PERMISSIONS.marketingEdit,
    summary: 'Change a sale that has not ended: no SKU stock below what is sold, no sold SKU removed',
    biz: flashSaleEditBiz,
    data: flashSale,
    errors: saleErrors,
  }),
  flashSaleDetails: saleCall('details', {
    access: 'user',
    permission: PERMISSIONS.marketingView,
    summary: 'A sale with, per SKU, its activity price, stock left and units sold',
    biz: saleIdBiz,
    data: flashSaleDetails,
    errors: saleErrors,
  }),
  stopFlashSale: saleCall('stop', {
    access: 'user',
    permission: PERMISSIONS.marketingEdit,
    summary: 'Stop a sale: no more buying; orders already placed stay',
    biz: saleIdBiz,
    data: flashSale,
    errors: saleErrors,
  }),
  flashSaleOrders: saleCall('orders', {
    access: 'user',
    permission: PERMISSIONS.marketingView,
    summary: 'The orders placed through a sale, newest first, with their order status',
    biz: z.object({ ...pageQueryShape, saleId: id(), state: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional() }),
    data: pageResult(flashSaleOrder),
    errors: saleErrors,
  }),
};
