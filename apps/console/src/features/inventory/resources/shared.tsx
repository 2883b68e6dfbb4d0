// Status mappings and line columns shared by the inventory screens (labels from the contracts).
import {
  INBOUND_STATUS_LABELS,
  INVENTORY_COUNT_STATUS_LABELS,
  INVENTORY_MOVEMENT_LABELS,
  OUTBOUND_STATUS_LABELS,
  STOCK_STATUS_LABELS,
  WARNING_STATUS_LABELS,
  type inventoryMovementSchema,
  type inventoryOrderLineSchema,
} from '@merchant/api-contracts';
import { formatSecondsTimestamp } from '@merchant/ui-kit';
import type { z } from 'zod';
import { statusFromLabels, type ResourceColumn } from '../../../resource-kit';

export const BASE_PATH = '/inventoryCenter/serviceWarehouse';

export const COUNT_STATUS = statusFromLabels(INVENTORY_COUNT_STATUS_LABELS.labels, { 1: 'info', 2: 'success', 3: 'default' });
export const INBOUND_STATUS = statusFromLabels(INBOUND_STATUS_LABELS.labels, { 1: 'info', 2: 'success', 3: 'default' });
export const OUTBOUND_STATUS = statusFromLabels(OUTBOUND_STATUS_LABELS.labels, { 1: 'info', 2: 'success', 3: 'default' });
export const STOCK_STATUS = statusFromLabels(STOCK_STATUS_LABELS.labels, { 1: 'success', 2: 'warning', 3: 'error' });
export const WARNING_STATUS = statusFromLabels(WARNING_STATUS_LABELS.labels, { 1: 'warning', 2: 'success' });
export const MOVEMENT_KIND = statusFromLabels(INVENTORY_MOVEMENT_LABELS.labels, { 1: 'success', 2: 'info', 3: 'warning' });

export const time = (seconds: number | null) => formatSecondsTimestamp(seconds);

type Movement = z.infer<typeof inventoryMovementSchema>;
export const MOVEMENT_COLUMNS: ResourceColumn<Movement>[] = [
  { key: 'kind', titleKey: 'inventory.field.movementKind', status: MOVEMENT_KIND },
  { key: 'delta', titleKey: 'inventory.field.delta', align: 'right', format: (m) => (m.delta > 0 ? `+${m.delta}` : String(m.delta)) },
  { key: 'quantityAfter', titleKey: 'inventory.field.quantityAfter', align: 'right' },
  { key: 'refNo', titleKey: 'inventory.field.refNo' },
  { key: 'createTime', titleKey: 'inventory.field.time', format: (m) => time(m.createTime) },
];

type OrderLine = z.infer<typeof inventoryOrderLineSchema>;
export const ORDER_LINE_COLUMNS: ResourceColumn<OrderLine>[] = [
  { key: 'itemName', titleKey: 'inventory.field.itemName' },
  { key: 'skuText', titleKey: 'inventory.field.sku' },
  { key: 'quantity', titleKey: 'inventory.field.quantity', align: 'right' },
];
