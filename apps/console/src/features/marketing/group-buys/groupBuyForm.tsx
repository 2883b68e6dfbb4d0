// The group-buy form (issue 28 §2: +add, and edit with ?id=) on the form kit, checked by the contract's biz
// (groupBuyEndpoints.addGroupBuy). Each line picks one of the store's SKUs (searched by goods title) and types its
// group price in yuan with the kit's `money` kind (integer cents in the values); the SKU's list price shows under
// the price. The run window is the kit's date range (seconds). The server's field refusals land on their fields.
import { GROUP_BUY_LIMITS, groupBuyEndpoints, type EndpointBiz } from '@merchant/api-contracts';
import type { ResourceFormField } from '../../../resource-kit';
import { SkuCellInput, promotionPriceInput, storedSkuLabel, type PromotionSkuLine } from '../promotion-skus/PromotionSkuInputs';
import type { GroupBuyRow } from './api';

type AddBiz = EndpointBiz<typeof groupBuyEndpoints.addGroupBuy>;

interface SkuLine extends PromotionSkuLine {
  groupPriceCents?: number;
}
/** The biz as the merchant fills it: numbers not typed yet are undefined. */
export interface GroupBuyFormValues extends Record<string, unknown> {
  name: string;
  skus: SkuLine[];
  teamSize?: number;
  formMinutes?: number;
  perBuyerLimit?: number;
  totalLimit?: number;
  startTime?: number;
  endTime?: number;
}

/** The group price with the SKU's list price as its hint. */
const GroupPriceInput = promotionPriceInput({ price: 'group' });

export const GROUP_BUY_FORM_FIELDS: readonly ResourceFormField[] = [
  { name: 'name', labelKey: 'groupBuys.form.name', kind: 'text', testId: 'group-buy-name' },
  {
    name: 'skus',
    labelKey: 'groupBuys.form.skus',
    kind: 'lines',
    lines: {
      columns: [
        { name: 'skuId', labelKey: 'groupBuys.form.sku', kind: 'select', picked: true, required: true, input: SkuCellInput, testId: 'group-buy-line-sku' },
        { name: 'groupPriceCents', labelKey: 'groupBuys.form.price', kind: 'money', maxCents: GROUP_BUY_LIMITS.priceMaxCents, required: true, input: GroupPriceInput, testId: 'group-buy-line-price' },
      ],
      newLine: () => ({}),
      min: 1,
      max: GROUP_BUY_LIMITS.skusMax,
      addKey: 'groupBuys.form.addLine',
      removeKey: 'groupBuys.form.removeLine',
    },
  },
  { name: 'teamSize', labelKey: 'groupBuys.form.teamSize', kind: 'integer', testId: 'group-buy-team-size' },
  { name: 'formMinutes', labelKey: 'groupBuys.form.formMinutes', kind: 'integer', helperKey: 'groupBuys.form.formMinutesHint', testId: 'group-buy-form-minutes' },
  { name: 'perBuyerLimit', labelKey: 'groupBuys.form.perBuyerLimit', kind: 'integer', testId: 'group-buy-per-buyer-limit' },
  { name: 'totalLimit', labelKey: 'groupBuys.form.totalLimit', kind: 'integer', testId: 'group-buy-total-limit' },
  { name: 'startTime', endName: 'endTime', labelKey: 'groupBuys.form.window', kind: 'dateRange', required: true },
];

const DAY_SECONDS = 24 * 60 * 60;
/** Today's start, in seconds (local time, as the date range picks days). */
function todayStart(): number {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  return Math.floor(today.getTime() / 1000);
}

/** A new activity: teams of 2 with a day to form, running from today for 7 days. */
export function groupBuyFormDefaults(): GroupBuyFormValues {
  const start = todayStart();
  return { name: '', skus: [{}], teamSize: 2, formMinutes: 24 * 60, perBuyerLimit: 1, totalLimit: 1_000, startTime: start, endTime: start + 7 * DAY_SECONDS - 1 };
}

/** Only what the contract takes: each line's SKU and group price. */
export function groupBuyBiz(values: GroupBuyFormValues): Partial<AddBiz> {
  return {
    name: values.name,
    skus: values.skus.map((line) => ({ skuId: line.skuId!, groupPriceCents: line.groupPriceCents! })),
    teamSize: values.teamSize,
    formMinutes: values.formMinutes,
    perBuyerLimit: values.perBuyerLimit,
    totalLimit: values.totalLimit,
    startTime: values.startTime,
    endTime: values.endTime,
  };
}

/** A stored activity as the form starts from it (edit). */
export function groupBuyValues(row: GroupBuyRow): GroupBuyFormValues {
  return {
    name: row.name,
    skus: row.skus.map((sku) => ({ skuId: sku.skuId, groupPriceCents: sku.groupPriceCents, listPriceCents: sku.listPriceCents, label: storedSkuLabel(sku) })),
    teamSize: row.teamSize,
    formMinutes: row.formMinutes,
    perBuyerLimit: row.perBuyerLimit,
    totalLimit: row.totalLimit,
    startTime: row.startTime,
    endTime: row.endTime,
  };
}
