import type { Kysely, Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { settleDue } from '../ledger';
import { WalletReads, type WalletConditions } from './wallet.reads';
import { WalletRepository } from './wallet.repository';
import { ledgerCheckRoute, walletRoutes } from './wallet.routes';
import { walletTestHookRoutes } from './wallet.test-hooks';
import { payoutReference, WalletService, withdrawalIdOf, type PayPasswordCheck, type PayoutGateway, type WithdrawalCards } from './wallet.service';

export { OPERATOR_LEDGER_CHECK_PATH } from './wallet.routes';
export { payoutReference, withdrawalIdOf, type PayoutGateway, type PayoutView, type PayPasswordCheck, type WithdrawalCards } from './wallet.service';
export { WalletService } from './wallet.service';
export { WalletRepository } from './wallet.repository';
export type { WalletConditions, WalletSettlementAccount } from './wallet.reads';

/**
 * How often the ledger sweeper runs (settlement T+N, stale withdrawals): LEDGER_SWEEP_SECONDS (0 turns it off), else
 * every minute; off by default on a server with test hooks, whose tests run the sweep themselves (a sweep between a
 * test's reset and its assertions would settle seeded orders as they come due).
 */
export function ledgerSweepSeconds(env: NodeJS.ProcessEnv, testHooks = false): number {
  const fallback = testHooks ? 0 : 60;
  const value = Number(env.LEDGER_SWEEP_SECONDS ?? fallback);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** One sweep: due settlements, then withdrawals a crash or a lost callback left processing. */
export async function sweepLedger(db: Kysely<StoreDatabase>, clock: Clock, wallet: WalletService, cardOf: (storeId: number) => Promise<string | undefined>) {
  const settlements = await settleDue(db, clock.now());
  const withdrawals = await wallet.sweepStale(cardOf);
  return { settlements: settlements.length, withdrawals };
}

/** Runs the sweep once the server is ready (so a restart resolves what a crash left at once), then on an interval. */
function sweeperLifecycle(sweep: () => Promise<unknown>, seconds: number): StoreRoute {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return {
    path: '(ledger sweeper)',
    register(app) {
      const tick = () => {
        running = running.then(sweep).catch((error: unknown) => app.log.error({ err: error }, 'ledger sweeper failed'));
      };
      app.addHook('onReady', async () => {
        tick();
        timer = setInterval(tick, seconds * 1000);
        timer.unref();
      });
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await running;
      });
    },
  };
}

export interface WalletModuleDeps {
  db: Kysely<StoreDatabase>;
  clock: Clock;
  payPassword: PayPasswordCheck;
  cards: WithdrawalCards;
  payouts: PayoutGateway;
  /** The full card number of the store's bound card (the sweep's payout after a crash), undefined when none. */
  cardOf: (storeId: number) => Promise<string | undefined>;
  /** The settlement account and the pay password's state, for myWallet and the withdrawal form. */
  conditions: WalletConditions;
  operatorKey?: string;
  operatorKeyHeader: string;
  env?: NodeJS.ProcessEnv;
  /** A server with test hooks: the sweeper is off unless LEDGER_SWEEP_SECONDS says otherwise. */
  testHooks?: boolean;
  /** Registers the e2e settlement hook (ENABLE_TEST_HOOKS outside production only). */
  testHookRoutes?: boolean;
}

/**
 * The wallet (issue 29, docs/ledger.md): withdrawals on the ledger's two-phase freeze, the money flow, the ledger
 * sweeper and the operator's ledger check. `onPayoutOutcome` is what the payment provider's payout callback runs.
 */
export function walletModule(deps: WalletModuleDeps) {
  const repository = new WalletRepository(deps.db);
  const service = new WalletService(repository, deps.clock, deps.payPassword, deps.cards, deps.payouts, { error: (message, error) => console.error(message, error) });
  const routes: StoreRoute[] = [...walletRoutes(service, deps.db, new WalletReads(deps.db, deps.clock, deps.conditions)), ...ledgerCheckRoute(deps.db, deps.operatorKey, deps.operatorKeyHeader)];
  const seconds = ledgerSweepSeconds(deps.env ?? process.env, deps.testHooks);
  const sweep = () => sweepLedger(deps.db, deps.clock, service, deps.cardOf);
  if (seconds > 0) routes.push(sweeperLifecycle(sweep, seconds));
  if (deps.testHookRoutes) routes.push(...walletTestHookRoutes(deps.db, deps.clock));
  /** The payout's outcome, in the transaction that records the provider's event. */
  const onPayoutOutcome = async (event: { reference: string; status: 'succeeded' | 'failed'; failureReason: string | null }, trx: Transaction<StoreDatabase>) => {
    const id = withdrawalIdOf(event.reference);
    if (id === undefined) return;
    const repo = new WalletRepository(trx);
    const withdrawal = await repo.byId(id);
    // Only the withdrawal the reference names (its key's digest too), never another one with the same id.
    if (!withdrawal || payoutReference(withdrawal) !== event.reference) return;
    await service.finish(id, event.status === 'succeeded', event.failureReason, repo);
  };
  return { routes, service, sweep, onPayoutOutcome };
}

/** The payment provider's client as the wallet's payout gateway (modules/sandbox-provider's SandboxProviderClient). */
export function providerPayoutGateway(client: {
  createPayout(input: { reference: string; amountCents: number; cardNo: string }): Promise<{ transferId: string; status: 'pending' | 'succeeded' | 'failed'; failureReason: string | null }>;
  transfer(transferId: string): Promise<{ transferId: string; status: 'pending' | 'succeeded' | 'failed'; failureReason: string | null }>;
}): PayoutGateway {
  const view = (t: { transferId: string; status: 'pending' | 'succeeded' | 'failed'; failureReason: string | null }) => ({ transferId: t.transferId, status: t.status, failureReason: t.failureReason });
  return {
    requestPayout: async (input) => view(await client.createPayout(input)),
    payout: async (transferId) => view(await client.transfer(transferId)),
  };
}
