// The inventory centre at a service provider's warehouse (console-spec §2 /inventoryCenter/serviceWarehouse;
// the records and flows are our design, docs/inventory.md). Stock status values are the shared list's
// (STOCK_STATUS of ./goods); quantities never go below zero.
import { z } from 'zod';
import { endpointsUnder, pageQueryShape, pageResult } from '../endpoint';
import { statusTable, type StatusTable } from '../status-tables';
import { mobileField } from '../fields';
import { rule } from '../rules';
import { PERMISSIONS } from '../permissions';
import { STORE_CODES } from '../store-codes';
import {
  CREATE_TIME_RANGE_ERROR,
  STOCK_STATUS_VALUES,
  createTimeRangeValid,
  createTimeShape,
  keywordField,
  sortShape,
  type StockStatus,
  type WarningStatus,
} from './goods';

/** Inventory count status: 1 counting, 2 completed, 3 cancelled. */
export const INVENTORY_COUNT_STATUS = { counting: 1, completed: 2, cancelled: 3 } as const;
export type InventoryCountStatus = (typeof INVENTORY_COUNT_STATUS)[keyof typeof INVENTORY_COUNT_STATUS];
export const INVENTORY_COUNT_STATUS_LABELS: StatusTable<InventoryCountStatus> = statusTable({
  1: { 'zh-CN': '盘点中', 'en-US': 'counting' },
  2: { 'zh-CN': '已完成', 'en-US': 'completed' },
  3: { 'zh-CN': '已取消', 'en-US': 'cancelled' },
});

/** Managed warehousing (inbound) and outbound application status: 1 submitted, 2 completed, 3 cancelled. */
export const INVENTORY_ORDER_STATUS = { submitted: 1, completed: 2, cancelled: 3 } as const;
export type InventoryOrderStatus = (typeof INVENTORY_ORDER_STATUS)[keyof typeof INVENTORY_ORDER_STATUS];
export const INBOUND_STATUS_LABELS: StatusTable<InventoryOrderStatus> = statusTable({
  1: { 'zh-CN': '待入库', 'en-US': 'awaiting receipt' },
  2: { 'zh-CN': '已入库', 'en-US': 'received' },
  3: { 'zh-CN': '已取消', 'en-US': 'cancelled' },
});
export const OUTBOUND_STATUS_LABELS: StatusTable<InventoryOrderStatus> = statusTable({
  1: { 'zh-CN': '待出库', 'en-US': 'awaiting dispatch' },
  2: { 'zh-CN': '已出库', 'en-US': 'dispatched' },
  3: { 'zh-CN': '已取消', 'en-US': 'cancelled' },
});

/** Movement kind of the item ledger: 1 inbound, 2 outbound, 3 count adjustment. */
export const INVENTORY_MOVEMENT_KIND = { inbound: 1, outbound: 2, count: 3 } as const;
export type InventoryMovementKind = (typeof INVENTORY_MOVEMENT_KIND)[keyof typeof INVENTORY_MOVEMENT_KIND];
export const INVENTORY_MOVEMENT_LABELS: StatusTable<InventoryMovementKind> = statusTable({
  1: { 'zh-CN': '入库', 'en-US': 'inbound' },
  2: { 'zh-CN': '出库', 'en-US': 'outbound' },
  3: { 'zh-CN': '盘点调整', 'en-US': 'count adjustment' },
});

export const INVENTORY_LIMITS = { quantityMax: 9_999_999, linesMax: 100, remarkMax: 200, nameMax: 60, addressMax: 200 } as const;

const id = () => z.number().int().positive();
const quantity = (min = 0) =>
  z
    .number()
    .int()
    .min(min)
    .max(INVENTORY_LIMITS.quantityMax);
const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => text(max).min(1);
const stockStatusFilter = z
  .number()
  .refine((s) => (STOCK_STATUS_VALUES as number[]).includes(s), rule('option', { values: STOCK_STATUS_VALUES }))
  .optional();
const statusFilter = (values: readonly number[]) =>
  z.number().refine((s) => values.includes(s), rule('option', { values })).optional();
const stockStatusValue = z.number().int() as unknown as z.ZodType<StockStatus>;
const warningStatusValue = z.number().int() as unknown as z.ZodType<WarningStatus>;

// ---------------------------------------------------------------------------------------------
// Items (inventoryList + detail)

export const inventoryItemRowSchema = z.object({
  itemId: z.number(),
  goodsId: z.number().nullable(),
  skuId: z.number().nullable(),
  itemName: z.string(),
  skuText: z.string(),
  warehouseName: z.string(),
  quantity: z.number(),
  /** The enabled warning config's line, or null. */
  warningLine: z.number().nullable(),
  stockStatus: stockStatusValue,
  updateTime: z.number(),
});
export type InventoryItemRow = z.infer<typeof inventoryItemRowSchema>;

export const inventoryMovementSchema = z.object({
  movementId: z.number(),
  kind: z.number() as unknown as z.ZodType<InventoryMovementKind>,
  delta: z.number(),
  quantityAfter: z.number(),
  refNo: z.string(),
  createTime: z.number(),
});
export const inventoryItemDetailSchema = inventoryItemRowSchema.extend({ movements: z.array(inventoryMovementSchema) });

export const inventoryItemListBiz = z.object({
  ...pageQueryShape,
  itemName: keywordField(),
  warehouseName: keywordField(),
  stockStatus: stockStatusFilter,
  ...sortShape(['updateTime', 'quantity'] as const),
});
export const itemIdBiz = z.object({ itemId: id() });
/** Registers one of the store's SKUs at a warehouse (quantity 0 until an inbound is received). */
export const inventoryItemAddBiz = z.object({ skuId: id(), warehouseName: required(INVENTORY_LIMITS.nameMax) });

// ---------------------------------------------------------------------------------------------
// Warning configs (inventoryWarningConfig + add, edit) and service warnings (inventoryServiceWarning + detail)

export const warningConfigRowSchema = z.object({
  configId: z.number(),
  itemId: z.number(),
  itemName: z.string(),
  skuText: z.string(),
  warehouseName: z.string(),
  quantity: z.number(),
  warningLine: z.number(),
  enabled: z.boolean(),
  remark: z.string(),
  updateTime: z.number(),
});
export const warningConfigListBiz = z.object({ ...pageQueryShape, itemName: keywordField(), enabled: z.boolean().optional() });
export const warningConfigAddBiz = z.object({
  itemId: id(),
  warningLine: quantity(),
  enabled: z.boolean().default(true),
  remark: text(INVENTORY_LIMITS.remarkMax).default(''),
});
export const warningConfigEditBiz = z.object({
  configId: id(),
  warningLine: quantity().optional(),
  enabled: z.boolean().optional(),
  remark: text(INVENTORY_LIMITS.remarkMax).optional(),
});
export const configIdBiz = z.object({ configId: id() });

export const serviceWarningRowSchema = z.object({
  warningId: z.number(),
  itemId: z.number(),
  itemName: z.string(),
  skuText: z.string(),
  warehouseName: z.string(),
  /** Quantity when the warning fired and the line it crossed. */
  quantity: z.number(),
  warningLine: z.number(),
  currentQuantity: z.number(),
  status: warningStatusValue,
  createTime: z.number(),
  handleTime: z.number().nullable(),
});
export const serviceWarningDetailSchema = serviceWarningRowSchema.extend({ movements: z.array(inventoryMovementSchema) });
export const serviceWarningListBiz = z
  .object({ ...pageQueryShape, itemName: keywordField(), status: statusFilter([1, 2]), ...createTimeShape })
  .refine(createTimeRangeValid, CREATE_TIME_RANGE_ERROR);
export const warningIdBiz = z.object({ warningId: id() });
export const serviceWarningIdsBiz = z.object({
  warningIds: z.array(id()).min(1).max(200),
});

// ---------------------------------------------------------------------------------------------
// Counts (inventoryCount + detail)

export const inventoryCountRowSchema = z.object({
  countId: z.number(),
  warehouseName: z.string(),
  status: z.number() as unknown as z.ZodType<InventoryCountStatus>,
  lineCount: z.number(),
  /** Sum of counted − book quantity over counted lines. */
  difference: z.number(),
  remark: z.string(),
  createTime: z.number(),
  completeTime: z.number().nullable(),
});
export const inventoryCountLineSchema = z.object({
  itemId: z.number(),
  itemName: z.string(),
  skuText: z.string(),
  bookQuantity: z.number(),
  countedQuantity: z.number().nullable(),
});
export const inventoryCountDetailSchema = inventoryCountRowSchema.extend({ lines: z.array(inventoryCountLineSchema) });
export const inventoryCountListBiz = z
  .object({ ...pageQueryShape, warehouseName: keywordField(), status: statusFilter([1, 2, 3]), ...createTimeShape })
  .refine(createTimeRangeValid, CREATE_TIME_RANGE_ERROR);
/** Starts a count of a warehouse: every item there (or the chosen ones) with its book quantity now. */
export const inventoryCountCreateBiz = z.object({
  warehouseName: required(INVENTORY_LIMITS.nameMax),
  itemIds: z.array(id()).max(INVENTORY_LIMITS.linesMax).optional(),
  remark: text(INVENTORY_LIMITS.remarkMax).default(''),
});
export const countIdBiz = z.object({ countId: id() });
/** Completes a count: the counted quantities become the items' quantities (a movement per changed item). */
export const inventoryCountCompleteBiz = z.object({
  countId: id(),
  lines: z
    .array(z.object({ itemId: id(), countedQuantity: quantity() }))
    .max(INVENTORY_LIMITS.linesMax)
    .refine((lines) => lines.length > 0, rule('noCounted'))
    .meta({ minItems: 1 })
    .refine((lines) => new Set(lines.map((l) => l.itemId)).size === lines.length, rule('distinct')),
});

// ---------------------------------------------------------------------------------------------
// Managed warehousing (inbound) and outbound applications

export const inventoryOrderLineSchema = z.object({ itemId: z.number(), itemName: z.string(), skuText: z.string(), quantity: z.number() });
export const inventoryOrderRowSchema = z.object({
  orderId: z.number(),
  warehouseName: z.string(),
  status: z.number() as unknown as z.ZodType<InventoryOrderStatus>,
  lineCount: z.number(),
  totalQuantity: z.number(),
  contactName: z.string(),
  contactMobile: z.string(),
  address: z.string(),
  remark: z.string(),
  createTime: z.number(),
  completeTime: z.number().nullable(),
});
export const inventoryOrderDetailSchema = inventoryOrderRowSchema.extend({ lines: z.array(inventoryOrderLineSchema) });
export const inventoryOrderListBiz = z
  .object({ ...pageQueryShape, warehouseName: keywordField(), status: statusFilter([1, 2, 3]), ...createTimeShape, ...sortShape(['createTime'] as const) })
  .refine(createTimeRangeValid, CREATE_TIME_RANGE_ERROR);
const orderLines = z
  .array(z.object({ itemId: id(), quantity: quantity(1) }))
  .max(INVENTORY_LIMITS.linesMax)
  .refine((lines) => lines.length > 0, rule('noLines'))
  .meta({ minItems: 1 })
  .refine((lines) => new Set(lines.map((l) => l.itemId)).size === lines.length, rule('distinct'));
/** managedWarehousing: goods the store sends into the warehouse; received quantities are added. */
export const inboundCreateBiz = z.object({
  warehouseName: required(INVENTORY_LIMITS.nameMax),
  lines: orderLines,
  contactName: text(30).default(''),
  contactMobile: z.union([z.literal(''), mobileField]).default(''),
  remark: text(INVENTORY_LIMITS.remarkMax).default(''),
});
/** outboundApplication: goods the warehouse sends out to an address; all lines or none leave. */
export const outboundCreateBiz = z.object({
  warehouseName: required(INVENTORY_LIMITS.nameMax),
  lines: orderLines,
  contactName: required(30),
  contactMobile: mobileField,
  address: required(INVENTORY_LIMITS.addressMax),
  remark: text(INVENTORY_LIMITS.remarkMax).default(''),
});
export const orderIdBiz = z.object({ orderId: id() });

const countAnswer = z.object({ count: z.number() });
const created = (key: string) => z.object({ [key]: z.number() });

export const INVENTORY_BASE = '/v1/store/eshop/inventory';
const { notFound, notAllowedInCurrentState, alreadyExists } = STORE_CODES;
const view = { access: 'user', permission: PERMISSIONS.inventoryView } as const;
const edit = { access: 'user', permission: PERMISSIONS.inventoryEdit } as const;

const inventoryCall = endpointsUnder(INVENTORY_BASE);

export const inventoryEndpoints = {
  itemList: inventoryCall('item/list', { biz: inventoryItemListBiz, data: pageResult(inventoryItemRowSchema), ...view, summary: 'inventoryList' }),
  itemDetail: inventoryCall('item/detail', { biz: itemIdBiz, data: inventoryItemDetailSchema, errors: [notFound], ...view, summary: 'inventoryList detail with movements' }),
  itemAdd: inventoryCall('item/add', { biz: inventoryItemAddBiz, data: created('itemId'), errors: [notFound, alreadyExists], ...edit, idempotent: true, summary: 'register a SKU at a warehouse' }),
  warningConfigList: inventoryCall('warningConfig/list', { biz: warningConfigListBiz, data: pageResult(warningConfigRowSchema), ...view, summary: 'inventoryWarningConfig' }),
  warningConfigDetail: inventoryCall('warningConfig/detail', { biz: configIdBiz, data: warningConfigRowSchema, errors: [notFound], ...view, summary: 'inventoryWarningConfig edit form' }),
  warningConfigAdd: inventoryCall('warningConfig/add', { biz: warningConfigAddBiz, data: created('configId'), errors: [notFound, alreadyExists], ...edit, idempotent: true, summary: 'inventoryWarningConfig add' }),
  warningConfigEdit: inventoryCall('warningConfig/edit', { biz: warningConfigEditBiz, data: warningConfigRowSchema, errors: [notFound], ...edit, idempotent: true, summary: 'inventoryWarningConfig edit' }),
  serviceWarningList: inventoryCall('serviceWarning/list', { biz: serviceWarningListBiz, data: pageResult(serviceWarningRowSchema), ...view, summary: 'inventoryServiceWarning' }),
  serviceWarningDetail: inventoryCall('serviceWarning/detail', { biz: warningIdBiz, data: serviceWarningDetailSchema, errors: [notFound], ...view, summary: 'inventoryServiceWarning detail' }),
  serviceWarningHandle: inventoryCall('serviceWarning/handle', { biz: serviceWarningIdsBiz, data: countAnswer, errors: [notFound], ...edit, summary: 'mark warnings handled' }),
  countList: inventoryCall('count/list', { biz: inventoryCountListBiz, data: pageResult(inventoryCountRowSchema), ...view, summary: 'inventoryCount' }),
  countDetail: inventoryCall('count/detail', { biz: countIdBiz, data: inventoryCountDetailSchema, errors: [notFound], ...view, summary: 'inventoryCount detail' }),
  countCreate: inventoryCall('count/create', { biz: inventoryCountCreateBiz, data: created('countId'), errors: [notFound], ...edit, idempotent: true, summary: 'start a count' }),
  countComplete: inventoryCall('count/complete', { biz: inventoryCountCompleteBiz, data: inventoryCountDetailSchema, errors: [notFound, notAllowedInCurrentState], ...edit, idempotent: true, summary: 'complete a count' }),
  countCancel: inventoryCall('count/cancel', { biz: countIdBiz, data: countAnswer, errors: [notFound, notAllowedInCurrentState], ...edit, summary: 'cancel a count' }),
  inboundList: inventoryCall('inbound/list', { biz: inventoryOrderListBiz, data: pageResult(inventoryOrderRowSchema), ...view, summary: 'managedWarehousing' }),
  inboundDetail: inventoryCall('inbound/detail', { biz: orderIdBiz, data: inventoryOrderDetailSchema, errors: [notFound], ...view, summary: 'managedWarehousing detail' }),
  inboundCreate: inventoryCall('inbound/create', { biz: inboundCreateBiz, data: created('orderId'), errors: [notFound], ...edit, idempotent: true, summary: 'apply for managed warehousing' }),
  inboundReceive: inventoryCall('inbound/receive', { biz: orderIdBiz, data: inventoryOrderDetailSchema, errors: [notFound, notAllowedInCurrentState], ...edit, summary: 'the warehouse received the goods' }),
  inboundCancel: inventoryCall('inbound/cancel', { biz: orderIdBiz, data: countAnswer, errors: [notFound, notAllowedInCurrentState], ...edit, summary: 'cancel an inbound application' }),
  outboundList: inventoryCall('outbound/list', { biz: inventoryOrderListBiz, data: pageResult(inventoryOrderRowSchema), ...view, summary: 'outboundApplication' }),
  outboundDetail: inventoryCall('outbound/detail', { biz: orderIdBiz, data: inventoryOrderDetailSchema, errors: [notFound], ...view, summary: 'outbound application detail' }),
  outboundCreate: inventoryCall('outbound/create', { biz: outboundCreateBiz, data: created('orderId'), errors: [notFound], ...edit, idempotent: true, summary: 'apply for outbound' }),
  outboundDispatch: inventoryCall('outbound/dispatch', { biz: orderIdBiz, data: inventoryOrderDetailSchema, errors: [notFound, notAllowedInCurrentState], ...edit, summary: 'the warehouse dispatched the goods' }),
  outboundCancel: inventoryCall('outbound/cancel', { biz: orderIdBiz, data: countAnswer, errors: [notFound, notAllowedInCurrentState], ...edit, summary: 'cancel an outbound application' }),
} as const;
