/**
 * The double-entry ledger (issue 29, docs/ledger.md): every money movement of store-server is a transfer that
 * debits one account and credits another, in integer cents, with immutable entries. Every function takes the
 * caller's database handle: an open transaction (the money commits with the caller's own rows) or the database
 * (a transaction of its own). With PGlite's one connection, a caller inside a transaction must pass it.
 *
 * - `transfer(db, input)` / `transferMany(db, inputs)`: post transfers; a keyed one posts once per (store, kind, key)
 *   and a repeat with other fields is refused (10100009). A store account never goes below zero (refused, 10100005).
 * - `freeze(db, …)` → pending id; `postPending(db, id, at)` / `voidPending(db, id, at)`: the two-phase move, each
 *   resolving once (a conditional update of the pending row), answering `resolved: false` on a second call.
 * - `postOrderPayment(s)`, `postOrderRefund`, `postDepositTopUp`, `postWalletDepositMove`: the areas' postings.
 * - `settleStore`, `settleDue`: T+N settlement less the commission.
 * - `balances(db, storeId)`, `entries(db, storeId, filter)`, `orderMoney(db, orderId)`: reads.
 * - `checkLedger(db)`: the invariants (tests and `npm run operator -- ledger-check`).
 */
export { int8, ledgerDay, PLATFORM_LEDGER_ACCOUNTS, type AccountRef, type PlatformLedgerAccount } from './ledger.accounts';
export { inTransaction, insufficientBalance, lockStoreAccounts, transfer, transferMany, type PostedTransfer, type TransferInput } from './ledger.core';
export { freeze, postPending, voidPending, type FreezeInput, type PendingState, type Resolution } from './ledger.pending';
export {
  postDepositTopUp,
  postOrderPayment,
  postOrderPayments,
  postOrderRefund,
  postWalletDepositMove,
  refundOverCaptured,
  type DepositTopUp,
  type OrderPayment,
  type OrderRefund,
  type WalletDepositMove,
} from './ledger.postings';
export { commissionOf, settleDue, settleStore, type SettlementOutcome } from './ledger.settlement';
export { balances, entries, orderMoney, type EntryFilter, type StoreBalances } from './ledger.reads';
export { checkLedger, type LedgerBreak, type LedgerCheckResult } from './ledger.check';
