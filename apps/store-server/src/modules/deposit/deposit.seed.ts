import { TOP_UP_STATE } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { Clock } from '../../shared/clock';
import { balances, postDepositTopUp, postWalletDepositMove, transfer } from '../ledger';
import { DepositRepository } from './deposit.repository';
import { topUpLedgerKey, topUpReference } from './deposit.service';

const DAY_MS = 86_400_000;

/**
 * The demo store's deposit documents (docs/ledger.md "Demo history"), after the wallet's history: a paid top-up and
 * a declined one, a move from the deposit back to the wallet, and two platform adjustments (a compensation into the
 * deposit and a penalty out of it), each through the ledger's own postings. Seeds once (every start runs the seed).
 */
export async function seedDemoDeposit(db: Kysely<StoreDatabase>, clock: Clock, storeId: number): Promise<void> {
  const repo = new DepositRepository(db);
  if (await repo.topUpByKey(storeId, 'demo-top-up-1')) return;
  const now = clock.now().getTime();
  const at = (daysAgo: number, hour = 10) => new Date(now - daysAgo * DAY_MS - (now % DAY_MS) + hour * 3_600_000);

  await db.transaction().execute(async (trx) => {
    const r = new DepositRepository(trx);
    const paidId = await r.nextTopUpId();
    const paid = await r.insertTopUp({ id: paidId, storeId, amountCents: 200_000, idempotencyKey: 'demo-top-up-1', providerReference: topUpReference({ id: paidId, idempotencyKey: 'demo-top-up-1' }), createdAt: at(20), state: TOP_UP_STATE.paid, resolvedAt: at(20, 11) });
    await postDepositTopUp(trx, { storeId, topUpId: paid.id, amountCents: paid.amountCents, idempotencyKey: topUpLedgerKey(paid.id), at: at(20, 11) });
    const declinedId = await r.nextTopUpId();
    // 100.04 yuan: the sandbox provider declines amounts ending in 04 cents.
    await r.insertTopUp({ id: declinedId, storeId, amountCents: 10_004, idempotencyKey: 'demo-top-up-2', providerReference: topUpReference({ id: declinedId, idempotencyKey: 'demo-top-up-2' }), createdAt: at(12), state: TOP_UP_STATE.failed, failReason: 'payment declined by the payer', resolvedAt: at(12, 11) });

    const compensation = { amountCents: 5_000, remark: 'compensation for a delivery dispute ruled in the store’s favour / 配送纠纷判定商家无责，补偿保证金' };
    const docIn = await r.insertTransferDoc({ storeId, kind: 'adjustment', amountCents: compensation.amountCents, idempotencyKey: 'demo-adjustment-1', remark: compensation.remark, createdAt: at(9) });
    await transfer(trx, { storeId, debit: { platform: 'adjustments' }, credit: { store: 'deposit' }, amountCents: compensation.amountCents, kind: 'adjustment', source: { type: 'adjustment', id: docIn }, idempotencyKey: 'demo-adjustment-1', at: at(9) });
    const penalty = { amountCents: 3_000, remark: 'late-shipment penalty, order 2025-11 batch / 延迟发货违约金' };
    const docOut = await r.insertTransferDoc({ storeId, kind: 'adjustment', amountCents: penalty.amountCents, idempotencyKey: 'demo-adjustment-2', remark: penalty.remark, createdAt: at(5) });
    await transfer(trx, { storeId, debit: { store: 'deposit' }, credit: { platform: 'adjustments' }, amountCents: penalty.amountCents, kind: 'adjustment', source: { type: 'adjustment', id: docOut }, idempotencyKey: 'demo-adjustment-2', at: at(5) });

    const back = Math.min(20_000, (await balances(trx, storeId)).deposit);
    if (back > 0) {
      const docBack = await r.insertTransferDoc({ storeId, kind: 'deposit_to_wallet', amountCents: back, idempotencyKey: 'demo-deposit-to-wallet-1', createdAt: at(3) });
      await postWalletDepositMove(trx, { storeId, direction: 'deposit_to_wallet', transferDocId: docBack, amountCents: back, idempotencyKey: 'demo-deposit-to-wallet-1', at: at(3) });
    }
  });
}
