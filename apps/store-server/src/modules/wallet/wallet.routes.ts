import { walletEndpoints as api } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { callerLanguage, contractRoute, type StoreRoute } from '../../http/route';
import { keyedRoute } from '../../http/keyed-route';
import { checkLedger, entries } from '../ledger';
import type { WalletReads } from './wallet.reads';
import type { WalletService } from './wallet.service';

/** The operator's ledger check (`npm run operator -- ledger-check`): the invariants of the whole ledger. */
export const OPERATOR_LEDGER_CHECK_PATH = '/operator/ledger/check';

/** Issue 29 wallet calls (contracts: @merchant/api-contracts endpoints/wallet; wallet:withdraw and wallet:view guard them). */
export function walletRoutes(wallet: WalletService, db: Kysely<StoreDatabase>, reads: WalletReads): StoreRoute[] {
  const at = (time: number | undefined) => (time === undefined ? undefined : new Date(time * 1000));
  return [
    contractRoute(api.applyWithdrawal, (b, caller) => wallet.apply(caller, b)),
    contractRoute(api.queryWithdrawalList, (b, caller) => wallet.list(caller, b)),
    contractRoute(api.queryWithdrawalDetail, (b, caller) => wallet.detail(caller, b.withdrawalId)),
    contractRoute(api.queryLedgerEntries, (b, caller) =>
      entries(db, caller.storeId, { pageNum: b.pageNum, pageSize: b.pageSize, account: b.account, kind: b.kind, from: at(b.createTimeStart), to: at(b.createTimeEnd) }),
    ),
    contractRoute(api.queryLedgerTransfer, (b, caller) => reads.transfer(caller, b.transferId)),
    contractRoute(api.queryWalletSummary, (_b, caller, ctx) => reads.summary(caller, callerLanguage(ctx.request))),
  ];
}

/** The ledger check for the platform's operator (x-operator-key), answered whatever it finds: `ok` says. */
export function ledgerCheckRoute(db: Kysely<StoreDatabase>, operatorKey: string | undefined, header: string): StoreRoute[] {
  if (!operatorKey) return [];
  return [keyedRoute(OPERATOR_LEDGER_CHECK_PATH, { header, key: operatorKey, keyRequired: 'operator key required' }, () => ({ ok: true, run: () => checkLedger(db) }))];
}
