import { expect, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { SecureClient } from '@merchant/secure-transport';
import { buyer } from '../support/buyer';
import { inStockSkus } from '../support/merchant';
import { CONTRACT_PATHS, DEMO_STORE_ID } from '../support/stack';
import { ResourceListPage } from './resource-list-page';

export const COUPONS_LIST_PATH = '/marketing/coupons/couponsMgmt';

export interface NewAmountCoupon {
  name: string;
  /** Yuan as typed, e.g. '8.50'. */
  amountYuan: string;
  thresholdYuan: string;
  issueLimit: number;
  perBuyerLimit: number;
  validDays: number;
}

/** The console's coupon screens (issue 28 §4) in a merchant's terms; selectors live here only. */
export class CouponPages {
  /** The template list, a resource-kit list (its table, rows and their ids). */
  readonly list: ResourceListPage;

  constructor(private readonly page: Page, consoleUrl: string) {
    this.list = new ResourceListPage(page, consoleUrl, 'marketing.coupons', COUPONS_LIST_PATH);
  }

  async openList() {
    await this.list.open();
  }

  row(name: string): Locator {
    return this.list.rows().filter({ hasText: name });
  }

  /** The template id of the row named (the table's row id). */
  async templateIdOf(name: string): Promise<number> {
    return Number(await this.row(name).getAttribute('data-id'));
  }

  /** Fills the add form (an amount-off coupon, valid N days from claiming) and saves it. */
  async add(coupon: NewAmountCoupon) {
    await this.page.getByRole('button', { name: 'New coupon' }).click();
    await this.page.getByLabel(/^Coupon name/).fill(coupon.name);
    await this.page.getByLabel(/^Amount off/).fill(coupon.amountYuan);
    await this.page.getByLabel(/^Threshold/).fill(coupon.thresholdYuan);
    await this.page.getByLabel(/^Issue limit/).fill(String(coupon.issueLimit));
    await this.page.getByLabel(/^Per-buyer limit/).fill(String(coupon.perBuyerLimit));
    await this.page.getByLabel(/^Days valid after claiming/).fill(String(coupon.validDays));
    await this.page.getByTestId('resource-form-submit').click();
    await expect(this.page).toHaveURL(new RegExp(`${COUPONS_LIST_PATH}$`));
  }

  async openRowAction(name: string, action: 'Details' | 'Claim records') {
    // Both navigate, so both are links (issue 35 §5).
    await this.row(name).getByRole('link', { name: action }).click();
  }

  detail(): Locator {
    return this.page.getByTestId('resource-detail-marketing.coupons');
  }

  /** The claim records of the row named, and one buyer's record in them. */
  async openClaimRecords(name: string) {
    await this.openList();
    await this.openRowAction(name, 'Claim records');
  }

  claimRecord(buyerAccid: string): Locator {
    return this.page.locator('[role=row][data-id]', { hasText: buyerAccid });
  }

  /** A field of a buyer's claim record ('state', 'orderNo', …: the claim records' column keys). */
  claimRecordField(buyerAccid: string, field: string): Locator {
    return this.claimRecord(buyerAccid).locator(`[data-field="${field}"]`);
  }

  /** A count in the details' "Claims and uses" block, by its label. */
  count(label: 'Claimed' | 'Used' | 'Expired'): Locator {
    return this.detail().getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  }
}

/** A buyer claims a coupon of the demo store through store-server's keyed buyer route (docs/marketing.md "Coupons"). */
export async function claimCoupon(templateId: number, buyerAccid: string, buyerPhone: string): Promise<number> {
  const claimed = await buyer<{ couponId: number }>('/buyer/coupons/claim', { storeId: DEMO_STORE_ID, templateId, buyerAccid, buyerPhone });
  return claimed.couponId;
}

const BUYER_PHONE = '13912345678';

/** The buyer places an order of one in-stock SKU of the demo store with their coupon, and pays it (docs/orders.md "Promotions and coupons"). */
export async function buyerPaysWithCoupon(merchant: SecureClient, buyerAccid: string, couponId: number): Promise<{ orderId: number; orderNo: string; amountCents: number }> {
  const [skuId] = await inStockSkus(merchant);
  const placed = await buyer<{ orderId: number; orderNo: string; amountCents: number }>('/buyer/orders/place', {
    storeId: DEMO_STORE_ID,
    buyerAccid,
    buyerName: 'E2E coupon buyer',
    buyerPhone: BUYER_PHONE,
    receiver: { name: 'E2E coupon buyer', phone: BUYER_PHONE, address: '88 Test Road, Hangzhou' },
    items: [{ skuId, quantity: 1 }],
    couponId,
  });
  await buyer(`/buyer/orders/${placed.orderId}/pay`, { buyerAccid });
  return placed;
}

/** The whole order refunded: the buyer asks for all of it, the merchant approves and pays it (the after-sales calls). */
export async function refundWholeOrder(merchant: SecureClient, order: { orderId: number; amountCents: number }, buyerAccid: string): Promise<void> {
  const refund = await buyer<{ refundId: number }>('/buyer/refunds/request', { orderId: order.orderId, buyerAccid, kind: 1, amountCents: order.amountCents, reason: 'e2e: whole order back' });
  await merchant.request(CONTRACT_PATHS.approveRefundOnly, { refundId: refund.refundId });
  await merchant.request(CONTRACT_PATHS.payRefund, { refundId: refund.refundId, idempotencyKey: randomUUID() });
}
