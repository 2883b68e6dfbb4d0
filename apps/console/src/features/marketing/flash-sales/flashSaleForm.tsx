// The time-limited sale form (issue 28 §3: +add, and edit with ?id=) on the form kit, checked by the contract's biz
// (flashSaleEndpoints.addFlashSale). Each goods line picks one of the store's SKUs (searched by goods title), types
// its sale price in yuan (integer cents in the values) and its sale stock; the SKU's list price shows under the
// price. Daily slots are half-hour steps of the day in Beijing time (the store's time zone); the run window is the
// kit's date range (seconds). The server's field refusals land on their fields (`skus.0.stock`).
import { FLASH_SALE_LIMITS, flashSaleEndpoints, type EndpointBiz } from '@merchant/api-contracts';
import type { ResourceFormField, ResourceStatusOption } from '../../../resource-kit';
import { SkuCellInput, promotionPriceInput, storedSkuLabel, type PromotionSkuLine } from '../promotion-skus/PromotionSkuInputs';
import type { FlashSaleDetails } from './api';

type AddBiz = EndpointBiz<typeof flashSaleEndpoints.addFlashSale>;

interface SkuLine extends PromotionSkuLine {
  priceCents?: number;
  stock?: number;
}
interface SlotLine {
  startMinute?: number;
  endMinute?: number;
}
/** The biz as the merchant fills it: numbers not chosen yet are undefined. */
export interface FlashSaleFormValues extends Record<string, unknown> {
  name: string;
  skus: SkuLine[];
  slots: SlotLine[];
  perBuyerLimit?: number;
  startTime?: number;
  endTime?: number;
}

/** Minutes of the day as "HH:mm"; 1440 is "24:00" (a slot to midnight). */
export const minuteText = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const STEP = 30;
const timeOptions = (from: number, to: number): ResourceStatusOption[] =>
  Array.from({ length: (to - from) / STEP + 1 }, (_, i) => from + i * STEP).map((minute) => ({ value: minute, label: { 'zh-CN': minuteText(minute), 'en-US': minuteText(minute) } }));

/** The sale price with the SKU's list price as its hint. */
const SalePriceInput = promotionPriceInput({ price: 'sale' });

export const FLASH_SALE_FORM_FIELDS: readonly ResourceFormField[] = [
  { name: 'name', labelKey: 'flashSales.form.name', kind: 'text', testId: 'flash-sale-name' },
  {
    name: 'skus',
    labelKey: 'flashSales.form.skus',
    kind: 'lines',
    lines: {
      columns: [
        { name: 'skuId', labelKey: 'flashSales.form.sku', kind: 'select', picked: true, required: true, input: SkuCellInput, testId: 'flash-sale-line-sku' },
        { name: 'priceCents', labelKey: 'flashSales.form.price', kind: 'money', maxCents: FLASH_SALE_LIMITS.priceMaxCents, required: true, input: SalePriceInput, testId: 'flash-sale-line-price' },
        { name: 'stock', labelKey: 'flashSales.form.stock', kind: 'integer', required: true, testId: 'flash-sale-line-stock' },
      ],
      newLine: () => ({}),
      min: 1,
      max: FLASH_SALE_LIMITS.skusMax,
      addKey: 'flashSales.form.addLine',
      removeKey: 'flashSales.form.removeLine',
    },
  },
  {
    name: 'slots',
    labelKey: 'flashSales.form.slots',
    kind: 'lines',
    lines: {
      columns: [
        { name: 'startMinute', labelKey: 'flashSales.form.slotStart', kind: 'select', required: true, options: timeOptions(0, FLASH_SALE_LIMITS.dayMinutes - STEP), testId: 'flash-sale-slot-start' },
        { name: 'endMinute', labelKey: 'flashSales.form.slotEnd', kind: 'select', required: true, options: timeOptions(STEP, FLASH_SALE_LIMITS.dayMinutes), testId: 'flash-sale-slot-end' },
      ],
      newLine: () => ({}),
      min: 1,
      max: FLASH_SALE_LIMITS.slotsMax,
      addKey: 'flashSales.form.addSlot',
      removeKey: 'flashSales.form.removeSlot',
    },
  },
  { name: 'perBuyerLimit', labelKey: 'flashSales.form.perBuyerLimit', kind: 'integer', testId: 'flash-sale-per-buyer-limit' },
  { name: 'startTime', endName: 'endTime', labelKey: 'flashSales.form.window', kind: 'dateRange', required: true },
];

export const FLASH_SALE_FORM_DEFAULTS: FlashSaleFormValues = {
  name: '',
  skus: [{}],
  slots: [
    { startMinute: 10 * 60, endMinute: 12 * 60 },
    { startMinute: 20 * 60, endMinute: 22 * 60 },
  ],
  perBuyerLimit: 2,
};

/** Only what the contract takes: each line's SKU, price and stock, and each slot's minutes. */
export function flashSaleBiz(values: FlashSaleFormValues): Partial<AddBiz> {
  return {
    name: values.name,
    skus: values.skus.map((line) => ({ skuId: line.skuId!, priceCents: line.priceCents!, stock: line.stock! })),
    slots: values.slots.map((slot) => ({ startMinute: slot.startMinute!, endMinute: slot.endMinute! })),
    perBuyerLimit: values.perBuyerLimit,
    startTime: values.startTime,
    endTime: values.endTime,
  };
}

/** A stored sale as the form starts from it (edit): the stock is the stock as set, sold units included. */
export function flashSaleValues(details: FlashSaleDetails): FlashSaleFormValues {
  return {
    name: details.sale.name,
    skus: details.skus.map((sku) => ({ skuId: sku.skuId, priceCents: sku.priceCents, stock: sku.stock, listPriceCents: sku.listPriceCents, label: storedSkuLabel(sku) })),
    slots: details.sale.slots.map((slot) => ({ ...slot })),
    perBuyerLimit: details.sale.perBuyerLimit,
    startTime: details.sale.startTime,
    endTime: details.sale.endTime,
  };
}
