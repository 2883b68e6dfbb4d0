import { PAY_PASSWORD_MAX_FAILURES, PERMISSION_DENIED, STORE_CODES, WALLET_RECENT_ENTRIES, walletEndpoints as api, type LedgerEntryRecord, type LedgerTransferRecord, type PageOf, type WalletSummary } from '@merchant/api-contracts';
import { DEMO_SUPPORT } from '../../db/seed-staff';
import { addSeconds } from '../../shared/clock';
import { hashSecret } from '../../shared/passwords';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { balances } from '../ledger';

// Issue 29 myWallet and moneyWater's reads through real HTTP (PGlite, or PostgreSQL with DATABASE_URL): the summary's
// balances are the ledger's, with the newest entries and every withdrawal condition (card, pause, blacklist remark,
// pay-password tries); one transfer shows both its entries; the date filter; another store's ids and a staff member
// without wallet:view are refused.
const OK = STORE_CODES.success;
const STORE = 1001;
const PAY_PASSWORD = '135790';
const OTHER_STORE_USER = 'demo_closing'; // store 1007 (db/seed.ts)

jest.setTimeout(120_000);

let h: TestHarness;
beforeAll(async () => {
  h = await startTestServer({ config: { sandboxProviderDelayMs: 20 } });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.reset();
  await db().updateTable('store_user').set({ pay_password_hash: await hashSecret(PAY_PASSWORD) }).where('username', '=', 'demo_merchant').execute();
});

const db = () => h.database.db;
const owner = () => h.login('demo_merchant', 'Demo12345');
const summary = async (token: string) => {
  const answer = await h.call<WalletSummary>(api.queryWalletSummary.path, {}, token);
  expect(answer.code).toBe(OK);
  return answer.data;
};

describe('queryWalletSummary', () => {
  it("answers the ledger's four balances, the newest entries and the withdrawal conditions", async () => {
    const token = await owner();
    const wallet = await summary(token);
    const ledger = await balances(db(), STORE);
    expect([wallet.availableCents, wallet.frozenCents, wallet.depositCents, wallet.pendingSettlementCents]).toEqual([ledger.available, ledger.frozen, ledger.deposit, ledger.pendingSettlement]);
    const flow = await h.call<PageOf<LedgerEntryRecord>>(api.queryLedgerEntries.path, { pageSize: WALLET_RECENT_ENTRIES }, token);
    expect(flow.data.total).toBeGreaterThan(0);
    expect(wallet.recent).toEqual(flow.data.list);
    expect(wallet.settlementAccount).toMatchObject({ bankCode: 'ICBC', cardLast4: '4482' });
    expect(wallet.settlementAccount!.bankName).not.toBe('');
    expect([wallet.withdrawalPausedUntil, wallet.blacklistRemark, wallet.payPassword]).toEqual([null, null, { set: true, triesLeft: PAY_PASSWORD_MAX_FAILURES, lockedUntil: null }]);
  });

  it('shows the blacklist remark, the pause after a card change, and the pay-password tries left down to the lockout', async () => {
    const token = await owner();
    await db().insertInto('store_withdraw_blacklist').values({ store_id: STORE, remark: 'deposit dispute under review' }).execute();
    const pausedUntil = addSeconds(new Date(), 3_600);
    await db().updateTable('store_bank_card').set({ withdrawals_paused_until: pausedUntil }).where('store_id', '=', STORE).execute();
    const wallet = await summary(token);
    expect(wallet.blacklistRemark).toBe('deposit dispute under review');
    expect(wallet.withdrawalPausedUntil).toBe(Math.floor(pausedUntil.getTime() / 1000));

    const wrong = await h.call(api.applyWithdrawal.path, { amountCents: 1_000, payPassword: '000000' }, token);
    expect(wrong.code).toBe(STORE_CODES.wrongPayPassword);
    expect((await summary(token)).payPassword).toEqual({ set: true, triesLeft: PAY_PASSWORD_MAX_FAILURES - 1, lockedUntil: null });
    for (let i = 1; i < PAY_PASSWORD_MAX_FAILURES; i++) await h.call(api.applyWithdrawal.path, { amountCents: 1_000, payPassword: '000000' }, token);
    const locked = (await summary(token)).payPassword;
    expect(locked.triesLeft).toBe(0);
    expect(locked.lockedUntil).toBeGreaterThan(Math.floor(Date.now() / 1000));
  });

  it("shows another store only its own money; a staff member without wallet:view is refused", async () => {
    const mine = await summary(await owner());
    const other = await summary(await h.login(OTHER_STORE_USER, 'Demo12345'));
    const mineIds = new Set(mine.recent.map((entry) => entry.entryId));
    expect(other.recent.filter((entry) => mineIds.has(entry.entryId))).toEqual([]);
    const ledger = await balances(db(), 1007);
    expect(other.availableCents).toBe(ledger.available);
    const support = await h.login(DEMO_SUPPORT.userName, DEMO_SUPPORT.password);
    expect((await h.call(api.queryWalletSummary.path, {}, support)).code).toBe(PERMISSION_DENIED);
  });
});

describe('queryLedgerTransfer and the money flow filters', () => {
  it('answers one transfer with its debit and credit; another store gets not found, a staff member without wallet:view no permission', async () => {
    const token = await owner();
    const entry = (await h.call<PageOf<LedgerEntryRecord>>(api.queryLedgerEntries.path, { pageSize: 5 }, token)).data.list[0]!;
    const answer = await h.call<LedgerTransferRecord>(api.queryLedgerTransfer.path, { transferId: entry.transferId }, token);
    expect(answer.code).toBe(OK);
    const transfer = answer.data;
    expect([transfer.transferId, transfer.kind, transfer.sourceType, transfer.sourceId]).toEqual([entry.transferId, entry.kind, entry.sourceType, entry.sourceId]);
    expect(transfer.entries).toHaveLength(2);
    expect(transfer.entries.map((e) => e.amountCents).sort((a, b) => a - b)).toEqual([-transfer.amountCents, transfer.amountCents]);
    expect(transfer.entries).toContainEqual({ entryId: entry.entryId, account: entry.account, owner: 'store', amountCents: entry.amountCents });

    const other = await h.login(OTHER_STORE_USER, 'Demo12345');
    expect((await h.call(api.queryLedgerTransfer.path, { transferId: entry.transferId }, other)).code).toBe(STORE_CODES.notFound);
    const support = await h.login(DEMO_SUPPORT.userName, DEMO_SUPPORT.password);
    expect((await h.call(api.queryLedgerTransfer.path, { transferId: entry.transferId }, support)).code).toBe(PERMISSION_DENIED);
  });

  it('filters entries by date range, both ends inclusive, and refuses an end before the start', async () => {
    const token = await owner();
    const newest = (await h.call<PageOf<LedgerEntryRecord>>(api.queryLedgerEntries.path, { pageSize: 5 }, token)).data.list[0]!;
    const window = await h.call<PageOf<LedgerEntryRecord>>(api.queryLedgerEntries.path, { createTimeStart: newest.createTime, createTimeEnd: newest.createTime + 1, pageSize: 50 }, token);
    expect(window.data.list.map((e) => e.entryId)).toContain(newest.entryId);
    expect(window.data.list.every((e) => e.createTime >= newest.createTime && e.createTime <= newest.createTime + 1)).toBe(true);
    expect((await h.call<PageOf<LedgerEntryRecord>>(api.queryLedgerEntries.path, { createTimeStart: newest.createTime + 1 }, token)).data.total).toBe(0);
    expect((await h.call(api.queryLedgerEntries.path, { createTimeStart: 100, createTimeEnd: 99 }, token)).code).toBe(STORE_CODES.invalidParameter);
  });
});
