import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EXPORT_JOB_STATE,
  PLATFORM_COMMISSION_BP,
  SETTLEMENT_DAYS_AFTER_PAYMENT,
  STORE_CODES,
  STORE_LEDGER_ACCOUNTS,
  exportEndpoints as exportsApi,
  statementEndpoints as e,
  type ExplainBalance,
  type ExportJob,
  type PageOf,
  type SettlementCalendarDay,
  type SettlementOrderRow,
  type SettlementRow,
  type StatementRow,
  type StoreLedgerAccount,
} from '@merchant/api-contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { systemClock } from '../../shared/clock';
import { balances, checkLedger, commissionOf, ledgerDay, postOrderPayments, postOrderRefund, settleStore } from '../ledger';
import { seedDemoLedgerHistory } from '../wallet/wallet.seed';
import { seedDemoStatementHistory } from './statements.seed';
import { eventually } from '../../testing/eventually';

// The statement calls (docs/trade.md "Statements") through real HTTP on a real database (PGlite, or PostgreSQL with
// DATABASE_URL), over the seeded demo history: every daily and monthly statement chains (opening = the previous
// closing, opening + movements = closing, the last closing = the balance) while checkLedger holds; "explain my
// balance" sums match the entries; a settlement's view lists exactly the orders it settled with net = gross − refunds
// − commission; the calendar adds up to the pending-settlement balance; the xlsx export reads back; another store's
// settlement is not found and bad input is refused.
const { success: OK, notFound: NOT_FOUND, invalidParameter: INVALID } = STORE_CODES;
const DEMO = 1001;
const DAY_MS = 86_400_000;

jest.setTimeout(180_000);

let h: TestHarness;
let mediaDir: string;
let demo: string;
let other: string;
let otherStoreId: number;
beforeAll(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), 'store-statements-'));
  process.env.MEDIA_DIR = mediaDir;
  h = await startTestServer();
  demo = await h.login('demo_merchant', 'Demo12345');
  other = await h.login('demo_service', 'Demo12345');
  otherStoreId = (await h.database.db.selectFrom('store_user').select('store_id').where('username', '=', 'demo_service').executeTakeFirstOrThrow()).store_id;
});
afterAll(async () => {
  await h.close();
  delete process.env.MEDIA_DIR;
  rmSync(mediaDir, { recursive: true, force: true });
});

const db = () => h.database.db;

async function allStatements(period: 'day' | 'month', token = demo): Promise<StatementRow[]> {
  const rows: StatementRow[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await h.call<PageOf<StatementRow>>(e.statementList.path, { period, pageNum, pageSize: 100 }, token);
    expect(page.code).toBe(OK);
    rows.push(...page.data.list);
    if (rows.length >= page.data.total || page.data.list.length === 0) return rows;
  }
}

/** The account's balance from its entries up to the end of `day` (inclusive), straight from the table. */
async function entriesBalance(storeId: number, account: StoreLedgerAccount, to?: string): Promise<number> {
  const { rows } = await sql<{ b: string }>`
    select coalesce(sum(case when e.direction = 'credit' then e.amount_cents else -e.amount_cents end), 0)::int8 as b
    from store_ledger_entry e join store_ledger_account a on a.id = e.account_id
    where a.store_id = ${storeId} and a.code = ${account} ${to ? sql`and e.day <= ${to}::date` : sql``}`.execute(db());
  return Number(rows[0]!.b);
}

describe('statements: daily and monthly', () => {
  it.each(['day', 'month'] as const)('every %s statement chains: opening = previous closing, opening + Σ kinds = closing, the last closing = the balance', async (period) => {
    expect((await checkLedger(db())).ok).toBe(true);
    const rows = await allStatements(period);
    // The seeded history spans months: payments, refunds, settlements, withdrawals, a deposit.
    expect(new Set(rows.map((r) => r.periodStart.slice(0, 7))).size).toBeGreaterThanOrEqual(2);
    const now = await balances(db(), DEMO);
    const balanceOf: Record<StoreLedgerAccount, number> = { available: now.available, frozen: now.frozen, deposit: now.deposit, pending_settlement: now.pendingSettlement };
    for (const account of STORE_LEDGER_ACCOUNTS) {
      const chain = rows.filter((r) => r.account === account).sort((a, b) => (a.periodStart < b.periodStart ? -1 : 1));
      if (chain.length === 0) {
        expect(balanceOf[account]).toBe(0);
        continue;
      }
      expect(chain[0]!.openingCents).toBe(0);
      for (const [i, row] of chain.entries()) {
        if (i > 0) expect(row.openingCents).toBe(chain[i - 1]!.closingCents);
        expect(row.closingCents).toBe(row.openingCents + row.inCents - row.outCents);
        expect(row.openingCents + row.byKind.reduce((sum, k) => sum + k.netCents, 0)).toBe(row.closingCents);
        expect(row.closingCents).toBeGreaterThanOrEqual(0);
      }
      expect(chain.at(-1)!.closingCents).toBe(balanceOf[account]);
      // A closing balance is the account's entries up to the period's end.
      const sample = chain[Math.floor(chain.length / 2)]!;
      expect(sample.closingCents).toBe(await entriesBalance(DEMO, account, sample.periodEnd));
    }
  });

  it('filters by account and by days (a period overlapping the window), newest first', async () => {
    const days = await allStatements('day');
    const available = days.filter((r) => r.account === 'available');
    const mid = available[Math.floor(available.length / 2)]!.periodStart;
    const page = await h.call<PageOf<StatementRow>>(e.statementList.path, { period: 'day', account: 'available', from: mid, to: mid }, demo);
    expect(page.code).toBe(OK);
    expect(page.data.list.map((r) => [r.account, r.periodStart])).toEqual([['available', mid]]);
    const months = await h.call<PageOf<StatementRow>>(e.statementList.path, { period: 'month', account: 'available', from: mid, to: mid }, demo);
    expect(months.data.list.map((r) => r.periodStart)).toEqual([`${mid.slice(0, 7)}-01`]);
    const starts = days.map((r) => r.periodStart);
    expect([...starts].sort().reverse()).toEqual(starts);
  });

  it('refuses bad input and shows another store nothing of this one', async () => {
    expect((await h.call(e.statementList.path, { period: 'week' }, demo)).code).toBe(INVALID);
    expect((await h.call(e.statementList.path, { period: 'day', from: '2026-02-30' }, demo)).code).toBe(INVALID);
    expect((await h.call(e.statementList.path, { period: 'day', from: '2026-03-02', to: '2026-03-01' }, demo)).code).toBe(INVALID);
    const others = await allStatements('day', other);
    const theirs = await entriesBalance(otherStoreId, 'available');
    expect(others.filter((r) => r.account === 'available').reduce((sum, r) => sum + r.inCents - r.outCents, 0)).toBe(theirs);
  });
});

describe('explain my balance', () => {
  it('opening + each kind summed = closing, each sum equal to the entries of that kind, each line linking to them', async () => {
    const days = (await allStatements('day')).filter((r) => r.account === 'available').sort((a, b) => (a.periodStart < b.periodStart ? -1 : 1));
    const from = days[Math.floor(days.length / 3)]!.periodStart;
    const to = days[Math.floor((2 * days.length) / 3)]!.periodStart;
    const answer = await h.call<ExplainBalance>(e.explainBalance.path, { account: 'available', from, to }, demo);
    expect(answer.code).toBe(OK);
    const x = answer.data;
    const dayBefore = new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
    expect(x.openingCents).toBe(await entriesBalance(DEMO, 'available', dayBefore));
    expect(x.closingCents).toBe(await entriesBalance(DEMO, 'available', to));
    expect(x.openingCents + x.lines.reduce((sum, l) => sum + l.netCents, 0)).toBe(x.closingCents);
    expect(x.lines.length).toBeGreaterThan(0);
    const { rows } = await sql<{ kind: string; net: string; n: string }>`
      select t.kind, sum(case when e.direction = 'credit' then e.amount_cents else -e.amount_cents end)::int8 as net, count(*)::int8 as n
      from store_ledger_entry e join store_ledger_transfer t on t.id = e.transfer_id join store_ledger_account a on a.id = e.account_id
      where a.store_id = ${DEMO} and a.code = 'available' and e.day between ${from}::date and ${to}::date group by t.kind order by t.kind`.execute(db());
    expect(x.lines.map((l) => [l.kind, l.netCents, l.count])).toEqual(rows.map((r) => [r.kind, Number(r.net), Number(r.n)]));
    // Each line opens the money flow filtered to its entries: the account, the kind and the days' seconds (UTC+8 business days).
    for (const line of x.lines) {
      const url = new URL(line.link, 'http://console');
      expect(url.pathname).toBe('/trade/moneyMgmt/moneyWater');
      const filters = JSON.parse(url.searchParams.get('wallet.moneyWater.q')!) as { account: string; kind: string; createTime: [number, number] };
      expect(filters).toEqual({ account: 'available', kind: line.kind, createTime: [Date.parse(`${from}T00:00:00+08:00`) / 1000, Date.parse(`${to}T23:59:59+08:00`) / 1000] });
      const { rows: counted } = await sql<{ n: string }>`
        select count(*)::int8 as n from store_ledger_entry e join store_ledger_transfer t on t.id = e.transfer_id join store_ledger_account a on a.id = e.account_id
        where a.store_id = ${DEMO} and a.code = 'available' and t.kind = ${line.kind} and e.created_at between to_timestamp(${filters.createTime[0]}) and to_timestamp(${filters.createTime[1]})`.execute(db());
      expect(Number(counted[0]!.n)).toBe(line.count);
    }
  });

  it('a window before any movement explains zero; bad windows are refused', async () => {
    const quiet = await h.call<ExplainBalance>(e.explainBalance.path, { account: 'deposit', from: '2001-01-01', to: '2001-01-31' }, demo);
    expect(quiet.data).toMatchObject({ openingCents: 0, closingCents: 0, lines: [] });
    expect((await h.call(e.explainBalance.path, { account: 'available', from: '2026-05-02', to: '2026-05-01' }, demo)).code).toBe(INVALID);
    expect((await h.call(e.explainBalance.path, { account: 'available', from: '2024-01-01', to: '2026-01-01' }, demo)).code).toBe(INVALID);
    expect((await h.call(e.explainBalance.path, { account: 'cash', from: '2026-05-01', to: '2026-05-01' }, demo)).code).toBe(INVALID);
  });
});

describe('settlements', () => {
  /** Orders of the other store paid T+N+1 days ago (one refunded in part), then one settlement run. */
  let settlement: SettlementRow;
  let orderIds: number[];
  const paid = [12_345, 8_000, 99];
  beforeAll(async () => {
    const now = new Date();
    const paidAt = new Date(now.getTime() - (SETTLEMENT_DAYS_AFTER_PAYMENT + 1) * DAY_MS);
    orderIds = [];
    for (const amount of paid) {
      const row = await db()
        .insertInto('store_order')
        .values({ store_id: otherStoreId, status: 4, amount_cents: amount, created_at: Math.floor(paidAt.getTime() / 1000) - 60, paid_at: Math.floor(paidAt.getTime() / 1000), order_no: `STM${now.getTime()}${orderIds.length}`, buyer_accid: 'stm', buyer_name: 'Statement Buyer', buyer_phone: '13812345678' })
        .returning('id')
        .executeTakeFirstOrThrow();
      orderIds.push(row.id);
    }
    await postOrderPayments(db(), orderIds.map((orderId, i) => ({ storeId: otherStoreId, orderId, amountCents: paid[i]!, at: paidAt })));
    await postOrderRefund(db(), { storeId: otherStoreId, orderId: orderIds[0]!, refundId: 1, amountCents: 2_345, idempotencyKey: `stm-refund-${orderIds[0]}`, at: new Date(paidAt.getTime() + DAY_MS) });
    const outcome = await settleStore(db(), otherStoreId, now);
    expect(outcome).toBeDefined();
    const detail = await h.call<SettlementRow>(e.settlementDetail.path, { settlementId: outcome!.settlementId }, other);
    expect(detail.code).toBe(OK);
    settlement = detail.data;
  });

  it('lists the run with net = gross − refunds − commission, and its view lists exactly the orders it settled', async () => {
    const expectedCommission = commissionOf(12_345 - 2_345) + commissionOf(8_000) + commissionOf(99);
    expect(settlement).toMatchObject({ orderCount: 3, grossCents: 20_444, refundedCents: 2_345, commissionCents: expectedCommission });
    expect(settlement.netCents).toBe(settlement.grossCents - settlement.refundedCents - settlement.commissionCents);
    expect(commissionOf(10_000)).toBe((10_000 * PLATFORM_COMMISSION_BP) / 10_000);
    const list = await h.call<PageOf<SettlementRow>>(e.settlementList.path, {}, other);
    expect(list.data.list[0]).toEqual(settlement);
    const lines = await h.call<PageOf<SettlementOrderRow>>(e.settlementOrders.path, { settlementId: settlement.settlementId, pageSize: 50 }, other);
    expect(lines.code).toBe(OK);
    expect(lines.data.list.map((l) => l.orderId).sort()).toEqual([...orderIds].sort());
    for (const line of lines.data.list) expect(line.netCents).toBe(line.paidCents - line.refundedCents - line.commissionCents);
    expect(lines.data.list.reduce((sum, l) => sum + l.netCents, 0)).toBe(settlement.netCents);
    // What reached the available balance is the settlement's net.
    const { rows } = await sql<{ s: string }>`select coalesce(sum(amount_cents), 0)::int8 as s from store_ledger_transfer where kind = 'settlement' and source_type = 'settlement' and source_id = ${settlement.settlementId}`.execute(db());
    expect(Number(rows[0]!.s)).toBe(settlement.netCents);
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it("another store's settlement is not found, its orders neither", async () => {
    expect((await h.call(e.settlementDetail.path, { settlementId: settlement.settlementId }, demo)).code).toBe(NOT_FOUND);
    expect((await h.call(e.settlementOrders.path, { settlementId: settlement.settlementId }, demo)).code).toBe(NOT_FOUND);
    expect((await h.call(e.settlementDetail.path, { settlementId: 0 }, demo)).code).toBe(INVALID);
  });

  it('the calendar: each unsettled order on its payment + T+N day, adding up to the pending-settlement balance', async () => {
    const answer = await h.call<{ days: SettlementCalendarDay[]; pendingCents: number }>(e.settlementCalendar.path, {}, demo);
    expect(answer.code).toBe(OK);
    const { days, pendingCents } = answer.data;
    expect(pendingCents).toBe((await balances(db(), DEMO)).pendingSettlement);
    expect(days.reduce((sum, d) => sum + d.pendingCents, 0)).toBe(pendingCents);
    expect(days.length).toBeGreaterThan(0);
    const today = ledgerDay(new Date());
    for (const d of days) {
      expect(d.day >= today).toBe(true);
      expect(d.netCents + d.commissionCents).toBe(d.pendingCents);
    }
    const { rows } = await sql<{ n: string }>`
      select count(distinct order_id)::int8 as n from store_ledger_transfer t where t.store_id = ${DEMO} and t.kind = 'order_payment'
        and not exists (select 1 from store_settlement_order s where s.order_id = t.order_id)`.execute(db());
    expect(days.reduce((sum, d) => sum + d.orderCount, 0)).toBe(Number(rows[0]!.n));
  });
});

describe('statement xlsx export', () => {
  it('builds the monthly statements as an xlsx through the export jobs; it reads back as the list', async () => {
    const months = await allStatements('month');
    const created = await h.call<ExportJob>(exportsApi.create.path, { resource: 'trade.statements', filters: { period: 'month' }, fileName: 'statements' }, demo);
    expect(created.code).toBe(OK);
    // The job runs in the background: read its status until it ends (testing/eventually.ts, deadline-bounded).
    const job = await eventually(
      async () => (await h.call<ExportJob>(exportsApi.status.path, { jobId: created.data.jobId }, demo)).data,
      (status) => status.state === EXPORT_JOB_STATE.done || status.state === EXPORT_JOB_STATE.failed,
      { timeoutMs: 120_000, intervalMs: 250 },
    );
    expect(job.state).toBe(EXPORT_JOB_STATE.done);
    const response = await fetch(job.downloadUrl);
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(months.length + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 8)).toEqual(['Period', 'From', 'To', 'Account', 'Opening (yuan)', 'In (yuan)', 'Out (yuan)', 'Closing (yuan)']);
    const first = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(first.slice(0, 3)).toEqual(['month', months[0]!.periodStart, months[0]!.periodEnd]);
    expect(first[7]).toBe(months[0]!.closingCents / 100);
    expect(first[4]).toBe(months[0]!.openingCents / 100);
  });
});

describe('demo history (npm start)', () => {
  it('seeds seven months of orders that the wallet history settles; statements span them and checkLedger holds', async () => {
    const store = 1007; // demo_closing: no orders of its own
    await seedDemoStatementHistory(db(), systemClock, store, 7);
    await seedDemoLedgerHistory(db(), systemClock, store);
    // Seeding twice adds nothing.
    const orders = async () => Number((await sql<{ n: string }>`select count(*) as n from store_order where store_id = ${store}`.execute(db())).rows[0]!.n);
    const before = await orders();
    await seedDemoStatementHistory(db(), systemClock, store, 7);
    expect(await orders()).toBe(before);
    expect(before).toBeGreaterThan(300);
    expect((await checkLedger(db())).ok).toBe(true);
    const { rows } = await sql<{ months: string; settlements: string }>`
      select (select count(*) from store_ledger_statement where store_id = ${store} and period = 'month' and account = 'available')::int8 as months,
             (select count(*) from store_settlement where store_id = ${store})::int8 as settlements`.execute(db());
    expect(Number(rows[0]!.months)).toBeGreaterThanOrEqual(4);
    expect(Number(rows[0]!.settlements)).toBeGreaterThan(100);
    const { rows: span } = await sql<{ months: string }>`select count(distinct date_trunc('month', day))::int8 as months from store_ledger_entry where store_id = ${store}`.execute(db());
    expect(Number(span[0]!.months)).toBeGreaterThanOrEqual(6);
  });
});
