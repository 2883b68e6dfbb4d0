// inventoryServiceWarning (+detail): warnings fired when an item's quantity crossed its line.
import { z } from 'zod';
import { PERMISSIONS, type EndpointBiz, type EndpointData, type inventoryEndpoints } from '@merchant/api-contracts';
import { searchDateRange, searchText } from '@merchant/ui-kit';
import { RecordTable, defineResource, listArg } from '../../../resource-kit';
import { inventoryApi } from '../api';
import { BASE_PATH, MOVEMENT_COLUMNS, WARNING_STATUS, time } from './shared';

type Warning = EndpointData<typeof inventoryEndpoints.serviceWarningDetail>;
type WarningRow = EndpointData<typeof inventoryEndpoints.serviceWarningList>['list'][number];
const api = inventoryApi.endpoints;
const handle = { titleKey: 'inventory.confirm.handleTitle', contentKey: 'inventory.confirm.handle' };

export const serviceWarning = defineResource<WarningRow, EndpointBiz<typeof inventoryEndpoints.serviceWarningList>, Warning, { warningId: number }>({
  key: 'inventory.warning',
  titleKey: 'inventory.menu.serviceWarning',
  rowId: (row) => row.warningId,
  listPath: `${BASE_PATH}/inventoryServiceWarning`,
  detailPath: `${BASE_PATH}/inventoryServiceWarning/detail`,
  list: {
    endpoint: api.serviceWarnings,
    toArg: listArg({ ranges: { createTime: ['createTimeStart', 'createTimeEnd'] } }),
    tabs: { field: 'status', options: WARNING_STATUS.options },
    search: (t) => z.object({ itemName: searchText({ label: t('inventory.field.itemName') }), createTime: searchDateRange({ label: t('inventory.field.createTime') }) }),
    columns: [
      { key: 'itemName', titleKey: 'inventory.field.itemName', flex: 2 },
      { key: 'skuText', titleKey: 'inventory.field.sku', flex: 1 },
      { key: 'warehouseName', titleKey: 'inventory.field.warehouse', flex: 1 },
      // On the detail page; in the column picker here, so the item, spec and warehouse keep room at 1440 px.
      { key: 'quantity', titleKey: 'inventory.field.quantityWhenFired', width: 110, align: 'right', hidden: true },
      { key: 'warningLine', titleKey: 'inventory.field.warningLine', width: 90, align: 'right' },
      { key: 'currentQuantity', titleKey: 'inventory.field.currentQuantity', width: 100, align: 'right' },
      { key: 'status', titleKey: 'inventory.field.status', width: 100, status: WARNING_STATUS },
      { key: 'createTime', titleKey: 'inventory.field.createTime', width: 160, format: (row) => time(row.createTime) },
    ],
    rowActions: [
      {
        key: 'handle',
        labelKey: 'inventory.action.handle',
        permission: PERMISSIONS.inventoryEdit,
        when: (row) => row.status === 1,
        confirm: handle,
        run: (row, ctx) => ctx.perform(api.handleServiceWarnings, { warningIds: [row.warningId] }),
      },
    ],
    bulkActions: [
      { key: 'handle', labelKey: 'inventory.action.handle', permission: PERMISSIONS.inventoryEdit, confirm: handle, run: (ids, ctx) => ctx.perform(api.handleServiceWarnings, { warningIds: ids.map(Number) }) },
    ],
    export: { fileNameKey: 'inventory.export.warning' },
  },
  detail: {
    endpoint: api.serviceWarning,
    toArg: (id) => ({ warningId: Number(id) }),
    fields: [
      { key: 'itemName', labelKey: 'inventory.field.itemName' },
      { key: 'skuText', labelKey: 'inventory.field.sku' },
      { key: 'warehouseName', labelKey: 'inventory.field.warehouse' },
      { key: 'quantity', labelKey: 'inventory.field.quantityWhenFired' },
      { key: 'warningLine', labelKey: 'inventory.field.warningLine' },
      { key: 'currentQuantity', labelKey: 'inventory.field.currentQuantity' },
      { key: 'status', labelKey: 'inventory.field.status', status: WARNING_STATUS },
      { key: 'createTime', labelKey: 'inventory.field.createTime', format: (row) => time(row.createTime) },
      { key: 'handleTime', labelKey: 'inventory.field.handleTime', format: (row) => time(row.handleTime) },
    ],
    extra: (warning) => <RecordTable titleKey="inventory.movements" rows={warning.movements} rowKey={(m) => m.movementId} columns={MOVEMENT_COLUMNS} />,
  },
});
