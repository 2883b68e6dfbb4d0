// inventoryList 'Register item' (item/add): one of the store's goods SKUs kept at a warehouse, quantity 0
// until an inbound application is received. The same SKU at the same warehouse twice is refused by the
// server (10100009, its msg shown by the baseQuery) and the dialog stays open.
import { inventoryEndpoints, inventoryItemAddBiz } from '@merchant/api-contracts';
import { ResourceFormDialog, defineResourceForm, type ResourceActionContext } from '../../../resource-kit';
import { inventoryApi } from '../api';
import { SkuInput, WarehouseInput } from './pickerInputs';

type Values = { skuId?: number; warehouseName: string };

export const registerItemForm = defineResourceForm<Values>({
  schema: inventoryItemAddBiz,
  defaults: { skuId: undefined, warehouseName: '' },
  fields: [
    { name: 'skuId', labelKey: 'inventory.field.goodsSku', kind: 'select', helperKey: 'inventory.form.skuHint', input: SkuInput },
    { name: 'warehouseName', labelKey: 'inventory.field.warehouse', kind: 'text', helperKey: 'inventory.form.warehouseHint', input: WarehouseInput },
  ],
  create: { endpoint: inventoryApi.endpoints.addInventoryItem as never, contract: inventoryEndpoints.itemAdd },
});

export function RegisterItemDialog({ context, onClose }: { context: ResourceActionContext; onClose(): void }) {
  return <ResourceFormDialog definition={registerItemForm} titleKey="inventory.action.register" submitKey="inventory.action.register" context={context} onClose={onClose} />;
}
