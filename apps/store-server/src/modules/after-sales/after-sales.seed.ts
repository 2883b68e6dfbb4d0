import { REFUND_KIND, type RefundKind } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { Clock } from '../../shared/clock';
import type { Caller } from '../../http/route';
import { AfterSalesRepository } from './after-sales.repository';
import { recordNo } from './after-sales.rules';
import { AfterSalesService } from './after-sales.service';

// Demo after-sales of the demo store (docs/orders.md "Demo after-sales"): refunds in every REFUND_MACHINE
// state, complaints in every DISPUTE_MACHINE state, reviews with and without replies. They are made through
// the service, as a buyer and the merchant would, on the demo orders the orders seed wrote (picked by status),
// and never change an order's status: only partial refunds are paid. Orders the orders seed left refunded in
// full (status 6) get the paid refund that explains them. Runs once: skipped when the store has refunds.

const DAY = 24 * 60 * 60;
/** Refunds the seed leaves in each status (0 pending review … 9 rejected), and the complaints and reviews. */
export const DEMO_AFTER_SALES = {
  refundsByStatus: { 0: 3, 1: 2, 4: 2, 7: 2, 2: 3, 3: 2, 9: 2 } as Readonly<Record<number, number>>,
  complaintsByStatus: { 1: 3, 2: 2, 3: 1 } as Readonly<Record<number, number>>,
  /** Reviews of completed orders; every other one has the merchant's reply. */
  evaluations: 6,
} as const;

const REASONS = ['尺码不合适 / wrong size', '商品有瑕疵 / damaged item', '与描述不符 / not as described', '不想要了 / changed my mind'];
const COMPLAINTS = ['发货太慢 / shipped too late', '客服不回复 / no answer from the store', '商品与描述不符 / not as described'];
const REVIEWS = ['质量很好，物流很快 / great quality, fast delivery', '还可以 / it is fine', '包装有破损 / the box was damaged', '非常满意 / very happy', '颜色和图片有差别 / colour differs from the photo', '会回购 / will buy again'];

interface DemoOrder {
  id: number;
  status: number;
  amountCents: number;
  buyerAccid: string;
  createdAt: number;
}

export async function seedDemoAfterSales(db: Kysely<StoreDatabase>, clock: Clock, storeId: number): Promise<void> {
  if (await db.selectFrom('store_refund').select('id').where('store_id', '=', storeId).limit(1).executeTakeFirst()) return;
  const rows = await db
    .selectFrom('store_order')
    .select(['id', 'status', 'amount_cents', 'refunded_cents', 'buyer_accid', 'created_at'])
    .where('store_id', '=', storeId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (rows.length === 0) return;
  const orders = rows.map((r) => ({ id: r.id, status: r.status, amountCents: Number(r.amount_cents), refundedCents: Number(r.refunded_cents), buyerAccid: r.buyer_accid, createdAt: Number(r.created_at) }));
  const byStatus = (status: number) => orders.filter((o) => o.status === status && o.refundedCents === 0 && o.amountCents >= 200);

  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  let at = nowSeconds;
  // Each step happens a little after the order, never in the future.
  const seedClock: Clock = { now: () => new Date(at * 1000) };
  const service = new AfterSalesService(new AfterSalesRepository(db), seedClock);
  const merchant: Caller = { userId: 0, storeId, accessToken: '' };
  const step = (order: DemoOrder, days: number) => {
    at = Math.min(nowSeconds, order.createdAt + days * DAY);
  };
  const used = new Set<number>();
  const take = (statuses: number[], count: number, taken = used) => {
    const picked: DemoOrder[] = [];
    for (const status of statuses) {
      for (const order of byStatus(status)) {
        if (picked.length === count) return picked;
        if (!taken.has(order.id)) {
          taken.add(order.id);
          picked.push(order);
        }
      }
    }
    return picked;
  };
  let n = 0;
  const request = async (order: DemoOrder, kind: RefundKind, share = 0.5) => {
    step(order, 1);
    const reason = REASONS[n++ % REASONS.length]!;
    return service.requestRefund({ orderId: order.id, buyerAccid: order.buyerAccid, kind, amountCents: Math.max(100, Math.floor((order.amountCents * share) / 100) * 100), reason, description: '', evidenceUrls: [] });
  };
  const counts = DEMO_AFTER_SALES.refundsByStatus;

  for (const order of take([1, 2], counts[0]!)) await request(order, REFUND_KIND.refundOnly);
  for (const order of take([2, 3], counts[1]!)) {
    const { refundId } = await request(order, REFUND_KIND.returnAndRefund);
    step(order, 2);
    await service.moveRefund(merchant, refundId, 'approveReturn');
  }
  for (const order of take([3, 4], counts[4]!)) {
    const { refundId } = await request(order, REFUND_KIND.returnAndRefund);
    step(order, 2);
    await service.moveRefund(merchant, refundId, 'approveReturn');
    step(order, 5);
    await service.moveRefund(merchant, refundId, 'receiveReturn');
  }
  for (const order of take([1, 4], counts[7]!)) {
    const { refundId } = await request(order, REFUND_KIND.refundOnly);
    step(order, 2);
    await service.moveRefund(merchant, refundId, 'approveRefundOnly');
  }
  let key = 0;
  for (const order of take([4], counts[2]!)) {
    const { refundId } = await request(order, REFUND_KIND.refundOnly, 0.3);
    step(order, 2);
    await service.moveRefund(merchant, refundId, 'approveRefundOnly');
    step(order, 3);
    await service.payRefund(merchant, refundId, `00000000-0000-4000-8000-${String(++key).padStart(12, '0')}`);
  }
  for (const order of take([1, 2], counts[3]!)) {
    const { refundId } = await request(order, REFUND_KIND.refundOnly);
    step(order, 2);
    await service.withdrawRefund({ refundId, buyerAccid: order.buyerAccid });
  }
  for (const order of take([4, 3], counts[9]!)) {
    const { refundId } = await request(order, REFUND_KIND.returnAndRefund);
    step(order, 2);
    await service.moveRefund(merchant, refundId, 'reject', '商品已使用，不符合退货条件 / the item was used and cannot be returned');
  }

  await explainFullRefunds(db, storeId, orders.filter((o) => o.status === 6 && o.refundedCents === 0 && o.amountCents > 0));

  // Complaints may concern orders that also have a refund.
  const complaintsFor = take([2, 3, 4], Object.values(DEMO_AFTER_SALES.complaintsByStatus).reduce((a, b) => a + b, 0), new Set());
  let c = 0;
  for (const [status, count] of Object.entries(DEMO_AFTER_SALES.complaintsByStatus)) {
    for (const order of complaintsFor.splice(0, count)) {
      step(order, 4);
      const { complaintId } = await service.fileComplaint({ orderId: order.id, buyerAccid: order.buyerAccid, reason: COMPLAINTS[c++ % COMPLAINTS.length]!, description: '', evidenceUrls: [] });
      step(order, 5);
      if (status === '1' && c % 2 === 1) await service.respondComplaint(merchant, { complaintId, content: '已联系买家并补发配件 / we contacted the buyer and sent the missing part', evidenceUrls: [] });
      if (status === '2') await service.endComplaint({ complaintId, ruling: '商家已按约定处理 / the store kept its promise' });
      if (status === '3') await service.revokeComplaint({ complaintId, buyerAccid: order.buyerAccid });
    }
  }

  // Reviews need completed orders; ones with refunds are fine (a partial refund leaves the order completed).
  const completed = orders.filter((o) => o.status === 4).slice(0, DEMO_AFTER_SALES.evaluations);
  for (const [i, order] of completed.entries()) {
    step(order, 6);
    const { evaluationId } = await service.writeEvaluation({ orderId: order.id, buyerAccid: order.buyerAccid, rating: 5 - (i % 5), content: REVIEWS[i % REVIEWS.length]!, imageUrls: [] });
    if (i % 2 === 0) {
      step(order, 7);
      await service.replyEvaluation(merchant, evaluationId, '感谢您的评价，期待再次光临 / thank you, see you again');
    }
  }
}

/**
 * Orders already refunded in full (status 6) by the orders seed get the paid refund and ledger row that
 * returned their money, so their refunded total equals the amount paid like any order refunded here.
 */
async function explainFullRefunds(db: Kysely<StoreDatabase>, storeId: number, orders: DemoOrder[]): Promise<void> {
  for (const order of orders) {
    await db.transaction().execute(async (trx) => {
      const repo = new AfterSalesRepository(trx);
      const id = await repo.nextId('store_refund');
      const requested = order.createdAt + DAY;
      const paid = order.createdAt + 2 * DAY;
      await repo.insertRefund({ id, storeId, orderId: order.id, refundNo: recordNo('R', id, requested), kind: REFUND_KIND.refundOnly, amountCents: order.amountCents, buyerAccid: order.buyerAccid, reason: REASONS[3]!, description: '', evidenceUrls: [], at: requested });
      await repo.insertRefundEvent(id, storeId, { event: 'request', actor: 'buyer', fromStatus: null, toStatus: 0, note: null, at: requested });
      await repo.insertRefundEvent(id, storeId, { event: 'approveRefundOnly', actor: 'merchant', fromStatus: 0, toStatus: 7, note: null, at: paid });
      await repo.insertRefundEvent(id, storeId, { event: 'pay', actor: 'merchant', fromStatus: 7, toStatus: 2, note: null, at: paid });
      await trx.updateTable('store_refund').set({ status: 2, updated_at: paid }).where('id', '=', id).execute();
      await repo.insertLedger({ storeId, orderId: order.id, refundId: id, amountCents: order.amountCents, idempotencyKey: `seed-full-refund-${order.id}`, orderRefundedCents: order.amountCents, orderRefundedInFull: true, at: paid });
      await repo.addRefunded(order.id, order.amountCents, paid);
    });
  }
}
