// /marketing/activity/activityList/apply?campaignId= (issue 28 §1): the store's goods SKUs at activity prices, on
// the form kit, checked by the contract's biz (activityEndpoints.applyActivity). Each line picks one SKU (searched
// by goods title; the line keeps its goodsId too) and types its activity price in yuan with the kit's `money`
// kind; the SKU's list price and the highest price the campaign allows show under the price. The server's field
// refusals land on their fields: a line's price on its price, a goods outside the categories on its SKU.
import { ACTIVITY_LIMITS, activityEndpoints } from '@merchant/api-contracts';
import { defineResourceForm, type ResourceFormField } from '../../../resource-kit';
import { SkuCellInput, promotionPriceInput, type PromotionSkuLine } from '../promotion-skus/PromotionSkuInputs';
import { activitiesApi, type ActivityCampaignRow } from './api';
import { maxActivityPriceCents } from './activityText';

interface ApplyLine extends PromotionSkuLine {
  activityPriceCents?: number;
}
export interface ApplyValues extends Record<string, unknown> {
  items: ApplyLine[];
}

/** The form of one campaign: its lines go out as { goodsId, skuId, activityPriceCents } with the campaign's id. */
export function applyForm(campaign: ActivityCampaignRow) {
  // The activity price with the list price and the campaign's highest price as its hint.
  const activityPrice = promotionPriceInput({ price: 'activity', maxCents: (list) => maxActivityPriceCents(list, campaign.minDiscountBp) });
  const fields: readonly ResourceFormField[] = [
    {
      name: 'items',
      labelKey: 'activities.apply.items',
      kind: 'lines',
      lines: {
        columns: [
          { name: 'skuId', labelKey: 'activities.apply.sku', kind: 'select', picked: true, required: true, input: SkuCellInput, testId: 'activity-line-sku' },
          { name: 'activityPriceCents', labelKey: 'activities.apply.price', kind: 'money', maxCents: ACTIVITY_LIMITS.priceMaxCents, required: true, input: activityPrice, testId: 'activity-line-price' },
        ],
        newLine: () => ({}),
        min: 1,
        max: ACTIVITY_LIMITS.itemsMax,
        addKey: 'activities.apply.addLine',
        removeKey: 'activities.apply.removeLine',
      },
    },
  ];
  return defineResourceForm<ApplyValues>({
    schema: activityEndpoints.applyActivity.biz,
    toBiz: (values) => ({ campaignId: campaign.campaignId, items: values.items.map((line) => ({ goodsId: line.goodsId, skuId: line.skuId, activityPriceCents: line.activityPriceCents })) }),
    // A goods outside the campaign's categories is refused on its goodsId: the line's SKU picker chose it.
    fromWirePath: (path) => path.replace(/^(items\.\d+)\.goodsId$/, '$1.skuId'),
    defaults: { items: [{}] },
    fields,
    successKey: 'activities.apply.saved',
    create: { endpoint: activitiesApi.endpoints.applyActivity as never, contract: activityEndpoints.applyActivity },
  });
}
