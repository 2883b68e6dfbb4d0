import { INVENTORY_COUNT_STATUS, INVENTORY_MOVEMENT_KIND, INVENTORY_ORDER_STATUS, type InventoryMovementKind } from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import type { ListQuery } from '../../shared/resource-list';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { countList, itemList, orderList, serviceWarningList, warningConfigList, type InventoryRepository, type QuantityChange } from './inventory.repository';

const notFound = (zh: string, en: string) => new StoreError(STORE_CODES.notFound, text(`${zh}不存在`, `${en} not found`));
const notAllowed = (zh: string, en: string) => new StoreError(STORE_CODES.notAllowedInCurrentState, text(zh, en));
const INBOUND = 1;
const OUTBOUND = 2;
type Direction = typeof INBOUND | typeof OUTBOUND;
const ORDER_NAME = { [INBOUND]: { zh: '入库申请', en: 'inbound application' }, [OUTBOUND]: { zh: '出库申请', en: 'outbound application' } } as const;

interface OrderInput {
  warehouseName: string;
  lines: Array<{ itemId: number; quantity: number }>;
  contactName?: string;
  contactMobile?: string;
  address?: string;
  remark: string;
}

/**
 * The inventory centre (docs/inventory.md). Quantities change only through counts, received inbound
 * and dispatched outbound applications, each an atomic statement plus its movement row; a warning
 * fires when a quantity crosses its item's enabled warning line.
 */
export class InventoryService {
  constructor(private readonly inventory: InventoryRepository) {}

  itemList(caller: Caller, query: ListQuery) {
    return this.inventory.page(itemList, caller.storeId, query);
  }

  async itemDetail(caller: Caller, itemId: number) {
    const item = await this.inventory.findItem(caller.storeId, itemId);
    if (!item) throw notFound('库存商品', 'inventory item');
    return { ...item, movements: await this.inventory.movements(caller.storeId, itemId) };
  }

  async addItem(caller: Caller, skuId: number, warehouseName: string) {
    const sku = await this.inventory.skuWithTitle(caller.storeId, skuId);
    if (!sku) throw notFound('SKU', 'SKU');
    const skuText = Object.values(sku.spec_values).join(' / ');
    const itemId = await this.inventory.insertItem(caller.storeId, { goodsId: sku.goods_id, skuId, itemName: sku.title, skuText, warehouseName });
    if (itemId === undefined) throw new StoreError(STORE_CODES.alreadyExists, text('该仓库已有此商品', 'this item is already kept at that warehouse'));
    return { itemId };
  }

  warningConfigList(caller: Caller, query: ListQuery) {
    return this.inventory.page(warningConfigList, caller.storeId, query);
  }

  async warningConfigDetail(caller: Caller, configId: number) {
    const config = await this.inventory.findConfig(caller.storeId, configId);
    if (!config) throw notFound('预警配置', 'warning config');
    return config;
  }

  async addWarningConfig(caller: Caller, input: { itemId: number; warningLine: number; enabled: boolean; remark: string }) {
    return this.inventory.transaction(async (repo) => {
      const item = await repo.findItem(caller.storeId, input.itemId);
      if (!item) throw notFound('库存商品', 'inventory item');
      const configId = await repo.insertConfig(caller.storeId, input);
      if (configId === undefined) throw new StoreError(STORE_CODES.alreadyExists, text('该商品已有预警配置，请编辑它', 'this item already has a warning config; edit it instead'));
      return { configId };
    });
  }

  async editWarningConfig(caller: Caller, input: { configId: number; warningLine?: number; enabled?: boolean; remark?: string }) {
    return this.inventory.transaction(async (repo) => {
      if (!(await repo.findConfig(caller.storeId, input.configId))) throw notFound('预警配置', 'warning config');
      await repo.updateConfig(caller.storeId, input.configId, { warning_line: input.warningLine, enabled: input.enabled, remark: input.remark });
      return (await repo.findConfig(caller.storeId, input.configId))!;
    });
  }

  serviceWarningList(caller: Caller, query: ListQuery) {
    return this.inventory.page(serviceWarningList, caller.storeId, query);
  }

  async serviceWarningDetail(caller: Caller, warningId: number) {
    const warning = await this.inventory.findWarning(caller.storeId, warningId);
    if (!warning) throw notFound('库存预警', 'warning');
    return { ...warning, movements: await this.inventory.movements(caller.storeId, warning.itemId, 20) };
  }

  async handleWarnings(caller: Caller, warningIds: number[]) {
    return this.inventory.transaction(async (repo) => {
      const own = await repo.warningIdsOf(caller.storeId, warningIds);
      const missing = warningIds.filter((id) => !own.has(id));
      if (missing.length > 0) throw new StoreError(STORE_CODES.notFound, text(`预警不存在：${missing.join('、')}`, `warning not found: ${missing.join(', ')}`));
      return { count: await repo.handleWarnings(caller.storeId, warningIds) };
    });
  }

  countList(caller: Caller, query: ListQuery) {
    return this.inventory.page(countList, caller.storeId, query);
  }

  async countDetail(caller: Caller, countId: number, repo: InventoryRepository = this.inventory) {
    const count = await repo.findCount(caller.storeId, countId);
    if (!count) throw notFound('盘点单', 'inventory count');
    return { ...count, lines: await repo.countLines(countId) };
  }

  /** Starts a count with the book quantities of now: every item of the warehouse, or the chosen ones. */
  async createCount(caller: Caller, input: { warehouseName: string; itemIds?: number[]; remark: string }) {
    return this.inventory.transaction(async (repo) => {
      let lines: Array<{ id: number; quantity: number }>;
      if (input.itemIds && input.itemIds.length > 0) {
        const items = await repo.itemsOf(caller.storeId, input.itemIds);
        const wrong = input.itemIds.filter((id) => items.get(id)?.warehouseName !== input.warehouseName);
        if (wrong.length > 0) throw new StoreError(STORE_CODES.notFound, text(`该仓库没有库存商品：${wrong.join('、')}`, `no such item at that warehouse: ${wrong.join(', ')}`));
        lines = input.itemIds.map((id) => ({ id, quantity: items.get(id)!.quantity }));
      } else {
        lines = await repo.itemsInWarehouse(caller.storeId, input.warehouseName);
        if (lines.length === 0) throw notFound('该仓库的库存商品', 'inventory items at that warehouse');
      }
      return { countId: await repo.insertCount(caller.storeId, input.warehouseName, input.remark, lines) };
    });
  }

  /** Completes a count: each counted quantity becomes the item's quantity (a count movement when it differs). */
  async completeCount(caller: Caller, input: { countId: number; lines: Array<{ itemId: number; countedQuantity: number }> }) {
    return this.inventory.transaction(async (repo) => {
      const count = await repo.findCount(caller.storeId, input.countId);
      if (!count) throw notFound('盘点单', 'inventory count');
      if (count.status !== INVENTORY_COUNT_STATUS.counting) throw notAllowed('盘点单已结束', 'the count is already finished');
      const onSheet = new Set((await repo.countLines(input.countId)).map((l) => l.itemId));
      const extra = input.lines.filter((l) => !onSheet.has(l.itemId)).map((l) => l.itemId);
      if (extra.length > 0) throw new StoreError(STORE_CODES.invalidParameter, text(`盘点单中没有：${extra.join('、')}`, `not on this count: ${extra.join(', ')}`));
      for (const line of input.lines) {
        await repo.setCounted(input.countId, line.itemId, line.countedQuantity);
        const change = await repo.changeQuantity(caller.storeId, line.itemId, { quantity: line.countedQuantity }, INVENTORY_MOVEMENT_KIND.count, `C${input.countId}`);
        if (change) await recordWarning(repo, caller.storeId, change);
      }
      if (!(await repo.finishCount(caller.storeId, input.countId, INVENTORY_COUNT_STATUS.completed))) throw notAllowed('盘点单已结束', 'the count is already finished');
      return this.countDetail(caller, input.countId, repo);
    });
  }

  async cancelCount(caller: Caller, countId: number) {
    const count = await this.inventory.findCount(caller.storeId, countId);
    if (!count) throw notFound('盘点单', 'inventory count');
    if (!(await this.inventory.finishCount(caller.storeId, countId, INVENTORY_COUNT_STATUS.cancelled))) throw notAllowed('盘点单已结束', 'the count is already finished');
    return { count: 1 };
  }

  orderList(caller: Caller, direction: Direction, query: ListQuery) {
    return this.inventory.page(orderList(direction), caller.storeId, query);
  }

  async orderDetail(caller: Caller, direction: Direction, orderId: number, repo: InventoryRepository = this.inventory) {
    const order = await repo.findOrder(caller.storeId, direction, orderId);
    if (!order) throw notFound(ORDER_NAME[direction].zh, ORDER_NAME[direction].en);
    return { ...order, lines: await repo.orderLines(orderId) };
  }

  /** Inbound and outbound applications name items of the store at the same warehouse. */
  async createOrder(caller: Caller, direction: Direction, input: OrderInput) {
    return this.inventory.transaction(async (repo) => {
      const items = await repo.itemsOf(caller.storeId, input.lines.map((l) => l.itemId));
      const wrong = input.lines.filter((l) => items.get(l.itemId)?.warehouseName !== input.warehouseName).map((l) => l.itemId);
      if (wrong.length > 0) throw new StoreError(STORE_CODES.notFound, text(`该仓库没有库存商品：${wrong.join('、')}`, `no such item at that warehouse: ${wrong.join(', ')}`));
      const orderId = await repo.insertOrder(
        caller.storeId,
        direction,
        { warehouseName: input.warehouseName, contactName: input.contactName ?? '', contactMobile: input.contactMobile ?? '', address: input.address ?? '', remark: input.remark },
        input.lines,
      );
      return { orderId };
    });
  }

  /**
   * The warehouse's confirmation (received / dispatched): every line's quantity moves in one transaction;
   * an outbound line beyond the stock refuses the whole application and changes nothing.
   */
  async completeOrder(caller: Caller, direction: Direction, orderId: number) {
    return this.inventory.transaction(async (repo) => {
      const order = await this.orderDetail(caller, direction, orderId, repo);
      if (order.status !== INVENTORY_ORDER_STATUS.submitted) throw notAllowed(`${ORDER_NAME[direction].zh}已处理`, `the ${ORDER_NAME[direction].en} is already finished`);
      const kind: InventoryMovementKind = direction === INBOUND ? INVENTORY_MOVEMENT_KIND.inbound : INVENTORY_MOVEMENT_KIND.outbound;
      const refNo = `${direction === INBOUND ? 'I' : 'O'}${orderId}`;
      for (const line of order.lines) {
        const delta = direction === INBOUND ? line.quantity : -line.quantity;
        const change = await repo.changeQuantity(caller.storeId, line.itemId, { delta }, kind, refNo);
        if (!change) throw notAllowed(`库存不足：${line.itemName} ${line.skuText}`.trim(), `not enough stock of ${`${line.itemName} ${line.skuText}`.trim()}: quantity cannot go below zero`);
        await recordWarning(repo, caller.storeId, change);
      }
      if (!(await repo.finishOrder(caller.storeId, orderId, INVENTORY_ORDER_STATUS.completed))) throw notAllowed('申请已处理', 'the application is already finished');
      return this.orderDetail(caller, direction, orderId, repo);
    });
  }

  async cancelOrder(caller: Caller, direction: Direction, orderId: number) {
    const order = await this.inventory.findOrder(caller.storeId, direction, orderId);
    if (!order) throw notFound(ORDER_NAME[direction].zh, ORDER_NAME[direction].en);
    if (!(await this.inventory.finishOrder(caller.storeId, orderId, INVENTORY_ORDER_STATUS.cancelled))) {
      throw notAllowed(`${ORDER_NAME[direction].zh}已处理`, `the ${ORDER_NAME[direction].en} is already finished`);
    }
    return { count: 1 };
  }
}

/** Fires when a change crosses the item's enabled line downwards; going back above closes open warnings. */
async function recordWarning(repo: InventoryRepository, storeId: number, change: QuantityChange): Promise<boolean> {
  const line = await repo.enabledLine(storeId, change.itemId);
  if (line === null || change.quantity > line) {
    await repo.closeWarnings(storeId, change.itemId);
    return false;
  }
  if (change.oldQuantity > line) {
    await repo.insertWarning(storeId, change.itemId, change.quantity, line);
    return true;
  }
  return false;
}
