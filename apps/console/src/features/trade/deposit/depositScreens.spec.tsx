// The deposit screens (moneyMgmt/topUp and moneyMgmt/transferRecord (+view)) through the whole console against a
// contract-checked fake server: a top-up is confirmed, sent once with its key, then followed until the provider's
// outcome (paid: the balance above the list refreshes; failed: the provider's reason); the contract's limits
// refuse bad amounts before anything is sent; the transfer record's kinds, remarks, filter and view; the transfer
// dialog's confirmation, its biz, and a refusal kept in the dialog in the merchant's language; a staff member
// without wallet:view is kept out.
import { screen, waitFor, within } from '@testing-library/react';
import {
  PERMISSIONS,
  STORE_CODES,
  TOP_UP_STATE,
  depositEndpoints as D,
  payEndpoints as P,
  type DepositTopUpRecord,
  type DepositTransferDetail,
  type DepositTransferRecord,
} from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../../test/fakeStoreServer';
import { renderConsole, waitForPath } from '../../../../test/renderConsole';
import { onContract, pageOf } from '../../../resource-kit/contractFake';
import { TRADE_PATHS } from '../paths';

jest.setTimeout(120_000);

const LIST = { timeout: 30_000 };
const AT = 1_765_000_000;
const owner: FakeUser = { ...DEMO_USER, token: 'token-deposit', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const noWallet: FakeUser = { ...DEMO_USER, token: 'token-no-wallet', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS).filter((code) => code !== PERMISSIONS.walletView) } };

const topUps: DepositTopUpRecord[] = [
  { topUpId: 800002, amountCents: 10_004, state: TOP_UP_STATE.failed, failReason: 'payment declined by the payer', createTime: AT - 600, resolveTime: AT - 590 },
  { topUpId: 800001, amountCents: 200_000, state: TOP_UP_STATE.paid, failReason: null, createTime: AT - 6000, resolveTime: AT - 5990 },
];
const transfers: DepositTransferRecord[] = [
  { transferId: 71, kind: 'deposit_to_wallet', amountCents: 20_000, from: 'deposit', to: 'available', remark: null, createTime: AT - 100 },
  { transferId: 70, kind: 'adjustment', amountCents: 3_000, from: 'deposit', to: 'platform', remark: 'late-shipment penalty', createTime: AT - 200 },
  { transferId: 69, kind: 'adjustment', amountCents: 5_000, from: 'platform', to: 'deposit', remark: 'compensation for a delivery dispute', createTime: AT - 300 },
  { transferId: 68, kind: 'wallet_to_deposit', amountCents: 50_000, from: 'available', to: 'deposit', remark: null, createTime: AT - 400 },
];

function renderDeposit(path: string, user: FakeUser = owner, outcome: 'paid' | 'failed' = 'paid') {
  const server = createFakeStoreServer([user]);
  const account = { deposit: 532_000, available: 690_000 };
  let looks = 0;
  let applied: DepositTopUpRecord | null = null;
  onContract(server, P.queryPayAccountByUser, () => ({ storeId: 1001, balance: account.available + account.deposit, frozenBalance: 0, availableBalance: account.available, depositBalance: account.deposit }));
  onContract(server, D.queryTopUpList, (biz) => pageOf([...(applied ? [applied] : []), ...topUps].filter((row) => biz.state === undefined || row.state === biz.state), biz));
  onContract(server, D.applyTopUp, ({ amountCents }) => (applied = { topUpId: 800003, amountCents, state: TOP_UP_STATE.pending, failReason: null, createTime: AT, resolveTime: null }));
  // Pending on the first look, then the provider's outcome (the deposit grows only when paid).
  onContract(server, D.queryTopUpDetail, () => {
    looks += 1;
    if (looks < 2 || !applied) return applied!;
    if (applied.state === TOP_UP_STATE.pending) {
      applied = outcome === 'paid' ? { ...applied, state: TOP_UP_STATE.paid, resolveTime: AT + 2 } : { ...applied, state: TOP_UP_STATE.failed, failReason: 'payment declined by the payer', resolveTime: AT + 2 };
      if (outcome === 'paid') account.deposit += applied.amountCents;
    }
    return applied;
  });
  onContract(server, D.queryTransferList, (biz) => pageOf(transfers.filter((row) => biz.kind === undefined || row.kind === biz.kind), biz));
  onContract(server, D.queryTransferDetail, ({ transferId }): DepositTransferDetail => ({ ...transfers.find((row) => row.transferId === transferId)!, depositCents: account.deposit, availableCents: account.available }));
  onContract(server, D.applyTransfer, ({ direction, amountCents }): DepositTransferRecord => {
    const toDeposit = direction === 'wallet_to_deposit';
    return { transferId: 72, kind: direction, amountCents, from: toDeposit ? 'available' : 'deposit', to: toDeposit ? 'deposit' : 'available', remark: null, createTime: AT };
  });
  return { ...renderConsole({ path, token: user.token, server }), server, account };
}

const bodyRow = (text: string) => screen.getByText(text).closest('[role=row]') as HTMLElement;

describe('moneyMgmt/topUp', () => {
  it('lists top-ups with their state, confirms a top-up, sends it once and follows it until paid; the deposit shown grows', async () => {
    const { user, server } = renderDeposit(TRADE_PATHS.topUp);
    expect(await screen.findByText('800001', {}, LIST)).toBeInTheDocument();
    expect(within(bodyRow('800002')).getByText('payment failed')).toBeInTheDocument();
    expect(within(bodyRow('800002')).getByText('payment declined by the payer')).toBeInTheDocument();
    expect(within(bodyRow('800001')).getByText('paid')).toBeInTheDocument();
    expect(await screen.findByTestId('deposit-balance')).toHaveTextContent('5320.00');

    await user.click(screen.getByRole('button', { name: 'Top up deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Top up the warranty deposit' });
    await user.type(within(dialog).getByTestId('top-up-amount'), '123.45');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm the top-up' });
    expect(confirm).toHaveTextContent('Top up your deposit by ¥123.45?');
    expect(server.callsTo(D.applyTopUp.path)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'confirm' }));

    expect(await within(dialog).findByText('Waiting for the payment provider to confirm the payment…')).toBeInTheDocument();
    expect(await within(dialog).findByText('Top-up paid: ¥123.45 was added to your deposit.', {}, LIST)).toBeInTheDocument();
    expect(server.callsTo(D.applyTopUp.path).map((call) => call.biz)).toEqual([{ amountCents: 12_345, idempotencyKey: expect.any(String) }]);
    await waitFor(() => expect(screen.getByTestId('deposit-balance')).toHaveTextContent('5443.45'));
    await user.click(within(dialog).getByTestId('top-up-close'));
    expect(within(bodyRow('800003')).getByText('paid')).toBeInTheDocument();
  });

  it('ends a declined payment as failed with the provider reason, and the deposit stays', async () => {
    const { user } = renderDeposit(TRADE_PATHS.topUp, owner, 'failed');
    expect(await screen.findByText('800001', {}, LIST)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Top up deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Top up the warranty deposit' });
    await user.type(within(dialog).getByTestId('top-up-amount'), '100.04');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm the top-up' })).getByRole('button', { name: 'confirm' }));
    expect(await within(dialog).findByText('The payment failed: payment declined by the payer. Your deposit did not change; you can top up again.', {}, LIST)).toBeInTheDocument();
    expect(screen.getByTestId('deposit-balance')).toHaveTextContent('5320.00');
  });

  it('refuses an amount outside the limits in the merchant language and sends nothing', async () => {
    const { user, server } = renderDeposit(TRADE_PATHS.topUp);
    expect(await screen.findByText('800001', {}, LIST)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    await user.click(await screen.findByRole('button', { name: '充值保证金' }));
    const dialog = await screen.findByRole('dialog', { name: '充值保证金' });
    await user.type(within(dialog).getByTestId('top-up-amount'), '0.5');
    await user.click(within(dialog).getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(within(dialog).getByTestId('top-up-amount')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByRole('dialog', { name: '确认充值' })).not.toBeInTheDocument();
    expect(server.callsTo(D.applyTopUp.path)).toEqual([]);
  });
});

describe('moneyMgmt/transferRecord', () => {
  it('lists moves and adjustments with their sides and remarks, filters by type and opens a view', async () => {
    const { user, server, location } = renderDeposit(TRADE_PATHS.transferRecord);
    expect(await screen.findByText('late-shipment penalty', {}, LIST)).toBeInTheDocument();
    expect(within(bodyRow('late-shipment penalty')).getByText('platform adjustment')).toBeInTheDocument();
    expect(within(bodyRow('late-shipment penalty')).getByText('-30.00')).toBeInTheDocument();
    expect(within(bodyRow('compensation for a delivery dispute')).getByText('+50.00')).toBeInTheDocument();
    expect(within(bodyRow('71')).getByText('deposit to wallet')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'type' }));
    await user.click(await screen.findByRole('option', { name: 'platform adjustment' }));
    await user.click(screen.getByRole('button', { name: 'search' }));
    await waitFor(() => expect(server.callsTo(D.queryTransferList.path).at(-1)!.biz).toMatchObject({ kind: 'adjustment', pageNum: 1 }));
    await waitFor(() => expect(screen.queryByText('71')).not.toBeInTheDocument());

    await user.click(within(bodyRow('late-shipment penalty')).getByRole('link', { name: 'Detail' }));
    expect(await screen.findByTestId('resource-detail-deposit.transfers', {}, LIST)).toBeInTheDocument();
    expect(location()).toBe(`${TRADE_PATHS.transferRecordView}?id=70`);
    expect(await screen.findByTestId('detail-remark')).toHaveTextContent('late-shipment penalty');
    expect(screen.getByTestId('detail-to')).toHaveTextContent('platform');
  });

  it('transfers after a confirmation, and keeps a refusal in the dialog in the merchant language', async () => {
    const { user, server } = renderDeposit(TRADE_PATHS.transferRecord);
    expect(await screen.findByText('late-shipment penalty', {}, LIST)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    let dialog = await screen.findByRole('dialog', { name: 'Transfer between wallet and deposit' });
    expect(await within(dialog).findByTestId('transfer-source-balance')).toHaveTextContent('¥6900.00');
    await user.click(within(dialog).getByRole('combobox', { name: /direction/ }));
    await user.click(await screen.findByRole('option', { name: 'deposit to wallet' }));
    expect(await within(dialog).findByTestId('transfer-source-balance')).toHaveTextContent('¥5320.00');
    await user.type(within(dialog).getByTestId('transfer-amount'), '200');
    await user.type(within(dialog).getByTestId('transfer-pay-password'), '135790');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm the transfer' });
    expect(confirm).toHaveTextContent('Transfer ¥200.00 (deposit to wallet)?');
    await user.click(within(confirm).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transfer between wallet and deposit' })).not.toBeInTheDocument());
    expect(server.callsTo(D.applyTransfer.path).map((call) => call.biz)).toEqual([{ direction: 'deposit_to_wallet', amountCents: 20_000, payPassword: '135790', idempotencyKey: expect.any(String) }]);

    // A wrong pay password: the server's refusal (in the merchant's language) stays in the dialog with the values.
    server.on(D.applyTransfer.path, () => ({ code: STORE_CODES.wrongPayPassword, msg: '支付密码错误，还可尝试 4 次' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    await user.click(await screen.findByRole('button', { name: '转账' }));
    dialog = await screen.findByRole('dialog', { name: '钱包与保证金转账' });
    await user.type(within(dialog).getByTestId('transfer-amount'), '10');
    await user.type(within(dialog).getByTestId('transfer-pay-password'), '000000');
    await user.click(within(dialog).getByRole('button', { name: '下一步' }));
    await user.click(within(await screen.findByRole('dialog', { name: '确认转账' })).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('支付密码错误，还可尝试 4 次');
    expect(within(dialog).getByTestId('transfer-amount')).toHaveValue('10');
  });

  it('keeps a staff member without wallet:view out and asks the server nothing', async () => {
    const { server, location } = renderDeposit(TRADE_PATHS.transferRecord, noWallet);
    await waitForPath(location, '/404');
    expect(server.callsTo(D.queryTransferList.path)).toEqual([]);
  });
});
