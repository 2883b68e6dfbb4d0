// goodDraft (issue 9 §3): drafts kept on the server; edit opens the release form's draft screen.
import { z } from 'zod';
import { PERMISSIONS, type EndpointBiz, type GoodsListRow, type goodsEndpoints } from '@merchant/api-contracts';
import { formatSecondsTimestamp, searchDateRange, searchText } from '@merchant/ui-kit';
import { defineResource, listArg } from '../../../resource-kit';
import { goodsListApi } from '../api';
import { GoodsCell } from './GoodsCell';
import { deleteGoodsAction, goodsIdsBiz, releaseGoodsAction } from './goodsActions';

const api = goodsListApi.endpoints;

export const goodsDraft = defineResource<GoodsListRow, EndpointBiz<typeof goodsEndpoints.draftList>>({
  key: 'goods.draft',
  titleKey: 'goods.menu.draft',
  rowId: (row) => row.goodsId,
  listPath: '/goods/goodDraft',
  list: {
    endpoint: api.goodsDraftList,
    toArg: listArg({ ranges: { createTime: ['createTimeStart', 'createTimeEnd'] } }),
    search: (t) => z.object({ title: searchText({ label: t('goods.field.title') }), createTime: searchDateRange({ label: t('goods.field.createTime') }) }),
    columns: [
      { key: 'title', titleKey: 'goods.field.goods', flex: 2, hideable: false, render: (row) => <GoodsCell imageUrl={row.mainImageUrl} title={row.title || '—'} caption={`ID ${row.goodsId}`} /> },
      { key: 'categoryName', titleKey: 'goods.field.category', width: 140 },
      { key: 'brandName', titleKey: 'goods.field.brand', width: 120 },
      { key: 'skuCount', titleKey: 'goods.field.skuCount', width: 80, align: 'right' },
      { key: 'createTime', titleKey: 'goods.field.createTime', width: 165, sortable: true, format: (row) => formatSecondsTimestamp(row.createTime) },
      { key: 'updateTime', titleKey: 'goods.field.updateTime', width: 165, sortable: true, format: (row) => formatSecondsTimestamp(row.updateTime) },
    ],
    rowActions: [
      { key: 'edit', labelKey: 'goods.action.edit', permission: PERMISSIONS.goodsEdit, to: (row) => `/goods/goodDraft/edit?id=${row.goodsId}` },
      {
        key: 'delete',
        labelKey: 'goods.action.delete',
        permission: PERMISSIONS.goodsDelete,
        destructive: true,
        confirm: { titleKey: 'goods.confirm.deleteTitle', contentKey: 'goods.confirm.delete' },
        run: (row, ctx) => ctx.perform(api.goodsDelete, goodsIdsBiz([row.goodsId])),
      },
    ],
    bulkActions: [
      deleteGoodsAction,
    ],
    toolbar: [releaseGoodsAction],
    export: { fileNameKey: 'goods.draft.exportFileName', server: 'goods.draft' },
    emptyKey: 'goods.draft.empty',
  },
});
