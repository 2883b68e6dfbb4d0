import { depositEndpoints as api } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { DepositService } from './deposit.service';

/** Issue 29 deposit calls (contracts: @merchant/api-contracts endpoints/deposit; wallet:top-up and wallet:view guard them). */
export function depositRoutes(deposit: DepositService): StoreRoute[] {
  return [
    contractRoute(api.applyTopUp, (b, caller) => deposit.applyTopUp(caller, b)),
    contractRoute(api.queryTopUpList, (b, caller) => deposit.topUps(caller, b)),
    contractRoute(api.queryTopUpDetail, (b, caller) => deposit.topUp(caller, b.topUpId)),
    contractRoute(api.applyTransfer, (b, caller) => deposit.applyTransfer(caller, b)),
    contractRoute(api.queryTransferList, (b, caller) => deposit.transfers(caller, b)),
    contractRoute(api.queryTransferDetail, (b, caller) => deposit.transfer(caller, b.transferId)),
  ];
}
