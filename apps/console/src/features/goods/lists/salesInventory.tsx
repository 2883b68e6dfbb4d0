// salesInventory/salesInventoryManagement (issue 9 §3): the store's SKUs with their stock; adjust a
// SKU's stock (updateGoodsSkuStock), bulk edit price and stock of the selected SKUs, and the
// checkStoreGoodsSkuStock summary above the table.
import { z } from 'zod';
import {
  GOODS_STATUS_LABELS,
  PERMISSIONS,
  STOCK_STATUS,
  STOCK_STATUS_LABELS,
  skuSpecText,
  type EndpointBiz,
  type SkuStockRow,
  type goodsEndpoints,
} from '@merchant/api-contracts';
import { formatCents, searchSelect, searchText } from '@merchant/ui-kit';
import { defineResource, listArg, statusFromLabels, statusSelectOptions } from '../../../resource-kit';
import { goodsListApi } from '../api';
import { adjustStockAction } from './AdjustStockDialog';
import { BulkEditSkusDialog } from './BulkEditSkusDialog';
import { GoodsCell } from './GoodsCell';
import { GOODS_STATUS_MAPPING } from './goodsList';

export const STOCK_STATUS_MAPPING = statusFromLabels(STOCK_STATUS_LABELS.labels, { [STOCK_STATUS.inStock]: 'success', [STOCK_STATUS.lowStock]: 'warning', [STOCK_STATUS.outOfStock]: 'error' });
const ALL_GOODS_STATUS = statusFromLabels(GOODS_STATUS_LABELS.labels);

export const salesInventory = defineResource<SkuStockRow, EndpointBiz<typeof goodsEndpoints.skuStockList>>({
  key: 'goods.stock',
  titleKey: 'goods.menu.salesInventory',
  rowId: (row) => row.skuId,
  listPath: '/goods/salesInventory/salesInventoryManagement',
  list: {
    endpoint: goodsListApi.endpoints.skuStockList,
    toArg: listArg({ numbers: ['goodsId', 'stockStatus', 'goodsStatus'] }),
    search: (t, context) =>
      z.object({
        title: searchText({ label: t('goods.field.title') }),
        goodsId: searchText({ label: t('goods.field.goodsId') }),
        stockStatus: searchSelect({ label: t('goods.field.stockStatus'), options: statusSelectOptions(STOCK_STATUS_MAPPING, context) }),
        goodsStatus: searchSelect({ label: t('goods.field.goodsStatus'), options: statusSelectOptions(ALL_GOODS_STATUS, context) }),
      }),
    columns: [
      { key: 'title', titleKey: 'goods.field.goods', flex: 2, hideable: false, render: (row, { locale }) => <GoodsCell imageUrl={row.mainImageUrl} title={row.title} caption={skuSpecText(row, locale)} /> },
      { key: 'goodsId', titleKey: 'goods.field.goodsId', width: 90, sortable: true, hidden: true },
      { key: 'spec', derived: true, titleKey: 'goods.field.spec', width: 150, hidden: true, format: (row, { locale }) => skuSpecText(row, locale) },
      { key: 'skuCode', titleKey: 'goods.field.skuCode', width: 120 },
      { key: 'price', titleKey: 'goods.field.price', width: 100, align: 'right', format: (row) => formatCents(row.price) },
      { key: 'stock', titleKey: 'goods.field.stock', width: 90, align: 'right', sortable: true },
      { key: 'warningStock', titleKey: 'goods.field.warningStock', width: 110, align: 'right' },
      { key: 'stockStatus', titleKey: 'goods.field.stockStatus', width: 110, status: STOCK_STATUS_MAPPING },
      { key: 'goodsStatus', titleKey: 'goods.field.goodsStatus', width: 100, status: GOODS_STATUS_MAPPING },
    ],
    rowActions: [
      adjustStockAction((row) => ({ skuId: row.skuId, title: row.title, spec: row, stock: row.stock, warningStock: row.warningStock })),
    ],
    bulkActions: [
      {
        key: 'bulkEdit',
        labelKey: 'goods.action.bulkEdit',
        permission: PERMISSIONS.goodsStock,
        run: (_ids, ctx, rows) => ctx.openDialog((close) => <BulkEditSkusDialog skus={rows} context={ctx} onClose={close} />),
      },
    ],
    export: { fileNameKey: 'goods.stock.exportFileName', server: 'goods.skuStock' },
  },
});
