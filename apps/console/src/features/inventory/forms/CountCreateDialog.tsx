// inventoryCount 'New count' (count/create): a warehouse, optionally the items to count (every item there
// when none is chosen, up to 100), a remark. The count keeps each item's book quantity of now; the
// merchant is taken to its detail page to enter the counted quantities.
import { inventoryCountCreateBiz, inventoryEndpoints } from '@merchant/api-contracts';
import { ResourceFormDialog, defineResourceForm, type ResourceActionContext } from '../../../resource-kit';
import { inventoryApi } from '../api';
import { BASE_PATH } from '../resources/shared';
import { WarehouseInput, WarehouseItemsInput } from './pickerInputs';

type Values = { warehouseName: string; itemIds: number[]; remark: string };

/** No items chosen means every item of the warehouse: the list is left out. */
export const countBiz = ({ itemIds, ...values }: Values) => ({ ...values, ...(itemIds.length > 0 ? { itemIds } : {}) });

export const countCreateForm = defineResourceForm<Values>({
  schema: inventoryCountCreateBiz,
  toBiz: countBiz,
  defaults: { warehouseName: '', itemIds: [], remark: '' },
  fields: [
    { name: 'warehouseName', labelKey: 'inventory.field.warehouse', kind: 'text', input: WarehouseInput },
    { name: 'itemIds', labelKey: 'inventory.field.item', kind: 'select', helperKey: 'inventory.form.countItemsHint', input: WarehouseItemsInput },
    { name: 'remark', labelKey: 'inventory.field.remark', kind: 'textarea' },
  ],
  create: { endpoint: inventoryApi.endpoints.createInventoryCount as never, contract: inventoryEndpoints.countCreate },
  afterSave: (answer, context) => context.navigate(`${BASE_PATH}/inventoryCount/detail?id=${(answer as { countId: number }).countId}`),
});

export function CountCreateDialog({ context, onClose }: { context: ResourceActionContext; onClose(): void }) {
  return <ResourceFormDialog definition={countCreateForm} titleKey="inventory.action.newCount" submitKey="inventory.form.startCount" context={context} onClose={onClose} />;
}
