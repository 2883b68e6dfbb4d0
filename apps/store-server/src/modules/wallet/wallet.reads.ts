import { WALLET_RECENT_ENTRIES, type LedgerSourceType, type LedgerTransferKind, type LedgerTransferRecord, type SupportedLanguage, type WalletSummary } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { Caller } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { balances, entries, int8 } from '../ledger';

/** The settlement account as the account module shows it (masked), with the 24-hour pause after a change. */
export interface WalletSettlementAccount {
  card: { bankCode: string; bankName: string; cardNumber: string; accountName: string } | null;
  /** Seconds; null when withdrawals are not paused. */
  withdrawalPausedUntil: number | null;
}

/** What the wallet's summary reads from the account and pay modules (wired in modules/index.ts). */
export interface WalletConditions {
  settlementAccount(caller: Caller, language: SupportedLanguage): Promise<WalletSettlementAccount>;
  payPasswordState(caller: Caller): Promise<{ set: boolean; triesLeft: number; retryAfterSeconds: number }>;
}

const transferNotFound = () => new StoreError(STORE_CODES.notFound, text('资金流水不存在', 'money movement not found'));
const seconds = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000);

/**
 * The wallet's reads (issue 29 myWallet and moneyWater details): balances and entries come from the ledger module,
 * one transfer with both its entries is read here, always with the caller's store.
 */
export class WalletReads {
  constructor(
    private readonly db: Kysely<StoreDatabase>,
    private readonly clock: Clock,
    private readonly conditions: WalletConditions,
  ) {}

  async summary(caller: Caller, language: SupportedLanguage): Promise<WalletSummary> {
    const [money, recent, account, payPassword, blacklist] = await Promise.all([
      balances(this.db, caller.storeId),
      entries(this.db, caller.storeId, { pageNum: 1, pageSize: WALLET_RECENT_ENTRIES }),
      this.conditions.settlementAccount(caller, language),
      this.conditions.payPasswordState(caller),
      this.db.selectFrom('store_withdraw_blacklist').select('remark').where('store_id', '=', caller.storeId).executeTakeFirst(),
    ]);
    const card = account.card;
    return {
      availableCents: money.available,
      frozenCents: money.frozen,
      depositCents: money.deposit,
      pendingSettlementCents: money.pendingSettlement,
      recent: recent.list,
      settlementAccount: card ? { bankCode: card.bankCode, bankName: card.bankName, cardLast4: card.cardNumber.slice(-4), accountName: card.accountName } : null,
      withdrawalPausedUntil: account.withdrawalPausedUntil,
      blacklistRemark: blacklist?.remark ?? null,
      payPassword: {
        set: payPassword.set,
        triesLeft: payPassword.triesLeft,
        lockedUntil: payPassword.retryAfterSeconds > 0 ? seconds(this.clock.now()) + payPassword.retryAfterSeconds : null,
      },
    };
  }

  /** One transfer of the caller's store: its debit and credit entries (the platform's side named as such). */
  async transfer(caller: Caller, transferId: number): Promise<LedgerTransferRecord> {
    const transfer = await this.db
      .selectFrom('store_ledger_transfer')
      .select(['id', 'kind', 'amount_cents', 'source_type', 'source_id', 'order_id', 'created_at'])
      .where('id', '=', transferId)
      .where('store_id', '=', caller.storeId)
      .executeTakeFirst();
    if (!transfer) throw transferNotFound();
    const rows = await this.db
      .selectFrom('store_ledger_entry as e')
      .innerJoin('store_ledger_account as a', 'a.id', 'e.account_id')
      .select(['e.id', 'e.direction', 'e.amount_cents', 'a.code', 'a.store_id'])
      .where('e.transfer_id', '=', transferId)
      .orderBy('e.id')
      .execute();
    return {
      transferId: int8(transfer.id),
      kind: transfer.kind as LedgerTransferKind,
      amountCents: int8(transfer.amount_cents),
      sourceType: transfer.source_type as LedgerSourceType,
      sourceId: int8(transfer.source_id),
      orderId: transfer.order_id,
      createTime: seconds(transfer.created_at),
      entries: rows.map((r) => ({
        entryId: int8(r.id),
        account: r.store_id === null ? `platform:${r.code}` : r.code,
        owner: r.store_id === null ? ('platform' as const) : ('store' as const),
        amountCents: (r.direction === 'credit' ? 1 : -1) * int8(r.amount_cents),
      })),
    };
  }
}
