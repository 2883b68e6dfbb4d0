// inventoryList (+detail): the store's items at the warehouse with quantity, warning line and
// stock status; the detail shows the item's stock movements.
import { z } from 'zod';
import { PERMISSIONS, type EndpointBiz, type EndpointData, type inventoryEndpoints } from '@merchant/api-contracts';
import { searchSelect, searchText } from '@merchant/ui-kit';
import { RecordTable, defineResource, listArg, statusSelectOptions } from '../../../resource-kit';
import { inventoryApi } from '../api';
import { RegisterItemDialog } from '../forms/RegisterItemDialog';
import { BASE_PATH, MOVEMENT_COLUMNS, STOCK_STATUS, time } from './shared';

type Item = EndpointData<typeof inventoryEndpoints.itemDetail>;
type ItemRow = EndpointData<typeof inventoryEndpoints.itemList>['list'][number];

export const inventoryList = defineResource<ItemRow, EndpointBiz<typeof inventoryEndpoints.itemList>, Item, { itemId: number }>({
  key: 'inventory.item',
  titleKey: 'inventory.menu.list',
  rowId: (row) => row.itemId,
  listPath: `${BASE_PATH}/inventoryList`,
  detailPath: `${BASE_PATH}/inventoryList/detail`,
  list: {
    endpoint: inventoryApi.endpoints.inventoryItems,
    toArg: listArg(),
    search: (t, context) =>
      z.object({
        itemName: searchText({ label: t('inventory.field.itemName') }),
        warehouseName: searchText({ label: t('inventory.field.warehouse') }),
        stockStatus: searchSelect({ label: t('inventory.field.stockStatus'), options: statusSelectOptions(STOCK_STATUS, context) }),
      }),
    columns: [
      { key: 'itemName', titleKey: 'inventory.field.itemName', flex: 2 },
      { key: 'skuText', titleKey: 'inventory.field.sku', flex: 1 },
      { key: 'warehouseName', titleKey: 'inventory.field.warehouse', flex: 1 },
      { key: 'quantity', titleKey: 'inventory.field.quantity', width: 100, align: 'right', sortable: true },
      { key: 'warningLine', titleKey: 'inventory.field.warningLine', width: 100, align: 'right' },
      { key: 'stockStatus', titleKey: 'inventory.field.stockStatus', width: 110, status: STOCK_STATUS },
      { key: 'updateTime', titleKey: 'inventory.field.updateTime', width: 165, sortable: true, format: (row) => time(row.updateTime) },
    ],
    toolbar: [
      { key: 'register', labelKey: 'inventory.action.register', permission: PERMISSIONS.inventoryEdit, run: (ctx) => ctx.openDialog((close) => <RegisterItemDialog context={ctx} onClose={close} />) },
    ],
    export: { fileNameKey: 'inventory.export.list', server: 'inventory.item' },
  },
  detail: {
    endpoint: inventoryApi.endpoints.inventoryItem,
    toArg: (id) => ({ itemId: Number(id) }),
    fields: [
      { key: 'itemName', labelKey: 'inventory.field.itemName' },
      { key: 'skuText', labelKey: 'inventory.field.sku' },
      { key: 'warehouseName', labelKey: 'inventory.field.warehouse' },
      { key: 'quantity', labelKey: 'inventory.field.quantity' },
      { key: 'warningLine', labelKey: 'inventory.field.warningLine' },
      { key: 'stockStatus', labelKey: 'inventory.field.stockStatus', status: STOCK_STATUS },
      { key: 'updateTime', labelKey: 'inventory.field.updateTime', format: (row) => time(row.updateTime) },
    ],
    extra: (item) => <RecordTable titleKey="inventory.movements" rows={item.movements} rowKey={(m) => m.movementId} columns={MOVEMENT_COLUMNS} />,
  },
});
