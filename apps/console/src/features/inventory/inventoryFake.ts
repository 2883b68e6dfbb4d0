// Test helper (imported by specs only): the inventory calls of the fake store server, with state, so a
// form's call shows in the lists it refreshes. It follows docs/inventory.md's rules that the screens
// show: an item registered once per warehouse (10100009), an outbound beyond stock refused whole
// (10100005, the server's msg), a count setting the counted quantities. Contracts check every biz and answer.
import { STORE_CODES, goodsEndpoints as G, inventoryEndpoints as I, type EndpointData } from '@merchant/api-contracts';
import type { FakeStoreServer } from '../../../test/fakeStoreServer';
import { onContract, pageOf } from '../../resource-kit/contractFake';

type Item = EndpointData<typeof I.itemList>['list'][number];
type Sku = EndpointData<typeof G.skuStockList>['list'][number];
type Count = EndpointData<typeof I.countDetail>;
type Order = EndpointData<typeof I.inboundDetail> & { direction: 1 | 2 };

const NOW = 1_763_000_000;

export function inventoryItem(itemId: number, itemName: string, warehouseName: string, quantity: number, skuText = 'colour: red'): Item {
  return { itemId, goodsId: 100 + itemId, skuId: 200 + itemId, itemName, skuText, warehouseName, quantity, warningLine: null, stockStatus: quantity === 0 ? 3 : 1, updateTime: NOW };
}

export const DEMO_SKUS: Sku[] = [
  { skuId: 501, goodsId: 50, title: 'Oak chair', goodsStatus: 2, mainImageUrl: '', specValues: { colour: 'oak' }, skuCode: 'CH-OAK', price: 19900, stock: 8, warningStock: null, stockStatus: 1 },
  { skuId: 502, goodsId: 51, title: 'Desk lamp', goodsStatus: 2, mainImageUrl: '', specValues: { colour: 'black', size: 'S' }, skuCode: 'LP-BK-S', price: 5900, stock: 3, warningStock: null, stockStatus: 1 },
];

export function installInventoryFake(server: FakeStoreServer, initial: Item[]) {
  const items = initial.map((item) => ({ ...item }));
  const counts: Count[] = [];
  const orders: Order[] = [];
  const movements: Array<{ itemId: number; movementId: number; kind: 1 | 2 | 3; delta: number; quantityAfter: number; refNo: string; createTime: number }> = [];
  const byId = (itemId: number) => items.find((item) => item.itemId === itemId);
  const move = (item: Item, quantity: number, kind: 1 | 2 | 3, refNo: string) => {
    movements.unshift({ itemId: item.itemId, movementId: movements.length + 1, kind, delta: quantity - item.quantity, quantityAfter: quantity, refNo, createTime: NOW });
    item.quantity = quantity;
    item.stockStatus = quantity === 0 ? 3 : 1;
  };
  const contains = (text: string, part: string | undefined) => !part || text.includes(part);

  onContract(server, I.itemList, (biz) => pageOf(items.filter((item) => contains(item.warehouseName, biz.warehouseName) && contains(item.itemName, biz.itemName)), biz));
  onContract(server, I.itemDetail, ({ itemId }) => ({ ...byId(itemId)!, movements: movements.filter((m) => m.itemId === itemId).map(({ itemId: _id, ...m }) => m) }));
  onContract(server, G.skuStockList, (biz) => pageOf(DEMO_SKUS.filter((sku) => contains(sku.title, biz.title)), biz));
  server.on(I.itemAdd.path, ({ biz }) => {
    const sku = DEMO_SKUS.find((candidate) => candidate.skuId === biz.skuId)!;
    const warehouseName = String(biz.warehouseName).trim();
    if (items.some((item) => item.skuId === sku.skuId && item.warehouseName === warehouseName)) return { code: STORE_CODES.alreadyExists, msg: 'this item is already kept at that warehouse' };
    const item = { ...inventoryItem(items.length + 1, sku.title, warehouseName, 0, Object.values(sku.specValues).join(' / ')), goodsId: sku.goodsId, skuId: sku.skuId };
    items.unshift(item);
    return { code: STORE_CODES.success, msg: 'success', data: { itemId: item.itemId } };
  });

  onContract(server, I.countList, (biz) => pageOf(counts.map(({ lines: _lines, ...row }) => row), biz));
  onContract(server, I.countDetail, ({ countId }) => counts.find((count) => count.countId === countId)!);
  onContract(server, I.countCreate, (biz) => {
    const chosen = biz.itemIds?.length ? biz.itemIds.map((id) => byId(id)!) : items.filter((item) => item.warehouseName === biz.warehouseName);
    const lines = chosen.map((item) => ({ itemId: item.itemId, itemName: item.itemName, skuText: item.skuText, bookQuantity: item.quantity, countedQuantity: null }));
    const count: Count = { countId: counts.length + 1, warehouseName: biz.warehouseName, status: 1, lineCount: lines.length, difference: 0, remark: biz.remark, createTime: NOW, completeTime: null, lines };
    counts.unshift(count);
    return { countId: count.countId };
  });
  onContract(server, I.countComplete, (biz) => {
    const count = counts.find((candidate) => candidate.countId === biz.countId)!;
    for (const line of biz.lines) {
      const sheet = count.lines.find((candidate) => candidate.itemId === line.itemId)!;
      sheet.countedQuantity = line.countedQuantity;
      move(byId(line.itemId)!, line.countedQuantity, 3, `C${count.countId}`);
    }
    Object.assign(count, { status: 2, completeTime: NOW, difference: count.lines.reduce((sum, l) => sum + (l.countedQuantity === null ? 0 : l.countedQuantity - l.bookQuantity), 0) });
    return count;
  });

  const orderRow = ({ lines: _lines, direction: _direction, ...row }: Order) => row;
  const create = (direction: 1 | 2) => (biz: { warehouseName: string; lines: Array<{ itemId: number; quantity: number }>; contactName: string; contactMobile: string; address?: string; remark: string }) => {
    const lines = biz.lines.map((line) => ({ itemId: line.itemId, itemName: byId(line.itemId)!.itemName, skuText: byId(line.itemId)!.skuText, quantity: line.quantity }));
    const order: Order = {
      direction,
      orderId: orders.length + 1,
      warehouseName: biz.warehouseName,
      status: 1,
      lineCount: lines.length,
      totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
      contactName: biz.contactName,
      contactMobile: biz.contactMobile,
      address: biz.address ?? '',
      remark: biz.remark,
      createTime: NOW,
      completeTime: null,
      lines,
    };
    orders.unshift(order);
    return { orderId: order.orderId };
  };
  const complete = (direction: 1 | 2) => ({ biz }: { biz: Record<string, unknown> }) => {
    const order = orders.find((candidate) => candidate.orderId === biz.orderId && candidate.direction === direction)!;
    const short = order.lines.find((line) => direction === 2 && byId(line.itemId)!.quantity < line.quantity);
    if (short) return { code: STORE_CODES.notAllowedInCurrentState, msg: `not enough stock of ${short.itemName} ${short.skuText}: quantity cannot go below zero` };
    for (const line of order.lines) {
      const item = byId(line.itemId)!;
      move(item, item.quantity + (direction === 1 ? line.quantity : -line.quantity), direction, `${direction === 1 ? 'I' : 'O'}${order.orderId}`);
    }
    Object.assign(order, { status: 2, completeTime: NOW });
    const { direction: _direction, ...detail } = order;
    return { code: STORE_CODES.success, msg: 'success', data: detail };
  };
  onContract(server, I.inboundList, (biz) => pageOf(orders.filter((order) => order.direction === 1).map(orderRow), biz));
  onContract(server, I.outboundList, (biz) => pageOf(orders.filter((order) => order.direction === 2).map(orderRow), biz));
  // Another direction's id is not found, as on the server (docs/inventory.md).
  const detail = (direction: 1 | 2) => ({ biz }: { biz: Record<string, unknown> }) => {
    const order = orders.find((candidate) => candidate.orderId === biz.orderId && candidate.direction === direction);
    if (!order) return { code: STORE_CODES.notFound, msg: 'the application does not exist' };
    const { direction: _direction, ...data } = order;
    return { code: STORE_CODES.success, msg: 'success', data };
  };
  server.on(I.inboundDetail.path, detail(1));
  server.on(I.outboundDetail.path, detail(2));
  onContract(server, I.inboundCreate, create(1));
  onContract(server, I.outboundCreate, create(2));
  server.on(I.inboundReceive.path, complete(1));
  server.on(I.outboundDispatch.path, complete(2));
  return { items, counts, orders };
}
