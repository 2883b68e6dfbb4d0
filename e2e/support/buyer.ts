// The buyer side of the order flows: store-server's keyed buyer routes (`/buyer/...`, plain JSON, header
// x-buyer-key; docs/orders.md), the way a shop front places and pays orders for the demo store's goods.
import type { SecureClient } from '@merchant/secure-transport';
import { inStockSkus } from './merchant';
import { DEMO_STORE_ID, OK, storeUrl } from './stack';

/** store-server's development buyer key (DEV_BUYER_KEY in apps/store-server/src/config.ts; the e2e stack is not production). */
export const BUYER_KEY = 'dev-buyer-key-change-me';
const BUYER_PHONE = '13800138000';

/** A buyer call; anything but success fails the test with the server's words. */
export async function buyer<T = unknown>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${storeUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-buyer-key': BUYER_KEY }, body: JSON.stringify(body) });
  const answer = (await response.json()) as { code: string; msg: string; data: T };
  if (answer.code !== OK) throw new Error(`${path} answered ${answer.code}: ${answer.msg}`);
  return answer.data;
}

export interface PaidOrder {
  orderId: number;
  orderNo: string;
  amountCents: number;
  buyerAccid: string;
  buyerName: string;
}

export interface BuyerOptions {
  /** Names the buyer of this run, e.g. 'c_e2e_<tag>_<run>' (unique, so reruns never meet). */
  tag: string;
  /** A given IM account instead of the generated one. */
  buyerAccid?: string;
}

function runBuyer({ tag, buyerAccid }: BuyerOptions) {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { buyerAccid: buyerAccid ?? `c_e2e_${tag}_${run}`, buyerName: `E2E ${tag} ${run}` };
}

async function placeAndPay(skuId: number, who: { buyerAccid: string; buyerName: string }): Promise<PaidOrder> {
  const placed = await buyer<{ orderId: number; orderNo: string; amountCents: number }>('/buyer/orders/place', {
    storeId: DEMO_STORE_ID,
    buyerAccid: who.buyerAccid,
    buyerName: who.buyerName,
    buyerPhone: BUYER_PHONE,
    receiver: { name: who.buyerName, phone: BUYER_PHONE, address: '88 Test Road, Hangzhou' },
    items: [{ skuId, quantity: 1 }],
  });
  await buyer(`/buyer/orders/${placed.orderId}/pay`, { buyerAccid: who.buyerAccid });
  return { orderId: placed.orderId, orderNo: placed.orderNo, amountCents: placed.amountCents, ...who };
}

/** A buyer of this run places an order of one in-stock SKU of the demo store, then pays it. */
export async function buyerPlacesAndPays(merchant: SecureClient, options: BuyerOptions): Promise<PaidOrder> {
  const [skuId] = await inStockSkus(merchant);
  return placeAndPay(skuId!, runBuyer(options));
}

/** One buyer of this run places and pays `count` orders, one SKU each, spread over the SKUs in stock. */
export async function buyerPlacesAndPaysMany(merchant: SecureClient, options: BuyerOptions, count: number): Promise<PaidOrder[]> {
  const skus = await inStockSkus(merchant);
  const who = runBuyer(options);
  const orders: PaidOrder[] = [];
  for (let index = 0; index < count; index += 1) orders.push(await placeAndPay(skus[index % skus.length]!, who));
  return orders;
}

export function buyerConfirmsReceipt(order: Pick<PaidOrder, 'orderId' | 'buyerAccid'>) {
  return buyer<{ orderId: number; status: number }>(`/buyer/orders/${order.orderId}/confirmReceipt`, { buyerAccid: order.buyerAccid });
}

export function buyerWithdraws(order: Pick<PaidOrder, 'orderId' | 'buyerAccid'>) {
  return buyer<{ orderId: number; status: number }>(`/buyer/orders/${order.orderId}/withdraw`, { buyerAccid: order.buyerAccid });
}
