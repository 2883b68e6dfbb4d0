// The wallet screens (moneyMgmt/myWallet, moneyWater (+details), turnWithdrawal) through the whole console against a
// contract-checked fake server: the ledger's balances and newest movements with their source documents, the money
// flow's filters and one movement's two entries, the withdrawal form's checks (limits, balance) before anything is
// sent, its confirmation, its key kept across a retry, every refusal in the merchant's language (wrong pay password
// with the tries left, the blacklist with its remark, the pause with its end), zh-CN, and a staff member without
// wallet:view.
import { screen, waitFor, within } from '@testing-library/react';
import {
  PERMISSIONS,
  STORE_CODES,
  walletEndpoints as W,
  type LedgerEntryRecord,
  type LedgerTransferRecord,
  type WalletSummary,
  type WithdrawalRecord,
} from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../../test/fakeStoreServer';
import { renderConsole, waitForPath } from '../../../../test/renderConsole';
import { onContract, pageOf } from '../../../resource-kit/contractFake';
import { TRADE_PATHS } from '../paths';
import { WALLET_PATHS } from './paths';

jest.setTimeout(120_000);

const LIST = { timeout: 30_000 };
const T0 = 1_765_000_000;
const owner: FakeUser = { ...DEMO_USER, token: 'token-wallet', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const noWallet: FakeUser = {
  ...DEMO_USER,
  token: 'token-no-wallet',
  info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS).filter((code) => code !== PERMISSIONS.walletView && code !== PERMISSIONS.walletWithdraw) },
};

const entries: LedgerEntryRecord[] = [
  { entryId: 905, transferId: 402, account: 'available', amountCents: -20_000, kind: 'withdrawal_freeze', sourceType: 'withdrawal', sourceId: 7, createTime: T0 },
  { entryId: 906, transferId: 402, account: 'frozen', amountCents: 20_000, kind: 'withdrawal_freeze', sourceType: 'withdrawal', sourceId: 7, createTime: T0 },
  { entryId: 903, transferId: 401, account: 'available', amountCents: 95_000, kind: 'settlement', sourceType: 'settlement', sourceId: 3, createTime: T0 - 600 },
  { entryId: 901, transferId: 400, account: 'pending_settlement', amountCents: 12_000, kind: 'order_payment', sourceType: 'order', sourceId: 11, createTime: T0 - 3_600 },
];

const baseSummary: WalletSummary = {
  availableCents: 123_456,
  frozenCents: 20_000,
  depositCents: 50_000,
  pendingSettlementCents: 12_000,
  recent: entries,
  settlementAccount: { bankCode: 'ICBC', bankName: 'Industrial and Commercial Bank of China', cardLast4: '4482', accountName: 'Demo Trading Co.' },
  withdrawalPausedUntil: null,
  blacklistRemark: null,
  payPassword: { set: true, triesLeft: 5, lockedUntil: null },
};

const withdrawalRecords: WithdrawalRecord[] = [
  { withdrawalId: 7, amountCents: 20_000, state: 1, bankCode: 'ICBC', cardLast4: '4482', accountName: 'Demo Trading Co.', failReason: null, createTime: T0, resolveTime: null },
  { withdrawalId: 6, amountCents: 5_000, state: 3, bankCode: 'ICBC', cardLast4: '4482', accountName: 'Demo Trading Co.', failReason: 'card frozen by the bank', createTime: T0 - 7_200, resolveTime: T0 - 7_100 },
];

function renderWallet(path: string, options: { user?: FakeUser; summary?: Partial<WalletSummary> } = {}) {
  const user = options.user ?? owner;
  const server = createFakeStoreServer([user]);
  let summary: WalletSummary = { ...baseSummary, ...options.summary };
  const setSummary = (change: Partial<WalletSummary>) => {
    summary = { ...summary, ...change };
  };
  onContract(server, W.queryWalletSummary, () => summary);
  onContract(server, W.queryLedgerEntries, (biz) => pageOf(entries.filter((row) => (biz.kind === undefined || row.kind === biz.kind) && (biz.account === undefined || row.account === biz.account)), biz));
  onContract(server, W.queryLedgerTransfer, ({ transferId }): LedgerTransferRecord => ({
    transferId,
    kind: 'settlement',
    amountCents: 95_000,
    sourceType: 'settlement',
    sourceId: 3,
    orderId: null,
    createTime: T0 - 600,
    entries: [
      { entryId: 902, account: 'platform:clearing', owner: 'platform', amountCents: -95_000 },
      { entryId: 903, account: 'available', owner: 'store', amountCents: 95_000 },
    ],
  }));
  onContract(server, W.queryWithdrawalList, (biz) => pageOf(withdrawalRecords.filter((row) => biz.state === undefined || row.state === biz.state), biz));
  return { ...renderConsole({ path, token: user.token, server }), server, setSummary };
}

const bodyRow = (text: string) => screen.getAllByText(text)[0]!.closest('[role=row], tr') as HTMLElement;

async function fillWithdrawal(user: ReturnType<typeof renderWallet>['user'], amount: string, payPassword = '135790') {
  await user.clear(screen.getByTestId('withdraw-amount'));
  await user.type(screen.getByTestId('withdraw-amount'), amount);
  await user.clear(screen.getByTestId('withdraw-pay-password'));
  await user.type(screen.getByTestId('withdraw-pay-password'), payPassword);
  await user.click(screen.getByTestId('withdraw-submit'));
}

describe('myWallet', () => {
  it('shows the four ledger balances, the newest movements with their source documents, and the ways on', async () => {
    const { user, location } = renderWallet(WALLET_PATHS.myWallet);
    expect(await screen.findByTestId('wallet-available-amount', {}, LIST)).toHaveTextContent('1234.56');
    expect(screen.getByTestId('wallet-frozen-amount')).toHaveTextContent('200.00');
    expect(screen.getByTestId('wallet-deposit-amount')).toHaveTextContent('500.00');
    expect(screen.getByTestId('wallet-pendingSettlement-amount')).toHaveTextContent('120.00');
    const recent = screen.getByTestId('wallet-recent');
    expect(within(recent).getByText('order payment (pending settlement)')).toBeInTheDocument();
    expect(within(recent).getByText('+950.00')).toBeInTheDocument();
    expect(within(recent).getAllByText('-200.00').length).toBe(1);
    // The order has its screen: its source is a link to the trade order's view.
    expect(within(recent).getByRole('link', { name: 'order 11' })).toHaveAttribute('href', `${TRADE_PATHS.tradeOrderView}?id=11`);
    expect(screen.queryByTestId('wallet-blacklisted')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('wallet-link-withdraw'));
    await waitForPath(location, WALLET_PATHS.turnWithdrawal);
  });

  it('says why the store cannot withdraw: the blacklist with its remark', async () => {
    renderWallet(WALLET_PATHS.myWallet, { summary: { blacklistRemark: 'deposit dispute under review' } });
    expect(await screen.findByTestId('wallet-blacklisted', {}, LIST)).toHaveTextContent('The store is on the withdrawal blacklist and cannot withdraw: deposit dispute under review');
  });

  it('reads in zh-CN', async () => {
    const { user } = renderWallet(WALLET_PATHS.myWallet);
    expect(await screen.findByTestId('wallet-available-amount', {}, LIST)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    expect(await screen.findByText('可用余额（元）')).toBeInTheDocument();
    expect(within(screen.getByTestId('wallet-recent')).getByText('结算入账')).toBeInTheDocument();
    expect(within(screen.getByTestId('wallet-recent')).getByText('订单 11')).toBeInTheDocument();
  });

  it('keeps a staff member without wallet:view out and asks the server nothing', async () => {
    const { server, location } = renderWallet(WALLET_PATHS.myWallet, { user: noWallet });
    await waitForPath(location, '/404');
    expect(server.callsTo(W.queryWalletSummary.path)).toEqual([]);
  });
});

describe('moneyWater', () => {
  it('lists every movement with its kind and source, filters by kind, and opens one movement with both its entries', async () => {
    const { user, server, location } = renderWallet(WALLET_PATHS.moneyWater);
    expect(await screen.findByText('+950.00', {}, LIST)).toBeInTheDocument();
    expect(within(bodyRow('+950.00')).getByText('settlement')).toBeInTheDocument();
    expect(within(bodyRow('+120.00')).getByRole('link', { name: 'order 11' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'kind' }));
    await user.click(await screen.findByRole('option', { name: 'settlement' }));
    await user.click(screen.getByRole('button', { name: 'search' }));
    await waitFor(() => expect(server.callsTo(W.queryLedgerEntries.path).at(-1)!.biz).toMatchObject({ kind: 'settlement', pageNum: 1 }));
    await waitFor(() => expect(screen.queryByText('+120.00')).not.toBeInTheDocument());

    await user.click(within(bodyRow('+950.00')).getByRole('link', { name: 'Detail' }));
    expect(await screen.findByTestId('resource-detail-wallet.moneyWater', {}, LIST)).toBeInTheDocument();
    expect(location()).toBe(`${WALLET_PATHS.moneyWaterDetails}?id=401`);
    expect(server.callsTo(W.queryLedgerTransfer.path).at(-1)!.biz).toEqual({ transferId: 401 });
    expect(await screen.findByText('platform account (clearing)')).toBeInTheDocument();
    expect(screen.getByText('-950.00')).toBeInTheDocument();
    expect(within(bodyRow('available')).getByText('+950.00')).toBeInTheDocument();
  });
});

describe('turnWithdrawal', () => {
  it('shows the balance and the card, refuses amounts outside the limits or over the balance before sending, and lists the withdrawals', async () => {
    const { user, server } = renderWallet(WALLET_PATHS.turnWithdrawal);
    expect(await screen.findByTestId('withdraw-available', {}, LIST)).toHaveTextContent('¥1234.56');
    expect(screen.getByTestId('withdraw-account')).toHaveTextContent('Industrial and Commercial Bank of China ending 4482 (Demo Trading Co.)');
    expect(await screen.findByText('card frozen by the bank', {}, LIST)).toBeInTheDocument();
    expect(within(bodyRow('card frozen by the bank')).getByText('failed')).toBeInTheDocument();

    await fillWithdrawal(user, '2000');
    expect(await screen.findByText('the amount cannot exceed the available balance of 1234.56 yuan')).toBeInTheDocument();
    await fillWithdrawal(user, '0.5');
    expect(await screen.findAllByText('1.00 to 50000.00 yuan per withdrawal')).not.toHaveLength(0);
    await fillWithdrawal(user, '0');
    expect(screen.getByTestId('withdraw-amount')).toHaveAttribute('aria-invalid', 'true');
    // Three decimals never reach the field (MoneyInput keeps the last valid text).
    await user.clear(screen.getByTestId('withdraw-amount'));
    await user.type(screen.getByTestId('withdraw-amount'), '1.234');
    expect(screen.getByTestId('withdraw-amount')).toHaveValue('1.23');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo(W.applyWithdrawal.path)).toEqual([]);
  });

  it('asks before withdrawing, sends cents with one key per withdrawal (kept on a retry after a lost answer), and refreshes', async () => {
    const { user, server, setSummary } = renderWallet(WALLET_PATHS.turnWithdrawal);
    let calls = 0;
    server.on(W.applyWithdrawal.path, ({ biz }) => {
      calls += 1;
      if (calls === 1) return { code: '99999999', msg: 'the server did not answer in time' };
      setSummary({ availableCents: 113_456, frozenCents: 30_000 });
      const { amountCents } = biz as { amountCents: number };
      return { code: STORE_CODES.success, msg: 'success', data: { ...withdrawalRecords[0]!, withdrawalId: 8, amountCents } };
    });
    expect(await screen.findByTestId('withdraw-available', {}, LIST)).toBeInTheDocument();
    await fillWithdrawal(user, '100');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Withdraw 100.00 yuan to Industrial and Commercial Bank of China ending 4482 (Demo Trading Co.)?');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByTestId('withdraw-error')).toHaveTextContent('submitting again is the same withdrawal');

    // The same values again: the same withdrawal.
    await user.click(screen.getByTestId('withdraw-submit'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByTestId('withdraw-done')).toBeInTheDocument();
    const sent = server.callsTo(W.applyWithdrawal.path).map((call) => call.biz as { amountCents: number; payPassword: string; idempotencyKey: string });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ amountCents: 10_000, payPassword: '135790' });
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    await waitFor(() => expect(screen.getByTestId('withdraw-available')).toHaveTextContent('¥1134.56'));
  });

  it('shows a wrong pay password with the tries left and empties the field', async () => {
    const { user, server, setSummary } = renderWallet(WALLET_PATHS.turnWithdrawal);
    server.on(W.applyWithdrawal.path, () => {
      setSummary({ payPassword: { set: true, triesLeft: 4, lockedUntil: null } });
      return { code: STORE_CODES.wrongPayPassword, msg: 'the pay password is wrong' };
    });
    expect(await screen.findByTestId('withdraw-available', {}, LIST)).toBeInTheDocument();
    await fillWithdrawal(user, '10', '000000');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByTestId('withdraw-error')).toHaveTextContent('the pay password is wrong');
    expect(await screen.findByTestId('withdraw-tries-left')).toHaveTextContent('4 pay-password tries left');
    expect(screen.getByTestId('withdraw-pay-password')).toHaveValue('');
  });

  it.each([
    ['the blacklist with its remark', { blacklistRemark: 'deposit dispute under review' }, 'withdraw-blacklisted', 'cannot withdraw: deposit dispute under review'],
    ['the pause after a card change with its end', { withdrawalPausedUntil: T0 + 86_400 }, 'withdraw-paused', 'you can withdraw after'],
    ['the pay-password lockout with its end', { payPassword: { set: true, triesLeft: 0, lockedUntil: T0 + 3_600 } }, 'withdraw-locked', 'locked until'],
  ])('offers no form and says why: %s', async (_name, summary, testId, text) => {
    const { server } = renderWallet(WALLET_PATHS.turnWithdrawal, { summary: summary as Partial<WalletSummary> });
    expect(await screen.findByTestId(testId, {}, LIST)).toHaveTextContent(text);
    expect(screen.queryByTestId('withdraw-submit')).not.toBeInTheDocument();
    expect(server.callsTo(W.applyWithdrawal.path)).toEqual([]);
  });
});
