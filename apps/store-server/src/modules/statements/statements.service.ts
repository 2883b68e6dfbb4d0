import {
  moneyWaterLink,
  type ExplainBalance,
  type PageOf,
  type SettlementCalendarDay,
  type SettlementOrderRow,
  type SettlementRow,
  type StatementRow,
  type StoreLedgerAccount,
} from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import type { Clock } from '../../shared/clock';
import type { ListQuery } from '../../shared/resource-list';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { commissionOf, ledgerDay } from '../ledger';
import type { StatementsRepository } from './statements.repository';

// Another store's settlement reads as absent (10100004): a store cannot learn which ids exist elsewhere.
const settlementNotFound = () => new StoreError(STORE_CODES.notFound, text('结算单不存在', 'settlement not found'));

/** billManagement/bills, "explain my balance", platformTrad/settlementInquiry and the settlement calendar. */
export class StatementsService {
  constructor(
    private readonly repository: StatementsRepository,
    private readonly clock: Clock,
  ) {}

  statementList(caller: Caller, query: ListQuery): Promise<PageOf<StatementRow>> {
    return this.repository.statementPage(caller.storeId, query);
  }

  /** Opening + each kind's movements = closing; each line links to its entries in the money flow. */
  async explain(caller: Caller, query: { account: StoreLedgerAccount; from: string; to: string }): Promise<ExplainBalance> {
    const { openingCents, lines } = await this.repository.explain(caller.storeId, query.account, query.from, query.to);
    return {
      account: query.account,
      from: query.from,
      to: query.to,
      openingCents,
      lines: lines.map((line) => ({ ...line, link: moneyWaterLink({ account: query.account, kind: line.kind, from: query.from, to: query.to }) })),
      closingCents: openingCents + lines.reduce((sum, line) => sum + line.netCents, 0),
    };
  }

  settlementList(caller: Caller, query: ListQuery): Promise<PageOf<SettlementRow>> {
    return this.repository.settlementPage(caller.storeId, query);
  }

  async settlementDetail(caller: Caller, settlementId: number): Promise<SettlementRow> {
    const row = await this.repository.settlementRow(caller.storeId, settlementId);
    if (!row) throw settlementNotFound();
    return row;
  }

  async settlementOrders(caller: Caller, query: ListQuery & { settlementId: number }): Promise<PageOf<SettlementOrderRow>> {
    await this.settlementDetail(caller, query.settlementId);
    return this.repository.settlementOrderPage(caller.storeId, query);
  }

  /**
   * Per business day, the unsettled orders that become available then (payment + T+N; an overdue one today, as the
   * next settlement run takes it) with what they hold, the commission settleStore will take (per order, rounded
   * as it rounds) and the rest. The days' pending amounts add up to the pending-settlement balance.
   */
  async calendar(caller: Caller): Promise<{ days: SettlementCalendarDay[]; pendingCents: number }> {
    const today = ledgerDay(this.clock.now());
    const byDay = new Map<string, SettlementCalendarDay>();
    for (const order of await this.repository.pendingOrders(caller.storeId)) {
      const day = order.availableDay < today ? today : order.availableDay;
      const entry = byDay.get(day) ?? { day, orderCount: 0, pendingCents: 0, commissionCents: 0, netCents: 0 };
      const pending = Math.max(order.pendingCents, 0);
      const commission = commissionOf(pending);
      entry.orderCount += 1;
      entry.pendingCents += order.pendingCents;
      entry.commissionCents += commission;
      entry.netCents += pending - commission;
      byDay.set(day, entry);
    }
    const days = [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
    return { days, pendingCents: days.reduce((sum, d) => sum + d.pendingCents, 0) };
  }
}
