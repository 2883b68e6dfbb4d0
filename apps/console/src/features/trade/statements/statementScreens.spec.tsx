// The statement screens (billManagement/bills, platformTrad/settlementInquiry (+view)) through the whole console
// against a contract-checked fake server: daily/monthly statements with account labels and movements, the filters
// sent as the contract's biz, the xlsx download as a 'trade.statements' export job with the list's filters and its
// progress, "explain my balance" from a row with its links to the money flow, the settlements with the calendar,
// the view with its orders linking to the trade order view, zh-CN, and a staff member without trade:view.
import { screen, waitFor, within } from '@testing-library/react';
import {
  PERMISSIONS,
  moneyWaterLink,
  statementEndpoints as S,
  type ExplainBalance,
  type SettlementCalendarDay,
  type SettlementOrderRow,
  type SettlementRow,
  type StatementRow,
} from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, fakeExportJobs, type FakeUser } from '../../../../test/fakeStoreServer';
import { renderConsole, waitForPath } from '../../../../test/renderConsole';
import { onContract, pageOf } from '../../../resource-kit/contractFake';
import { TRADE_PATHS } from '../paths';

jest.setTimeout(120_000);

const LIST = { timeout: 30_000 };
const owner: FakeUser = { ...DEMO_USER, token: 'token-statements', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const noTrade: FakeUser = { ...DEMO_USER, token: 'token-no-statements', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS).filter((code) => code !== PERMISSIONS.tradeView) } };

const statement = (period: 'day' | 'month', account: StatementRow['account'], periodStart: string, opening: number, kinds: StatementRow['byKind']): StatementRow => {
  const inCents = kinds.filter((k) => k.netCents > 0).reduce((s, k) => s + k.netCents, 0);
  const outCents = -kinds.filter((k) => k.netCents < 0).reduce((s, k) => s + k.netCents, 0);
  const periodEnd = period === 'day' ? periodStart : `${periodStart.slice(0, 8)}30`;
  return { statementId: `${period}:${account}:${periodStart}`, period, account, periodStart, periodEnd, openingCents: opening, inCents, outCents, closingCents: opening + inCents - outCents, byKind: kinds };
};
const days: StatementRow[] = [
  statement('day', 'available', '2026-11-20', 100_000, [
    { kind: 'settlement', netCents: 47_500, count: 3 },
    { kind: 'withdrawal_freeze', netCents: -20_000, count: 1 },
  ]),
  statement('day', 'pending_settlement', '2026-11-20', 90_000, [{ kind: 'order_payment', netCents: 12_000, count: 2 }]),
];
const months: StatementRow[] = [statement('month', 'available', '2026-11-01', 80_000, [{ kind: 'settlement', netCents: 150_000, count: 40 }])];
const explained: ExplainBalance = {
  account: 'available',
  from: '2026-11-20',
  to: '2026-11-20',
  openingCents: 100_000,
  lines: [
    { kind: 'settlement', netCents: 47_500, count: 3, link: moneyWaterLink({ account: 'available', kind: 'settlement', from: '2026-11-20', to: '2026-11-20' }) },
    { kind: 'withdrawal_freeze', netCents: -20_000, count: 1, link: moneyWaterLink({ account: 'available', kind: 'withdrawal_freeze', from: '2026-11-20', to: '2026-11-20' }) },
  ],
  closingCents: 127_500,
};
const settlement: SettlementRow = { settlementId: 500123, settledTime: 1_765_000_000, orderCount: 2, grossCents: 20_000, refundedCents: 2_000, commissionCents: 900, netCents: 17_100 };
const settledOrders: SettlementOrderRow[] = [
  { orderId: 41, orderNo: '202611010000000041', payTime: 1_763_000_000, paidCents: 12_000, refundedCents: 2_000, commissionCents: 500, netCents: 9_500 },
  { orderId: 42, orderNo: '202611010000000042', payTime: 1_763_000_100, paidCents: 8_000, refundedCents: 0, commissionCents: 400, netCents: 7_600 },
];
const calendar: SettlementCalendarDay[] = [{ day: '2026-12-09', orderCount: 3, pendingCents: 30_000, commissionCents: 1_500, netCents: 28_500 }];

function renderStatements(path: string, user: FakeUser = owner) {
  const server = createFakeStoreServer([user]);
  onContract(server, S.statementList, (biz) => pageOf((biz.period === 'month' ? months : days).filter((row) => !biz.account || row.account === biz.account), biz));
  onContract(server, S.explainBalance, () => explained);
  onContract(server, S.settlementList, (biz) => pageOf([settlement], biz));
  onContract(server, S.settlementDetail, () => settlement);
  onContract(server, S.settlementOrders, (biz) => pageOf(settledOrders, biz));
  onContract(server, S.settlementCalendar, () => ({ days: calendar, pendingCents: 30_000 }));
  const jobs = fakeExportJobs(server, days.length, [{ state: 2 }, { state: 3 }]);
  return { ...renderConsole({ path, token: user.token, server }), server, jobs };
}

const bodyRow = (text: string) => screen.getAllByText(text)[0]!.closest('[role=row]') as HTMLElement;

describe('statement screens', () => {
  it('bills: daily statements per account with their movements; the monthly tab and the account filter ask the contract', async () => {
    const { user, server } = renderStatements(TRADE_PATHS.bills);
    expect(await screen.findByText('pending settlement', {}, LIST)).toBeInTheDocument();
    const available = within(screen.getByTestId('trade.bills-table')).getAllByRole('row').find((row) => within(row).queryByText('available'))!;
    expect(within(available).getByText('1000.00')).toBeInTheDocument();
    expect(within(available).getByText('1275.00')).toBeInTheDocument();
    expect(within(available).getByText(/settlement \+475\.00/)).toBeInTheDocument();
    expect(server.callsTo(S.statementList.path).at(-1)!.biz).toMatchObject({ period: 'day', pageNum: 1 });

    await user.click(screen.getByRole('tab', { name: 'Monthly' }));
    await waitFor(() => expect(server.callsTo(S.statementList.path).at(-1)!.biz).toMatchObject({ period: 'month' }));
    expect(await screen.findByText('2026-11', {}, LIST)).toBeInTheDocument();

    await user.click(within(screen.getByTestId('bills')).getByRole('combobox', { name: 'Account' }));
    await user.click(await screen.findByRole('option', { name: 'available' }));
    await waitFor(() => expect(server.callsTo(S.statementList.path).at(-1)!.biz).toMatchObject({ period: 'month', account: 'available' }));
    expect(server.violations).toEqual([]);
  });

  it('bills: "download xlsx" starts a trade.statements export job with the filters on screen and shows its progress', async () => {
    const { user, jobs } = renderStatements(TRADE_PATHS.bills);
    await screen.findByText('pending settlement', {}, LIST);
    await user.click(screen.getByTestId('bills-download'));
    await waitFor(() => expect(screen.getByTestId('export-job')).toHaveAttribute('data-phase', 'done'), LIST);
    expect(jobs.created).toHaveLength(1);
    expect(jobs.created[0]).toMatchObject({ resource: 'trade.statements', filters: { period: 'day' } });
    expect(jobs.created[0]).not.toHaveProperty('filters.pageNum');
    expect(screen.getByTestId('export-download')).toHaveAttribute('href', expect.stringContaining('/v1/store/export/file?jobId='));
  });

  it('explains a statement row: opening, each kind summed with a link to its entries, closing', async () => {
    const { user, server } = renderStatements(TRADE_PATHS.bills);
    await screen.findByText('pending settlement', {}, LIST);
    await user.click(screen.getByRole('button', { name: 'Explain available 2026-11-20' }));
    await waitFor(() => expect(server.callsTo(S.explainBalance.path).at(-1)!.biz).toEqual({ account: 'available', from: '2026-11-20', to: '2026-11-20' }));
    const result = await screen.findByTestId('explain-result', {}, LIST);
    expect(within(result).getByTestId('explain-opening')).toHaveTextContent('1000.00');
    expect(within(result).getByTestId('explain-closing')).toHaveTextContent('1275.00');
    expect(within(result).getByTestId('explain-line-withdrawal_freeze')).toHaveTextContent('-200.00');
    expect(within(within(result).getByTestId('explain-line-settlement')).getByRole('link', { name: 'View entries' })).toHaveAttribute('href', explained.lines[0]!.link);
  });

  it('settlementInquiry lists settlements under the calendar; the view lists its orders linking to the trade order view', async () => {
    const { user, server, location } = renderStatements(TRADE_PATHS.settlementInquiry);
    expect(await screen.findByText('500123', {}, LIST)).toBeInTheDocument();
    const calendarDay = await screen.findByTestId('calendar-day');
    expect(within(calendarDay).getByText('2026-12-09')).toBeInTheDocument();
    expect(within(calendarDay).getByText('285.00')).toBeInTheDocument();
    expect(within(bodyRow('500123')).getByText('171.00')).toBeInTheDocument();
    await user.click(within(bodyRow('500123')).getByRole('link', { name: 'Detail' }));
    expect(await screen.findByTestId('resource-detail-trade.settlements', {}, LIST)).toBeInTheDocument();
    expect(location()).toBe(`${TRADE_PATHS.settlementInquiryView}?id=500123`);
    expect(server.callsTo(S.settlementDetail.path).at(-1)!.biz).toEqual({ settlementId: 500123 });
    const order = await screen.findByRole('link', { name: settledOrders[0]!.orderNo }, LIST);
    expect(order).toHaveAttribute('href', `${TRADE_PATHS.tradeOrderView}?id=41`);
    expect(server.callsTo(S.settlementOrders.path).at(-1)!.biz).toMatchObject({ settlementId: 500123 });
  });

  it('reads in zh-CN', async () => {
    const { user } = renderStatements(TRADE_PATHS.bills);
    await screen.findByText('pending settlement', {}, LIST);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    expect(await screen.findByText('待结算', {}, LIST)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '月账单' })).toBeInTheDocument();
    expect(screen.getByText('余额解读', { selector: 'h2' })).toBeInTheDocument();
  });

  it('keeps a staff member without trade:view out and asks the server nothing', async () => {
    const { server, location } = renderStatements(TRADE_PATHS.bills, noTrade);
    await waitForPath(location, '/404');
    expect(server.callsTo(S.statementList.path)).toEqual([]);
  });
});
