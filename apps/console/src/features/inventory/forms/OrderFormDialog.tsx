// managedWarehousing 'New inbound application' (inbound/create) and outboundApplication 'New outbound
// application' (outbound/create): a warehouse, lines of the store's items there with a quantity, and
// for outbound the contact name, mainland mobile (console-spec §5) and address. Checked by the
// contract's schema; nothing moves until the warehouse confirms (receive / dispatch).
import { INVENTORY_LIMITS, inboundCreateBiz, inventoryEndpoints, outboundCreateBiz } from '@merchant/api-contracts';
import { ResourceFormDialog, defineResourceForm, type ResourceActionContext, type ResourceFormField } from '../../../resource-kit';
import { inventoryApi } from '../api';
import { LineItemInput, WarehouseInput } from './pickerInputs';

export type OrderDirection = 'inbound' | 'outbound';

export interface OrderValues extends Record<string, unknown> {
  warehouseName: string;
  lines: Array<{ itemId?: number; quantity?: number }>;
  contactName: string;
  contactMobile: string;
  address: string;
  remark: string;
}

/** The biz each call takes: inbound has no address and an optional mobile; an empty outbound mobile is a missing one. */
export function orderBiz(direction: OrderDirection, { address, ...values }: OrderValues): unknown {
  const lines = values.lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity }));
  if (direction === 'inbound') return { ...values, lines };
  return { ...values, lines, address, contactMobile: values.contactMobile.trim() === '' ? undefined : values.contactMobile };
}

const linesField: ResourceFormField = {
  name: 'lines',
  labelKey: 'inventory.lines',
  kind: 'lines',
  lines: {
    columns: [
      { name: 'itemId', labelKey: 'inventory.field.item', kind: 'select', picked: true, required: true, input: LineItemInput, testId: 'order-line-item' },
      { name: 'quantity', labelKey: 'inventory.field.quantity', kind: 'integer', required: true },
    ],
    newLine: () => ({}),
    min: 1,
    max: INVENTORY_LIMITS.linesMax,
    addKey: 'inventory.form.addLine',
    removeKey: 'inventory.form.removeLine',
  },
};

const orderForm = (direction: OrderDirection) =>
  defineResourceForm<OrderValues>({
    schema: direction === 'inbound' ? inboundCreateBiz : outboundCreateBiz,
    toBiz: (values) => orderBiz(direction, values),
    defaults: { warehouseName: '', lines: [{}], contactName: '', contactMobile: '', address: '', remark: '' },
    fields: [
      { name: 'warehouseName', labelKey: 'inventory.field.warehouse', kind: 'text', input: WarehouseInput },
      linesField,
      { name: 'contactName', labelKey: 'inventory.field.contact', kind: 'text' },
      { name: 'contactMobile', labelKey: 'inventory.field.mobile', kind: 'phone' },
      ...(direction === 'outbound' ? [{ name: 'address', labelKey: 'inventory.field.address', kind: 'text' } as const] : []),
      { name: 'remark', labelKey: 'inventory.field.remark', kind: 'textarea' },
    ],
    successKey: direction === 'inbound' ? 'inventory.notice.inboundCreated' : 'inventory.notice.outboundCreated',
    create:
      direction === 'inbound'
        ? { endpoint: inventoryApi.endpoints.createInbound as never, contract: inventoryEndpoints.inboundCreate }
        : { endpoint: inventoryApi.endpoints.createOutbound as never, contract: inventoryEndpoints.outboundCreate },
  });

const FORMS = { inbound: orderForm('inbound'), outbound: orderForm('outbound') };
const TITLES = { inbound: 'inventory.action.newInbound', outbound: 'inventory.action.newOutbound' };

export function OrderFormDialog({ direction, context, onClose }: { direction: OrderDirection; context: ResourceActionContext; onClose(): void }) {
  return <ResourceFormDialog definition={FORMS[direction]} titleKey={TITLES[direction]} submitKey="inventory.form.submitApplication" context={context} onClose={onClose} maxWidth="md" />;
}
