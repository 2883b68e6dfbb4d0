// inventoryWarningConfig (+add, edit): the warning line per item; the add and edit screens are
// generated forms validated by the contract's biz schema.
import { z } from 'zod';
import { PERMISSIONS, inventoryEndpoints, warningConfigAddBiz, type EndpointBiz, type EndpointData } from '@merchant/api-contracts';
import { searchSelect, searchText } from '@merchant/ui-kit';
import { defineResource, listArg, type ResourceStatusOption } from '../../../resource-kit';
import { inventoryApi } from '../api';
import { BASE_PATH, time } from './shared';

type Config = EndpointData<typeof inventoryEndpoints.warningConfigDetail>;
type Values = { itemId?: number; warningLine?: number; enabled: boolean; remark: string };
const api = inventoryApi.endpoints;

/** The store's items as form options (the largest page: a store's warehouse items are few). */
function useItemOptions(): readonly ResourceStatusOption[] {
  const items = api.inventoryItems.useQuery({ pageNum: 1, pageSize: 200 }).data?.list ?? [];
  return items.map((item) => ({ value: item.itemId, label: { 'zh-CN': `${item.itemName} ${item.skuText} · ${item.warehouseName}`, 'en-US': `${item.itemName} ${item.skuText} · ${item.warehouseName}` } }));
}

const ENABLED = [
  { value: 'true', label: 'inventory.enabledYes' },
  { value: 'false', label: 'inventory.enabledNo' },
] as const;

export const warningConfig = defineResource<Config, EndpointBiz<typeof inventoryEndpoints.warningConfigList>, Config, unknown, Values, { configId: number }>({
  key: 'inventory.config',
  titleKey: 'inventory.menu.warningConfig',
  rowId: (row) => row.configId,
  listPath: `${BASE_PATH}/inventoryWarningConfig`,
  list: {
    endpoint: api.warningConfigs,
    // The select holds text; the contract takes a boolean.
    toArg: (query) => {
      const { enabled, ...rest } = listArg<Record<string, unknown>>()(query);
      return { ...rest, ...(enabled === undefined ? {} : { enabled: enabled === 'true' }) } as EndpointBiz<typeof inventoryEndpoints.warningConfigList>;
    },
    search: (t) =>
      z.object({
        itemName: searchText({ label: t('inventory.field.itemName') }),
        enabled: searchSelect({ label: t('inventory.field.enabled'), options: ENABLED.map((option) => ({ value: option.value, label: t(option.label) })) }),
      }),
    columns: [
      { key: 'itemName', titleKey: 'inventory.field.itemName', flex: 2 },
      { key: 'skuText', titleKey: 'inventory.field.sku', flex: 1 },
      { key: 'warehouseName', titleKey: 'inventory.field.warehouse', flex: 1 },
      { key: 'quantity', titleKey: 'inventory.field.quantity', width: 90, align: 'right' },
      { key: 'warningLine', titleKey: 'inventory.field.warningLine', width: 90, align: 'right' },
      { key: 'enabled', titleKey: 'inventory.field.enabled', width: 100, status: { options: [{ value: 'true', label: 'inventory.enabledYes', color: 'success' }, { value: 'false', label: 'inventory.enabledNo' }] } },
      { key: 'remark', titleKey: 'inventory.field.remark', flex: 1 },
      { key: 'updateTime', titleKey: 'inventory.field.updateTime', width: 165, format: (row) => time(row.updateTime) },
    ],
    rowActions: [{ key: 'edit', labelKey: 'inventory.action.edit', permission: PERMISSIONS.inventoryEdit, to: (row) => `${BASE_PATH}/inventoryWarningConfig/edit?id=${row.configId}` }],
    toolbar: [{ key: 'add', labelKey: 'inventory.action.add', permission: PERMISSIONS.inventoryEdit, to: `${BASE_PATH}/inventoryWarningConfig/add` }],
    export: { fileNameKey: 'inventory.export.config' },
  },
  form: {
    schema: warningConfigAddBiz,
    defaults: { enabled: true, remark: '' },
    fields: [
      { name: 'itemId', labelKey: 'inventory.field.item', kind: 'select', useOptions: useItemOptions, createOnly: true },
      { name: 'warningLine', labelKey: 'inventory.field.warningLine', kind: 'integer', helperKey: 'inventory.form.lineHint' },
      { name: 'enabled', labelKey: 'inventory.field.enabled', kind: 'switch' },
      { name: 'remark', labelKey: 'inventory.field.remark', kind: 'textarea' },
    ],
    load: {
      endpoint: api.warningConfig,
      toArg: (id) => ({ configId: Number(id) }),
      toValues: (config) => ({ itemId: config.itemId, warningLine: config.warningLine, enabled: config.enabled, remark: config.remark }),
    },
    create: { endpoint: api.addWarningConfig as never, contract: inventoryEndpoints.warningConfigAdd },
    update: { endpoint: api.editWarningConfig as never, contract: inventoryEndpoints.warningConfigEdit, toBiz: ({ warningLine, enabled, remark }, id) => ({ configId: Number(id), warningLine, enabled, remark }) },
  },
});
