import { SETTLEMENT_DAYS_AFTER_PAYMENT, WITHDRAWAL_STATE } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { Clock } from '../../shared/clock';
import { balances, freeze, int8, postDepositTopUp, postPending, postWalletDepositMove, settleStore, voidPending } from '../ledger';
import { WalletRepository } from './wallet.repository';

// The demo store's money history (docs/ledger.md "Demo history"), after the orders and after-sales seeds have posted
// their payments and refunds: a deposit top-up, a settlement run every day from the first due day until today (so
// the pending amounts of the last T+N days are still pending), a withdrawal every week (one refused by the bank and
// voided back), and one move from the wallet to the deposit. Everything goes through the ledger's own postings, and
// the times come from the seed's clock, so the same clock gives the same history.

const DAY_MS = 86_400_000;
/** The demo settlement card (db/seed.ts DEMO_SETTLEMENT_CARD) ends in these digits. */
const DEMO_CARD = { bank_code: 'ICBC', card_last4: '0123', account_name: 'Demo Owner' };

/** Seeds once: nothing when the demo deposit top-up is there (every start runs the seed). */
export async function seedDemoLedgerHistory(db: Kysely<StoreDatabase>, clock: Clock, storeId: number): Promise<void> {
  const seeded = await db.selectFrom('store_ledger_transfer').select('id').where('store_id', '=', storeId).where('kind', '=', 'deposit_top_up').where('idempotency_key', '=', 'demo-deposit-1').executeTakeFirst();
  if (seeded) return;
  const now = clock.now();
  const first = await db
    .selectFrom('store_ledger_transfer')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('store_id', '=', storeId)
    .where('kind', '=', 'order_payment')
    .executeTakeFirst();
  const firstPayment = first?.first ? new Date(first.first as Date) : new Date(now.getTime() - 60 * DAY_MS);
  await postDepositTopUp(db, { storeId, topUpId: 1, amountCents: 500_000, idempotencyKey: 'demo-deposit-1', at: new Date(firstPayment.getTime() - 10 * DAY_MS) });

  const card = await db.selectFrom('store_bank_card').select(['bank_code', 'card_number', 'account_name']).where('store_id', '=', storeId).executeTakeFirst();
  const payee = card ? { bank_code: card.bank_code, card_last4: card.card_number.slice(-4), account_name: card.account_name } : DEMO_CARD;
  const wallet = new WalletRepository(db);
  let week = 0;
  for (let day = new Date(firstPayment.getTime() + SETTLEMENT_DAYS_AFTER_PAYMENT * DAY_MS); day.getTime() <= now.getTime(); day = new Date(day.getTime() + DAY_MS)) {
    await settleStore(db, storeId, day);
    const sinceStart = Math.round((day.getTime() - firstPayment.getTime()) / DAY_MS);
    if (sinceStart % 7 !== 0) continue;
    week += 1;
    const { available } = await balances(db, storeId);
    // 60% of what is available, in whole yuan.
    const amountCents = Math.floor((available * 0.6) / 100) * 100;
    if (amountCents < 100) continue;
    const at = new Date(day.getTime() + 2 * 3_600_000);
    await wallet.transaction(async (repo) => {
      const id = await repo.nextId();
      const { pendingId } = await freeze(repo.db, { storeId, amountCents, source: { type: 'withdrawal', id }, at });
      await repo.insert({ id, storeId, amountCents, pendingTransferId: pendingId, bankCode: payee.bank_code, cardLast4: payee.card_last4, accountName: payee.account_name, idempotencyKey: `demo-withdrawal-${week}`, createdAt: at });
      await repo.setPayoutReference(id, `demo-payout-${id}`);
      const paidAt = new Date(at.getTime() + 3_600_000);
      // The third week's payout was refused by the bank: voided back to available.
      const refused = week === 3;
      await repo.finish(id, refused ? WITHDRAWAL_STATE.failed : WITHDRAWAL_STATE.paid, paidAt, refused ? 'the bank refused the payout (account frozen)' : null);
      if (refused) await voidPending(repo.db, pendingId, paidAt);
      else await postPending(repo.db, pendingId, paidAt);
    });
    if (week === 2) {
      const move = Math.min(50_000, int8((await balances(db, storeId)).available));
      if (move > 0) await postWalletDepositMove(db, { storeId, direction: 'wallet_to_deposit', transferDocId: 1, amountCents: move, idempotencyKey: 'demo-wallet-to-deposit-1', at: new Date(at.getTime() + 5 * 3_600_000) });
    }
  }
}
