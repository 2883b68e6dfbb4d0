// What the goods lists (all goods, drafts) share: deleting the chosen goods and the 'release' button.
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ResourceBulkAction, ResourceToolbarAction } from '../../../resource-kit';
import { goodsListApi } from '../api';

/** Selected row ids as the goods calls take them. */
export const goodsIdsBiz = (goodsIds: (string | number)[]) => ({ goodsIds: goodsIds.map(Number) });

/** Deletes the selected goods, asking first. */
export const deleteGoodsAction: ResourceBulkAction = {
  key: 'delete',
  labelKey: 'goods.action.delete',
  permission: PERMISSIONS.goodsDelete,
  destructive: true,
  confirm: { titleKey: 'goods.confirm.deleteTitle', contentKey: 'goods.confirm.delete' },
  run: (selected, ctx) => ctx.perform(goodsListApi.endpoints.goodsDelete, goodsIdsBiz(selected)),
};

export const releaseGoodsAction: ResourceToolbarAction = { key: 'release', labelKey: 'goods.action.release', permission: PERMISSIONS.goodsEdit, to: '/goods/goodRelease' };
