import type { z } from 'zod';

/**
 * Issue 34 §3 "Every endpoint refuses what does not belong to the caller": which `biz` fields of a call carry
 * an id, and whose row it names. store-server's ownership test (apps/store-server/src/http/ownership.int.spec.ts)
 * is generated from this table: it calls every call below as one store with another store's ids and expects
 * 10100004 or 10100003 (a `target`) or an empty page (a `filter`), with nothing changed. The table's spec
 * (owned-ids.spec.ts) derives the id fields from every contract's biz (`idFieldPaths`), so a new call with
 * an id field fails until it is declared here (docs/security.md "Cross-store ids").
 */

/** Rows a store owns: another store's caller must never read, change or refer to them by id. */
export const OWNED_RESOURCE_KINDS = [
  'goods',
  'sku',
  'goodsSnapshot',
  'skuWarning',
  'order',
  /** An order's number (`orderNo`), as the lists take it. */
  'orderNumber',
  'shipment',
  'refund',
  'refundNumber',
  'complaint',
  'complaintNumber',
  'evaluation',
  'inventoryItem',
  'inventoryWarningConfig',
  'inventoryServiceWarning',
  'inventoryCount',
  'inboundOrder',
  'outboundOrder',
  'savedView',
  'mediaFile',
  'exportJob',
  'asyncTask',
  'staffUser',
  'role',
  'couponTemplate',
  'activityApplication',
  'groupBuy',
  'flashSale',
  'brandApplication',
  'providerContract',
  'afterSaleTemplate',
  'freightTemplate',
  'cartageTemplate',
  'deliveryRange',
  'withdrawal',
  'ledgerTransfer',
  'settlement',
  'topUp',
  'depositTransfer',
  'quickReply',
] as const;
export type OwnedResourceKind = (typeof OWNED_RESOURCE_KINDS)[number];

/** The platform's rows every store may name (reference data): no ownership to check. */
export const PLATFORM_RESOURCE_KINDS = ['category', 'unit', 'sowntown', 'campaign', 'deliveryProvider'] as const;
export type PlatformResourceKind = (typeof PLATFORM_RESOURCE_KINDS)[number];

/**
 * How a call uses an id field:
 * - `target`: the call reads, changes or refers to that row; another store's id answers 10100004 (not found)
 *   or 10100003 (no permission) and changes nothing;
 * - `filter`: the id narrows a list of the caller's own rows; another store's id answers an empty page;
 * - `platform`: reference data of the platform, the same for every store;
 * - `external`: a number another system gives (a carrier's tracking number), no row of ours.
 */
export type IdFieldUse =
  | { readonly use: 'target'; readonly kind: OwnedResourceKind }
  | { readonly use: 'filter'; readonly kind: OwnedResourceKind }
  | { readonly use: 'platform'; readonly kind: PlatformResourceKind }
  | { readonly use: 'external'; readonly kind: 'trackingNumber' };

const target = (kind: OwnedResourceKind): IdFieldUse => ({ use: 'target', kind });
const filter = (kind: OwnedResourceKind): IdFieldUse => ({ use: 'filter', kind });
const platform = (kind: PlatformResourceKind): IdFieldUse => ({ use: 'platform', kind });
const trackingNumber: IdFieldUse = { use: 'external', kind: 'trackingNumber' };

/**
 * A field is an id by its name: `id`, `…Id`, `…Ids`, `…IdList`, or a number a row is known by (`…No`: orderNo,
 * refundNo); a nested one as `rows[].orderId`, `video.fileId`.
 */
const ID_FIELD_NAME = /(^id|Id|Ids|IdList|No)$/;

/**
 * The id fields of a biz schema as paths: object keys joined by `.`, an array's items as `[]`; optional,
 * default, pipe (transforms), union and intersection wrappers are looked through.
 */
export function idFieldPaths(schema: z.ZodType): string[] {
  const paths = new Set<string>();
  const walk = (node: unknown, prefix: string, depth: number): void => {
    const def = (node as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
    if (!def || depth > 8) return;
    switch (def.type) {
      case 'object':
        for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
          if (ID_FIELD_NAME.test(key)) paths.add(prefix + key);
          walk(value, `${prefix}${key}.`, depth + 1);
        }
        return;
      case 'array':
        return walk(def.element, `${prefix.replace(/\.$/, '')}[].`, depth + 1);
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        return walk(def.innerType, prefix, depth);
      case 'pipe':
        return walk(def.in, prefix, depth);
      case 'union':
        for (const option of def.options as unknown[]) walk(option, prefix, depth);
        return;
      case 'intersection':
        walk(def.left, prefix, depth);
        return walk(def.right, prefix, depth);
      case 'lazy':
        return walk((def.getter as () => unknown)(), prefix, depth + 1);
      default:
        return;
    }
  };
  walk(schema, '', 0);
  return [...paths].sort();
}

const E = '/v1/store/eshop';
const goodsSave = {
  goodsId: target('goods'),
  categoryId: platform('category'),
  unitId: platform('unit'),
  'skus[].skuId': target('sku'),
  'images[].fileId': target('mediaFile'),
  'video.fileId': target('mediaFile'),
  'detailImages[].fileId': target('mediaFile'),
  freightTemplateId: target('freightTemplate'),
  afterSaleTemplateId: target('afterSaleTemplate'),
  cartageTemplateId: target('cartageTemplate'),
} as const;

/** Per contract path, each id field of its biz (as idFieldPaths names it) and how the call uses it. */
export const ID_FIELDS: Readonly<Record<string, Readonly<Record<string, IdFieldUse>>>> = {
  [`${E}/store/user/temporaryStorageStoreInfo`]: { categoryIds: platform('category') },
  [`${E}/store/user/registerStore`]: { categoryIds: platform('category') },
  [`${E}/store/user/updateStoreCategories`]: { categoryIds: platform('category') },
  [`${E}/store/user/applyStoreCategoriesChange`]: { categoryIds: platform('category') },
  '/v1/store/common/category/specList': { categoryId: platform('category') },
  '/v1/store/common/entryFee/getEntryFee': { categoryId: platform('category') },
  [`${E}/expand/category/list`]: { parentId: platform('category') },
  [`${E}/expand/ftEspStoreMmCategory/checkExistsUpperShelfGoods`]: { categoryId: platform('category') },
  '/v1/store/common/asyncTask/queryById': { id: target('asyncTask') },

  [`${E}/order/list`]: { orderNo: filter('orderNumber') },
  [`${E}/order/detail`]: { orderId: target('order') },
  [`${E}/order/ship`]: { orderId: target('order'), trackingNo: trackingNumber },
  [`${E}/order/bulkShip`]: { 'rows[].orderId': target('order'), 'rows[].trackingNo': trackingNumber },
  [`${E}/order/shipment/detail`]: { shipmentId: target('shipment') },
  [`${E}/order/deliverySlip`]: { orderIds: target('order') },
  [`${E}/order/extendReturnPeriod`]: { orderId: target('order') },
  [`${E}/order/salesCertificate`]: { orderId: target('order') },
  [`${E}/afterSales/refund/list`]: { orderNo: filter('orderNumber'), refundNo: filter('refundNumber') },
  [`${E}/afterSales/complaint/list`]: { orderNo: filter('orderNumber'), complaintNo: filter('complaintNumber') },
  [`${E}/afterSales/evaluation/list`]: { orderNo: filter('orderNumber') },
  [`${E}/afterSales/refund/detail`]: { refundId: target('refund') },
  [`${E}/afterSales/refund/approveRefundOnly`]: { refundId: target('refund') },
  [`${E}/afterSales/refund/approveReturn`]: { refundId: target('refund') },
  [`${E}/afterSales/refund/receiveReturn`]: { refundId: target('refund') },
  [`${E}/afterSales/refund/reject`]: { refundId: target('refund') },
  [`${E}/afterSales/refund/approveAndPay`]: { refundId: target('refund') },
  [`${E}/afterSales/refund/pay`]: { refundId: target('refund') },
  [`${E}/afterSales/complaint/detail`]: { complaintId: target('complaint') },
  [`${E}/afterSales/complaint/respond`]: { complaintId: target('complaint') },
  [`${E}/afterSales/evaluation/reply`]: { evaluationId: target('evaluation') },

  [`${E}/goods/list`]: {
    goodsId: filter('goods'),
    categoryId: platform('category'),
    freightTemplateId: filter('freightTemplate'),
    cartageTemplateId: filter('cartageTemplate'),
  },
  [`${E}/goods/detail`]: { goodsId: target('goods') },
  [`${E}/goods/saveDraft`]: goodsSave,
  [`${E}/goods/submit`]: goodsSave,
  [`${E}/goods/onShelf`]: { goodsIds: target('goods') },
  [`${E}/goods/offShelf`]: { goodsIds: target('goods') },
  [`${E}/goods/delete`]: { goodsIds: target('goods') },
  [`${E}/goods/sku/bulkEdit`]: { 'skus[].skuId': target('sku') },
  [`${E}/goods/sku/stockList`]: { goodsId: filter('goods') },
  [`${E}/goodsSkuWarning/updateGoodsSkuStock`]: { skuId: target('sku') },
  [`${E}/goodsSkuWarning/handleWarnings`]: { warningIds: target('skuWarning') },
  [`${E}/goods/snapshot/queryById`]: { id: target('goodsSnapshot') },

  [`${E}/inventory/item/detail`]: { itemId: target('inventoryItem') },
  [`${E}/inventory/item/add`]: { skuId: target('sku') },
  [`${E}/inventory/warningConfig/detail`]: { configId: target('inventoryWarningConfig') },
  [`${E}/inventory/warningConfig/add`]: { itemId: target('inventoryItem') },
  [`${E}/inventory/warningConfig/edit`]: { configId: target('inventoryWarningConfig') },
  [`${E}/inventory/serviceWarning/detail`]: { warningId: target('inventoryServiceWarning') },
  [`${E}/inventory/serviceWarning/handle`]: { warningIds: target('inventoryServiceWarning') },
  [`${E}/inventory/count/detail`]: { countId: target('inventoryCount') },
  [`${E}/inventory/count/create`]: { itemIds: target('inventoryItem') },
  [`${E}/inventory/count/complete`]: { countId: target('inventoryCount'), 'lines[].itemId': target('inventoryItem') },
  [`${E}/inventory/count/cancel`]: { countId: target('inventoryCount') },
  [`${E}/inventory/inbound/detail`]: { orderId: target('inboundOrder') },
  [`${E}/inventory/inbound/create`]: { 'lines[].itemId': target('inventoryItem') },
  [`${E}/inventory/inbound/receive`]: { orderId: target('inboundOrder') },
  [`${E}/inventory/inbound/cancel`]: { orderId: target('inboundOrder') },
  [`${E}/inventory/outbound/detail`]: { orderId: target('outboundOrder') },
  [`${E}/inventory/outbound/create`]: { 'lines[].itemId': target('inventoryItem') },
  [`${E}/inventory/outbound/dispatch`]: { orderId: target('outboundOrder') },
  [`${E}/inventory/outbound/cancel`]: { orderId: target('outboundOrder') },

  [`${E}/savedView/save`]: { viewId: target('savedView') },
  [`${E}/savedView/delete`]: { viewId: target('savedView') },
  [`${E}/resources/file/callbackResourceFile`]: { 'callbackFileList[].fileId': target('mediaFile') },
  [`${E}/resources/file/deleteResourceFile`]: { fileIdList: target('mediaFile') },
  [`${E}/resources/file/updateResourceFileTags`]: { fileId: target('mediaFile') },
  '/v1/store/export/status': { jobId: target('exportJob') },

  [`${E}/store/staff/add`]: { roleIds: target('role') },
  [`${E}/store/staff/edit`]: { userId: target('staffUser'), roleIds: target('role') },
  [`${E}/store/staff/setStatus`]: { userId: target('staffUser') },
  [`${E}/store/staff/resetPassword`]: { userId: target('staffUser') },
  [`${E}/store/staff/effectiveAccess`]: { userId: target('staffUser') },
  [`${E}/store/staff/role/edit`]: { roleId: target('role') },
  [`${E}/store/staff/role/delete`]: { roleId: target('role') },

  [`${E}/marketing/coupons/add`]: { scopeIds: target('goods') },
  [`${E}/marketing/coupons/details`]: { templateId: target('couponTemplate') },
  [`${E}/marketing/coupons/edit`]: { templateId: target('couponTemplate'), scopeIds: target('goods') },
  [`${E}/marketing/coupons/stop`]: { templateId: target('couponTemplate') },
  [`${E}/marketing/coupons/delete`]: { templateId: target('couponTemplate') },
  [`${E}/marketing/coupons/receiveList`]: { templateId: target('couponTemplate') },
  [`${E}/marketing/coupons/dryRun`]: { templateId: target('couponTemplate'), scopeIds: target('goods') },
  [`${E}/marketing/activities/campaign`]: { campaignId: platform('campaign') },
  [`${E}/marketing/activities/apply`]: { campaignId: platform('campaign'), 'items[].goodsId': target('goods'), 'items[].skuId': target('sku') },
  [`${E}/marketing/activities/details`]: { applicationId: target('activityApplication') },
  [`${E}/marketing/activities/withdraw`]: { applicationId: target('activityApplication') },
  [`${E}/marketing/group-buys/add`]: { 'skus[].skuId': target('sku') },
  [`${E}/marketing/group-buys/edit`]: { groupBuyId: target('groupBuy'), 'skus[].skuId': target('sku') },
  [`${E}/marketing/group-buys/details`]: { groupBuyId: target('groupBuy') },
  [`${E}/marketing/group-buys/stop`]: { groupBuyId: target('groupBuy') },
  [`${E}/marketing/group-buys/teams`]: { groupBuyId: target('groupBuy') },
  [`${E}/marketing/group-buys/orders`]: { groupBuyId: target('groupBuy') },
  [`${E}/marketing/flash-sales/add`]: { 'skus[].skuId': target('sku') },
  [`${E}/marketing/flash-sales/edit`]: { saleId: target('flashSale'), 'skus[].skuId': target('sku') },
  [`${E}/marketing/flash-sales/details`]: { saleId: target('flashSale') },
  [`${E}/marketing/flash-sales/stop`]: { saleId: target('flashSale') },
  [`${E}/marketing/flash-sales/orders`]: { saleId: target('flashSale') },
  [`${E}/goods/brand/apply`]: { certificateFileIds: target('mediaFile') },
  [`${E}/goods/brand/applicationDetail`]: { applicationId: target('brandApplication') },

  [`${E}/store/providerDelivery/detail`]: { contractId: target('providerContract') },
  [`${E}/store/providerDelivery/open`]: { providerId: platform('deliveryProvider') },
  [`${E}/store/providerDelivery/sign`]: { contractId: target('providerContract') },
  [`${E}/store/providerDelivery/close`]: { contractId: target('providerContract') },
  [`${E}/store/afterSaleTemplate/detail`]: { templateId: target('afterSaleTemplate') },
  [`${E}/store/afterSaleTemplate/edit`]: { templateId: target('afterSaleTemplate') },
  [`${E}/store/afterSaleTemplate/delete`]: { templateId: target('afterSaleTemplate') },
  [`${E}/store/freight/template/details`]: { templateId: target('freightTemplate') },
  [`${E}/store/freight/template/edit`]: { templateId: target('freightTemplate') },
  [`${E}/store/freight/template/delete`]: { templateId: target('freightTemplate') },
  [`${E}/store/freight/template/quote`]: { templateId: target('freightTemplate') },
  [`${E}/store/freight/checkSowntownSetFreightTemplate`]: { sowntownIds: platform('sowntown') },
  [`${E}/store/deliveryRange/details`]: { rangeId: target('deliveryRange') },
  [`${E}/store/deliveryRange/add`]: { sowntownIds: platform('sowntown') },
  [`${E}/store/deliveryRange/edit`]: { rangeId: target('deliveryRange'), sowntownIds: platform('sowntown') },
  [`${E}/store/deliveryRange/stop`]: { rangeId: target('deliveryRange') },
  [`${E}/store/cartage/template/details`]: { templateId: target('cartageTemplate') },
  [`${E}/store/cartage/template/edit`]: { templateId: target('cartageTemplate') },
  [`${E}/store/cartage/template/delete`]: { templateId: target('cartageTemplate') },
  [`${E}/store/cartage/template/quote`]: { templateId: target('cartageTemplate') },

  [`${E}/trade/tradeOrder/list`]: { orderNo: filter('orderNumber') },
  [`${E}/trade/refund/list`]: { orderNo: filter('orderNumber'), refundNo: filter('refundNumber') },
  [`${E}/trade/tradeOrder/detail`]: { orderId: target('order') },
  [`${E}/trade/refund/detail`]: { refundId: target('refund') },
  [`${E}/trade/settlement/detail`]: { settlementId: target('settlement') },
  [`${E}/trade/settlement/orders`]: { settlementId: target('settlement') },
  '/v1/store/pay/withdrawal/queryWithdrawalDetail': { withdrawalId: target('withdrawal') },
  '/v1/store/pay/ledger/queryLedgerTransfer': { transferId: target('ledgerTransfer') },
  '/v1/store/pay/deposit/queryTopUpDetail': { topUpId: target('topUp') },
  '/v1/store/pay/deposit/queryTransferDetail': { transferId: target('depositTransfer') },
  '/v1/store/im/quickReply/edit': { replyId: target('quickReply') },
  '/v1/store/im/quickReply/move': { replyId: target('quickReply') },
  '/v1/store/im/quickReply/delete': { replyId: target('quickReply') },
};

type OwnedIdFieldUse = Extract<IdFieldUse, { use: 'target' | 'filter' }>;
/** The id fields of one call that name a store's own rows (`target` and `filter`), by field path. */
export function ownedIdFields(path: string): Array<[field: string, use: OwnedIdFieldUse]> {
  return Object.entries(ID_FIELDS[path] ?? {}).filter((entry): entry is [string, OwnedIdFieldUse] => entry[1].use === 'target' || entry[1].use === 'filter');
}
