import type { Kysely, Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import type { PayPasswordCheck } from '../wallet';
import { DepositRepository } from './deposit.repository';
import { depositRoutes } from './deposit.routes';
import { DepositService, type PaymentGateway } from './deposit.service';
import './deposit.tables';

export { DepositRepository } from './deposit.repository';
export { DepositService, TOP_UP_RECHECK_SECONDS, topUpIdOf, topUpLedgerKey, topUpReference, type PaymentGateway, type PaymentView } from './deposit.service';
export { seedDemoDeposit } from './deposit.seed';

export interface DepositModuleDeps {
  db: Kysely<StoreDatabase>;
  clock: Clock;
  /** The pay module's check and lockout, the one withdrawals use. */
  payPassword: PayPasswordCheck;
  payments: PaymentGateway;
}

/**
 * The warranty deposit (issue 29, docs/ledger.md "Deposit top-ups and transfers"): top-ups paid through the payment
 * provider, moves between the wallet and the deposit, the transfer record. `onPaymentOutcome` is what the provider's
 * payment callback runs, in the transaction that records the event.
 */
export function depositModule(deps: DepositModuleDeps) {
  const service = new DepositService(new DepositRepository(deps.db), deps.clock, deps.payPassword, deps.payments, { error: (message, error) => console.error(message, error) });
  const routes: StoreRoute[] = depositRoutes(service);
  const onPaymentOutcome = async (event: { reference: string; amountCents: number; status: 'succeeded' | 'failed'; failureReason: string | null }, trx: Transaction<StoreDatabase>) => {
    await service.onPaymentOutcome(event, new DepositRepository(trx));
  };
  return { routes, service, onPaymentOutcome };
}

/** The payment provider's client as the deposit's payment gateway (modules/sandbox-provider's SandboxProviderClient). */
type ProviderTransfer = { transferId: string; status: 'pending' | 'succeeded' | 'failed'; failureReason: string | null };

export function providerPaymentGateway(client: {
  createPayment(input: { reference: string; amountCents: number }): Promise<ProviderTransfer>;
  transfer(transferId: string): Promise<ProviderTransfer>;
}): PaymentGateway {
  const view = (t: ProviderTransfer) => ({ transferId: t.transferId, status: t.status, failureReason: t.failureReason });
  return {
    requestPayment: async (input) => view(await client.createPayment(input)),
    payment: async (transferId) => view(await client.transfer(transferId)),
  };
}
