// The inventory centre at a service provider's warehouse (console-spec §2 /inventoryCenter/serviceWarehouse;
// the records and flows are our design, docs/inventory.md). Stock status values are the shared list's
// (STOCK_STATUS of ./goods); quantities never go below zero.
import { z } from 'zod';
import { endpointsUnder, pageQueryShape, pageResult } from '../endpoint';
import { statusTable, type StatusTable } from '../status-tables';
import { MOBILE_PATTERN } from '../fields';
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

const id = (name: string) => z.number({ error: `${name} must be a number` }).refine(Number.isInteger, `${name} must be an integer`).positive(`${name} must be positive`);
const quantity = (name: string, min = 0) =>
  z
    .number({ error: `${name} must be a number` })
    .refine(Number.isInteger, `${name} must be a whole number`)
    .min(min, min > 0 ? `${name} must be at least ${min}` : `${name} cannot be negative`)
    .max(INVENTORY_LIMITS.quantityMax, `${name} cannot exceed ${INVENTORY_LIMITS.quantityMax}`);
const text = (name: string, max: number) => z.string({ error: `${name} must be text` }).trim().max(max, `${name} must be at most ${max} characters`);
const required = (name: string, max: number) => text(name, max).min(1, `${name} is required`);
const stockStatusFilter = z
  .number({ error: 'stockStatus must be a stock status' })
  .refine((s) => (STOCK_STATUS_VALUES as number[]).includes(s), `stockStatus must be one of ${STOCK_STATUS_VALUES.join(', ')}`)
  .optional();
const statusFilter = (values: readonly number[]) =>
  z.number({ error: 'status must be a number' }).refine((s) => values.includes(s), `status must be one of ${values.join(', ')}`).optional();
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
  itemName: keywordField('itemName'),
  warehouseName: keywordField('warehouseName'),
  stockStatus: stockStatusFilter,
  ...sortShape(['updateTime', 'quantity'] as const),
});
export const itemIdBiz = z.object({ itemId: id('itemId') });
/** Registers one of the store's SKUs at a warehouse (quantity 0 until an inbound is received). */
export const inventoryItemAddBiz = z.object({ skuId: id('skuId'), warehouseName: required('warehouseName', INVENTORY_LIMITS.nameMax) });

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
export const warningConfigListBiz = z.object({ ...pageQueryShape, itemName: keywordField('itemName'), enabled: z.boolean({ error: 'enabled must be true or false' }).optional() });
export const warningConfigAddBiz = z.object({
  itemId: id('itemId'),
  warningLine: quantity('warningLine'),
  enabled: z.boolean({ error: 'enabled must be true or false' }).default(true),
  remark: text('remark', INVENTORY_LIMITS.remarkMax).default(''),
});
export const warningConfigEditBiz = z.object({
  configId: id('configId'),
  warningLine: quantity('warningLine').optional(),
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  remark: text('remark', INVENTORY_LIMITS.remarkMax).optional(),
});
export const configIdBiz = z.object({ configId: id('configId') });

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
  .object({ ...pageQueryShape, itemName: keywordField('itemName'), status: statusFilter([1, 2]), ...createTimeShape })
  .refine(createTimeRangeValid, CREATE_TIME_RANGE_ERROR);
export const warningIdBiz = z.object({ warningId: id('warningId') });
export const serviceWarningIdsBiz = z.object({
  warningIds: z.array(id('warningId'), { error: 'warningIds must be a list' }).min(1, 'select at least one warning').max(200, 'at most 200 warnings at once'),
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
  .object({ ...pageQueryShape, warehouseName: keywordField('warehouseName'), status: statusFilter([1, 2, 3]), ...createTimeShape })
  .refine(createTimeRangeValid, CREATE_TIME_RANGE_ERROR);
/** Starts a count of a warehouse: every item there (or the chosen ones) with its book quantity now. */
export const inventoryCountCreateBiz = z.object({
  warehouseName: required('warehouseName', INVENTORY_LIMITS.nameMax),
  itemIds: z.array(id('itemId')).max(INVENTORY_LIMITS.linesMax, `at most ${INVENTORY_LIMITS.linesMax} items per count`).optional(),
  remark: text('remark', INVENTORY_LIMITS.remarkMax).default(''),
});
export const countIdBiz = z.object({ countId: id('countId') });
/** Completes a count: the counted quantities become the items' quantities (a movement per changed item). */
export const inventoryCountCompleteBiz = z.object({
  countId: id('countId'),
  lines: z
    .array(z.object({ itemId: id('itemId'), countedQuantity: quantity('countedQuantity') }), { error: 'lines must be a list' })
    .min(1, 'count at least one item')
    .max(INVENTORY_LIMITS.linesMax, `at most ${INVENTORY_LIMITS.linesMax} lines`)
    .refine((lines) => new Set(lines.map((l) => l.itemId)).size === lines.length, 'an item is counted twice'),
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
  .object({ ...pageQueryShape, warehouseName: keywordField('warehouseName'), status: statusFilter([1, 2, 3]), ...createTimeShape, ...sortShape(['createTime'] as const) })
  .refine(createTimeRangeValid, CREATE_TIME_RANGE_ERROR);
const orderLines = z
  .array(z.object({ itemId: id('itemId'), quantity: quantity('quantity', 1) }), { error: 'lines must be a list' })
  .min(1, 'add at least one item')
  .max(INVENTORY_LIMITS.linesMax, `at most ${INVENTORY_LIMITS.linesMax} lines`)
  .refine((lines) => new Set(lines.map((l) => l.itemId)).size === lines.length, 'an item is listed twice');
/** managedWarehousing: goods the store sends into the warehouse; received quantities are added. */
export const inboundCreateBiz = z.object({
  warehouseName: required('warehouseName', INVENTORY_LIMITS.nameMax),
  lines: orderLines,
  contactName: text('contactName', 30).default(''),
  contactMobile: z.union([z.literal(''), z.string().trim().regex(MOBILE_PATTERN, 'phone number format error')]).default(''),
  remark: text('remark', INVENTORY_LIMITS.remarkMax).default(''),
});
/** outboundApplication: goods the warehouse sends out to an address; all lines or none leave. */
export const outboundCreateBiz = z.object({
  warehouseName: required('warehouseName', INVENTORY_LIMITS.nameMax),
  lines: orderLines,
  contactName: required('contactName', 30),
  contactMobile: z.string({ error: 'contactMobile is required' }).trim().regex(MOBILE_PATTERN, 'phone number format error'),
  address: required('address', INVENTORY_LIMITS.addressMax),
  remark: text('remark', INVENTORY_LIMITS.remarkMax).default(''),
});
export const orderIdBiz = z.object({ orderId: id('orderId') });

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
  itemAdd: inventoryCall('item/add', { biz: inventoryItemAddBiz, data: created('itemId'), errors: [notFound, alreadyExists], ...edit, summary: 'register a SKU at a warehouse' }),
  warningConfigList: inventoryCall('warningConfig/list', { biz: warningConfigListBiz, data: pageResult(warningConfigRowSchema), ...view, summary: 'inventoryWarningConfig' }),
  warningConfigDetail: inventoryCall('warningConfig/detail', { biz: configIdBiz, data: warningConfigRowSchema, errors: [notFound], ...view, summary: 'inventoryWarningConfig edit form' }),
  warningConfigAdd: inventoryCall('warningConfig/add', { biz: warningConfigAddBiz, data: created('configId'), errors: [notFound, alreadyExists], ...edit, summary: 'inventoryWarningConfig add' }),
  warningConfigEdit: inventoryCall('warningConfig/edit', { biz: warningConfigEditBiz, data: warningConfigRowSchema, errors: [notFound], ...edit, summary: 'inventoryWarningConfig edit' }),
  serviceWarningList: inventoryCall('serviceWarning/list', { biz: serviceWarningListBiz, data: pageResult(serviceWarningRowSchema), ...view, summary: 'inventoryServiceWarning' }),
  serviceWarningDetail: inventoryCall('serviceWarning/detail', { biz: warningIdBiz, data: serviceWarningDetailSchema, errors: [notFound], ...view, summary: 'inventoryServiceWarning detail' }),
  serviceWarningHandle: inventoryCall('serviceWarning/handle', { biz: serviceWarningIdsBiz, data: countAnswer, errors: [notFound], ...edit, summary: 'mark warnings handled' }),
  countList: inventoryCall('count/list', { biz: inventoryCountListBiz, data: pageResult(inventoryCountRowSchema), ...view, summary: 'inventoryCount' }),
  countDetail: inventoryCall('count/detail', { biz: countIdBiz, data: inventoryCountDetailSchema, errors: [notFound], ...view, summary: 'inventoryCount detail' }),
  countCreate: inventoryCall('count/create', { biz: inventoryCountCreateBiz, data: created('countId'), errors: [notFound], ...edit, summary: 'start a count' }),
  countComplete: inventoryCall('count/complete', { biz: inventoryCountCompleteBiz, data: inventoryCountDetailSchema, errors: [notFound, notAllowedInCurrentState], ...edit, summary: 'complete a count' }),
  countCancel: inventoryCall('count/cancel', { biz: countIdBiz, data: countAnswer, errors: [notFound, notAllowedInCurrentState], ...edit, summary: 'cancel a count' }),
  inboundList: inventoryCall('inbound/list', { biz: inventoryOrderListBiz, data: pageResult(inventoryOrderRowSchema), ...view, summary: 'managedWarehousing' }),
  inboundDetail: inventoryCall('inbound/detail', { biz: orderIdBiz, data: inventoryOrderDetailSchema, errors: [notFound], ...view, summary: 'managedWarehousing detail' }),
  inboundCreate: inventoryCall('inbound/create', { biz: inboundCreateBiz, data: created('orderId'), errors: [notFound], ...edit, summary: 'apply for managed warehousing' }),
  inboundReceive: inventoryCall('inbound/receive', { biz: orderIdBiz, data: inventoryOrderDetailSchema, errors: [notFound, notAllowedInCurrentState], ...edit, summary: 'the warehouse received the goods' }),
  inboundCancel: inventoryCall('inbound/cancel', { biz: orderIdBiz, data: countAnswer, errors: [notFound, notAllowedInCurrentState], ...edit, summary: 'cancel an inbound application' }),
  outboundList: inventoryCall('outbound/list', { biz: inventoryOrderListBiz, data: pageResult(inventoryOrderRowSchema), ...view, summary: 'outboundApplication' }),
  outboundDetail: inventoryCall('outbound/detail', { biz: orderIdBiz, data: inventoryOrderDetailSchema, errors: [notFound], ...view, summary: 'outbound application detail' }),
  outboundCreate: inventoryCall('outbound/create', { biz: outboundCreateBiz, data: created('orderId'), errors: [notFound], ...edit, summary: 'apply for outbound' }),
  outboundDispatch: inventoryCall('outbound/dispatch', { biz: orderIdBiz, data: inventoryOrderDetailSchema, errors: [notFound, notAllowedInCurrentState], ...edit, summary: 'the warehouse dispatched the goods' }),
  outboundCancel: inventoryCall('outbound/cancel', { biz: orderIdBiz, data: countAnswer, errors: [notFound, notAllowedInCurrentState], ...edit, summary: 'cancel an outbound application' }),
} as const;
