// inventoryWarning (issue 9 §3): the stock warnings fired when a SKU's stock crossed its line;
// mark them handled (one or in bulk) or adjust the SKU's stock from the warning.
import { z } from 'zod';
import { PERMISSIONS, WARNING_STATUS, WARNING_STATUS_LABELS, skuSpecText, type EndpointBiz, type StockWarningRow, type goodsEndpoints } from '@merchant/api-contracts';
import { formatSecondsTimestamp, searchText } from '@merchant/ui-kit';
import { defineResource, listArg, statusFromLabels } from '../../../resource-kit';
import { goodsListApi } from '../api';
import { adjustStockAction } from './AdjustStockDialog';
import { GoodsCell } from './GoodsCell';

export const WARNING_STATUS_MAPPING = statusFromLabels(WARNING_STATUS_LABELS.labels, { [WARNING_STATUS.open]: 'warning', [WARNING_STATUS.handled]: 'success' });
const api = goodsListApi.endpoints;

/** The title column: wide enough to read a goods title at 1440×900 beside the other columns. */
export const WARNING_TITLE_WIDTH = 220;

/** When the warning was handled; a handled warning without a recorded time reads '—' rather than blank. */
export function handleTimeText(row: Pick<StockWarningRow, 'status' | 'handleTime'>): string {
  const text = formatSecondsTimestamp(row.handleTime);
  return text || (row.status === WARNING_STATUS.handled ? '—' : '');
}

const handle = { titleKey: 'goods.confirm.handleTitle', contentKey: 'goods.confirm.handle' };

export const inventoryWarning = defineResource<StockWarningRow, EndpointBiz<typeof goodsEndpoints.stockWarningList>>({
  key: 'goods.warning',
  titleKey: 'goods.menu.inventoryWarning',
  rowId: (row) => row.warningId,
  listPath: '/goods/inventoryWarning',
  list: {
    endpoint: api.stockWarningList,
    toArg: listArg(),
    tabs: { field: 'status', options: WARNING_STATUS_MAPPING.options },
    search: (t) => z.object({ title: searchText({ label: t('goods.field.title') }) }),
    // Fixed widths that fit a 1440 px wide screen with the sidebar, the actions included (issue: the
    // title shrank to one letter beside the flexible columns and 'Mark handled' fell off the right edge).
    // The spec is the title's second line; its own column and the stock when the warning fired can be
    // shown from the column picker.
    columns: [
      {
        key: 'title',
        titleKey: 'goods.field.title',
        width: WARNING_TITLE_WIDTH,
        hideable: false,
        render: (row, { locale }) => <GoodsCell title={row.title} caption={skuSpecText(row, locale)} />,
      },
      { key: 'spec', derived: true, titleKey: 'goods.field.spec', width: 150, hidden: true, format: (row, { locale }) => skuSpecText(row, locale) },
      { key: 'stock', titleKey: 'goods.field.stockWhenFired', width: 100, align: 'right', hidden: true },
      { key: 'warningStock', titleKey: 'goods.field.warningStock', width: 90, align: 'right' },
      { key: 'currentStock', titleKey: 'goods.field.currentStock', width: 90, align: 'right' },
      { key: 'status', titleKey: 'goods.field.status', width: 80, status: WARNING_STATUS_MAPPING },
      { key: 'createTime', titleKey: 'goods.field.createTime', width: 160, format: (row) => formatSecondsTimestamp(row.createTime) },
      { key: 'handleTime', titleKey: 'goods.field.handleTime', width: 160, format: handleTimeText },
    ],
    rowActions: [
      adjustStockAction((row) => ({ skuId: row.skuId, title: row.title, spec: row, stock: row.currentStock, warningStock: row.warningStock })),
      {
        key: 'handle',
        labelKey: 'goods.action.handle',
        permission: PERMISSIONS.goodsStock,
        when: (row) => row.status === WARNING_STATUS.open,
        confirm: handle,
        run: (row, ctx) => ctx.perform(api.handleStockWarnings, { warningIds: [row.warningId] }),
      },
    ],
    bulkActions: [
      { key: 'handle', labelKey: 'goods.action.handle', permission: PERMISSIONS.goodsStock, confirm: handle, run: (ids, ctx) => ctx.perform(api.handleStockWarnings, { warningIds: ids.map(Number) }) },
    ],
    export: { fileNameKey: 'goods.warning.exportFileName' },
  },
});
