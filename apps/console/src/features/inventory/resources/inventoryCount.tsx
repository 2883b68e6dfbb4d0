// inventoryCount (+detail): counts of a warehouse, their lines with book and counted quantities.
import { z } from 'zod';
import { PERMISSIONS, type EndpointBiz, type EndpointData, type inventoryEndpoints } from '@merchant/api-contracts';
import { searchDateRange, searchSelect, searchText } from '@merchant/ui-kit';
import { RecordTable, defineResource, listArg, statusSelectOptions, type ResourceColumn } from '../../../resource-kit';
import { inventoryApi } from '../api';
import { CountCreateDialog } from '../forms/CountCreateDialog';
import { CountSheet, signed } from '../forms/CountSheet';
import { BASE_PATH, COUNT_STATUS, time } from './shared';

type Count = EndpointData<typeof inventoryEndpoints.countDetail>;
type CountRow = EndpointData<typeof inventoryEndpoints.countList>['list'][number];
const api = inventoryApi.endpoints;
/** Wide enough for a warehouse name of the demo data, "Shanghai Service Warehouse", at the table's 14 px. */
export const WAREHOUSE_WIDTH = 210;

const LINE_COLUMNS: ResourceColumn<Count['lines'][number]>[] = [
  { key: 'itemName', titleKey: 'inventory.field.itemName' },
  { key: 'skuText', titleKey: 'inventory.field.sku' },
  { key: 'bookQuantity', titleKey: 'inventory.field.bookQuantity', align: 'right' },
  { key: 'countedQuantity', titleKey: 'inventory.field.countedQuantity', align: 'right' },
  { key: 'lineDifference', derived: true, titleKey: 'inventory.field.lineDifference', align: 'right', format: (line) => (line.countedQuantity === null ? '' : signed(line.countedQuantity - line.bookQuantity)) },
];

export const inventoryCount = defineResource<CountRow, EndpointBiz<typeof inventoryEndpoints.countList>, Count, { countId: number }>({
  key: 'inventory.count',
  titleKey: 'inventory.menu.count',
  rowId: (row) => row.countId,
  listPath: `${BASE_PATH}/inventoryCount`,
  detailPath: `${BASE_PATH}/inventoryCount/detail`,
  list: {
    endpoint: api.inventoryCounts,
    toArg: listArg({ ranges: { createTime: ['createTimeStart', 'createTimeEnd'] } }),
    search: (t, context) =>
      z.object({
        warehouseName: searchText({ label: t('inventory.field.warehouse') }),
        status: searchSelect({ label: t('inventory.field.status'), options: statusSelectOptions(COUNT_STATUS, context) }),
        createTime: searchDateRange({ label: t('inventory.field.createTime') }),
      }),
    // At 1440 px (console-spec §2) the warehouse ("Shanghai Service Warehouse") and a remark ("Monthly count")
    // read whole next to the row actions: the warehouse has a fixed width (a flex column shrinks to nothing),
    // the remark takes the rest, and the completion time (empty while counting; also on the detail) starts
    // hidden in the column picker.
    columns: [
      { key: 'countId', titleKey: 'inventory.field.countId', width: 90 },
      { key: 'warehouseName', titleKey: 'inventory.field.warehouse', width: WAREHOUSE_WIDTH },
      { key: 'status', titleKey: 'inventory.field.status', width: 100, status: COUNT_STATUS },
      { key: 'lineCount', titleKey: 'inventory.field.lineCount', width: 80, align: 'right' },
      { key: 'difference', titleKey: 'inventory.field.difference', width: 100, align: 'right', format: (row) => signed(row.difference) },
      { key: 'remark', titleKey: 'inventory.field.remark', flex: 1 },
      { key: 'createTime', titleKey: 'inventory.field.createTime', width: 160, format: (row) => time(row.createTime) },
      { key: 'completeTime', titleKey: 'inventory.field.completeTime', width: 160, hidden: true, format: (row) => time(row.completeTime) },
    ],
    rowActions: [
      { key: 'count', labelKey: 'inventory.action.enterCount', permission: PERMISSIONS.inventoryEdit, when: (row) => row.status === 1, to: (row) => `${BASE_PATH}/inventoryCount/detail?id=${row.countId}` },
      {
        key: 'cancel',
        labelKey: 'inventory.action.cancel',
        permission: PERMISSIONS.inventoryEdit,
        destructive: true,
        when: (row) => row.status === 1,
        confirm: { titleKey: 'inventory.confirm.cancelTitle', contentKey: 'inventory.confirm.cancel' },
        run: (row, ctx) => ctx.perform(api.cancelInventoryCount, { countId: row.countId }),
      },
    ],
    toolbar: [{ key: 'create', labelKey: 'inventory.action.newCount', permission: PERMISSIONS.inventoryEdit, run: (ctx) => ctx.openDialog((close) => <CountCreateDialog context={ctx} onClose={close} />) }],
    export: { fileNameKey: 'inventory.export.count' },
  },
  detail: {
    endpoint: api.inventoryCount,
    toArg: (id) => ({ countId: Number(id) }),
    fields: [
      { key: 'countId', labelKey: 'inventory.field.countId' },
      { key: 'warehouseName', labelKey: 'inventory.field.warehouse' },
      { key: 'status', labelKey: 'inventory.field.status', status: COUNT_STATUS },
      { key: 'lineCount', labelKey: 'inventory.field.lineCount' },
      { key: 'difference', labelKey: 'inventory.field.difference', format: (row) => (row.status === 2 ? signed(row.difference) : '') },
      { key: 'createTime', labelKey: 'inventory.field.createTime', format: (row) => time(row.createTime) },
      { key: 'completeTime', labelKey: 'inventory.field.completeTime', format: (row) => time(row.completeTime) },
      { key: 'remark', labelKey: 'inventory.field.remark', wide: true },
    ],
    // A count in progress is counted here; a finished one shows what was counted.
    extra: (count) =>
      count.status === 1 ? <CountSheet count={count} /> : <RecordTable titleKey="inventory.lines" rows={count.lines} rowKey={(line) => line.itemId} columns={LINE_COLUMNS} />,
  },
});
