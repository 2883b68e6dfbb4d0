// The merchant's own calls outside the browser (setup and checks), made as another client of store-server
// would make them: the secure client, signed in as the demo merchant.
import { skuTitleWithSpec } from '@merchant/api-contracts';
import { createSecureClient, type SecureClient } from '@merchant/secure-transport';
import { CONTRACT_PATHS, DEMO_SIGN_IN, storeUrl } from './stack';

/** Answers come in `language` (labels, msg) when given, as the console's do; else in the server's default, zh-CN. */
export async function merchantClient(language?: 'en-US' | 'zh-CN'): Promise<SecureClient> {
  const client = createSecureClient({ baseUrl: storeUrl(), mode: 'none', ...(language ? { getLanguage: () => language } : {}) });
  const signedIn = await client.request<{ accessToken: string }>(CONTRACT_PATHS.login, { userName: DEMO_SIGN_IN.userName, password: DEMO_SIGN_IN.password });
  client.setAccessToken(signedIn.data.accessToken);
  return client;
}

/**
 * A SKU as the console's SKU pickers name it: its goods title and its spec by the labels of the language the rows
 * were asked in (issue 35 §8), e.g. "Tile No. 3 Size: 600x600 / Finish: matte".
 */
export const skuPickerLabel = skuTitleWithSpec;

/** The demo store's on-shelf SKUs with stock, the ones a buyer can order. */
export async function inStockSkus(merchant: SecureClient): Promise<number[]> {
  const skus = await merchant.request<{ list: { skuId: number; stock: number }[] }>(CONTRACT_PATHS.skuStockList, { pageNum: 1, pageSize: 50, goodsStatus: 2, stockStatus: 1 });
  const inStock = skus.data.list.filter((candidate) => candidate.stock > 0).map((sku) => sku.skuId);
  if (inStock.length === 0) throw new Error('the demo store has no on-shelf SKU in stock');
  return inStock;
}

/** Ships an order through the API (for flows whose subject is what comes after shipping). */
export async function merchantShips(merchant: SecureClient, orderId: number, trackingNo = `SF${Date.now()}`) {
  await merchant.request(CONTRACT_PATHS.shipOrder, { orderId, carrier: 'SF Express', trackingNo });
}

export interface OrderState {
  status: number;
  returnDeadline: number;
  shipments: { carrier: string; trackingNo: string }[];
  history: { event: string; actor: string; toStatus: number }[];
}

/** The order as the merchant's detail call answers it. */
export async function orderState(merchant: SecureClient, orderId: number): Promise<OrderState> {
  return (await merchant.request<OrderState>(CONTRACT_PATHS.orderDetail, { orderId })).data;
}
