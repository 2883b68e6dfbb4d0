// goodList/goodAll (issue 9 §3): the store's goods by status tab, with on-shelf, off-shelf and
// delete per row and in bulk, the release and edit links of the release screens, and export.
import { z } from 'zod';
import {
  GOODS_LIST_TABS,
  GOODS_STATUS,
  GOODS_STATUS_LABELS,
  PERMISSIONS,
  goodsActionAllowed,
  type GoodsListQuery,
  type GoodsListRow,
} from '@merchant/api-contracts';
import { ConfirmDialog, formatCents, formatSecondsTimestamp, searchDateRange, searchMoney, searchText } from '@merchant/ui-kit';
import { defineResource, listArg, statusFromLabels, type ResourceActionContext, type ResourceRowAction } from '../../../resource-kit';
import { goodsListApi } from '../api';
import { GoodsCell } from './GoodsCell';
import { deleteGoodsAction, goodsIdsBiz, releaseGoodsAction } from './goodsActions';

export const GOODS_STATUS_MAPPING = statusFromLabels(
  GOODS_STATUS_LABELS.labels,
  { [GOODS_STATUS.onShelf]: 'success', [GOODS_STATUS.offShelf]: 'default', [GOODS_STATUS.underReview]: 'info', [GOODS_STATUS.rejected]: 'error', [GOODS_STATUS.draft]: 'default' },
  GOODS_LIST_TABS,
);

const api = goodsListApi.endpoints;

/** Putting one goods on or off the shelf: asked first, offered where the contract's transitions allow it. */
const shelfAction = (action: 'onShelf' | 'offShelf'): ResourceRowAction<GoodsListRow> => ({
  key: action,
  labelKey: `goods.action.${action}`,
  permission: PERMISSIONS.goodsShelf,
  when: (row) => goodsActionAllowed(action, row.status),
  confirm: { titleKey: `goods.confirm.${action}Title`, contentKey: `goods.confirm.${action}` },
  run: (row, ctx) => ctx.perform(action === 'onShelf' ? api.goodsOnShelf : api.goodsOffShelf, goodsIdsBiz([row.goodsId])),
});

/** Asks before a bulk on- or off-shelf, saying how many goods it changes, and runs it on confirm. */
function confirmCounted(ctx: ResourceActionContext, action: 'onShelf' | 'offShelf', count: number, run: () => Promise<void>) {
  ctx.openDialog((close) => (
    <ConfirmDialog
      open
      title={ctx.t(`goods.confirm.${action}Title`)}
      content={ctx.t(`goods.confirm.${action}Count`, { count })}
      // A refusal is shown by the transport (§8); the dialog closes either way.
      onConfirm={() => run().catch(() => undefined)}
      onClose={close}
    />
  ));
}

export const goodsList = defineResource<GoodsListRow, GoodsListQuery>({
  key: 'goods.list',
  titleKey: 'goods.menu.list',
  rowId: (row) => row.goodsId,
  listPath: '/goods/goodList/goodAll',
  list: {
    endpoint: api.goodsList,
    toArg: listArg({ numbers: ['goodsId'], ranges: { createTime: ['createTimeStart', 'createTimeEnd'] } }),
    tabs: { field: 'status', options: GOODS_STATUS_MAPPING.options },
    search: (t) =>
      z.object({
        title: searchText({ label: t('goods.field.title') }),
        goodsId: searchText({ label: t('goods.field.goodsId') }),
        brandName: searchText({ label: t('goods.field.brand') }),
        priceMin: searchMoney({ label: t('goods.field.priceMin') }),
        priceMax: searchMoney({ label: t('goods.field.priceMax') }),
        createTime: searchDateRange({ label: t('goods.field.createTime') }),
      }),
    // An inverted price range is refused on the bar, before any request (the resource kit's searchRanges).
    searchRanges: [{ min: 'priceMin', max: 'priceMax' }],
    columns: [
      { key: 'title', titleKey: 'goods.field.goods', flex: 2, hideable: false, render: (row) => <GoodsCell imageUrl={row.mainImageUrl} title={row.title} caption={`ID ${row.goodsId}`} /> },
      { key: 'goodsId', titleKey: 'goods.field.goodsId', width: 90, hidden: true },
      { key: 'categoryName', titleKey: 'goods.field.category', width: 110, hidden: true },
      { key: 'brandName', titleKey: 'goods.field.brand', width: 110 },
      { key: 'minPrice', titleKey: 'goods.field.minPrice', width: 100, align: 'right', format: (row) => formatCents(row.minPrice) },
      { key: 'totalStock', titleKey: 'goods.field.totalStock', width: 90, align: 'right' },
      { key: 'skuCount', titleKey: 'goods.field.skuCount', width: 80, align: 'right', hidden: true },
      { key: 'status', titleKey: 'goods.field.status', width: 100, status: GOODS_STATUS_MAPPING },
      { key: 'rejectReason', titleKey: 'goods.field.rejectReason', width: 160, hidden: true },
      { key: 'createTime', titleKey: 'goods.field.createTime', width: 165, sortable: true, format: (row) => formatSecondsTimestamp(row.createTime) },
    ],
    rowActions: [
      { key: 'edit', labelKey: 'goods.action.edit', permission: PERMISSIONS.goodsEdit, when: (row) => goodsActionAllowed('submit', row.status), to: (row) => `/goods/goodRelease/edit?id=${row.goodsId}` },
      shelfAction('onShelf'),
      shelfAction('offShelf'),
      { key: 'preview', labelKey: 'goods.action.preview', to: (row) => `/goods/goodsPreview?id=${row.goodsId}` },
      {
        key: 'delete',
        labelKey: 'goods.action.delete',
        permission: PERMISSIONS.goodsDelete,
        destructive: true,
        when: (row) => goodsActionAllowed('delete', row.status),
        confirm: { titleKey: 'goods.confirm.deleteTitle', contentKey: 'goods.confirm.delete' },
        run: (row, ctx) => ctx.perform(api.goodsDelete, goodsIdsBiz([row.goodsId])),
      },
    ],
    bulkActions: [
      // The question says how many goods change (the kit's own confirmation has no count): it is asked here.
      {
        key: 'onShelf',
        labelKey: 'goods.action.onShelf',
        permission: PERMISSIONS.goodsShelf,
        run: (selected, ctx) => confirmCounted(ctx, 'onShelf', selected.length, () => ctx.perform(api.goodsOnShelf, goodsIdsBiz(selected))),
      },
      {
        key: 'offShelf',
        labelKey: 'goods.action.offShelf',
        permission: PERMISSIONS.goodsShelf,
        run: (selected, ctx) => confirmCounted(ctx, 'offShelf', selected.length, () => ctx.perform(api.goodsOffShelf, goodsIdsBiz(selected))),
      },
      deleteGoodsAction,
    ],
    toolbar: [releaseGoodsAction],
    export: { fileNameKey: 'goods.list.exportFileName', server: 'goods.list' },
  },
});
