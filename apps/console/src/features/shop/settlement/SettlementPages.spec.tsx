// /shop/settlement and /shop/settlement/edit (issue 26 §2) in the whole console against a fake store-server that
// speaks the contracts: the card masked, the pause until when, the state without a card, and the change on the
// form kit with the pay password and the check code (contract rules, idempotency key, server message).
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS, STORE_CODES, WITHDRAWAL_PAUSE_AFTER_CARD_CHANGE_SECONDS } from '@merchant/api-contracts';
import { formatSecondsTimestamp } from '@merchant/ui-kit/format';
import { renderConsole, waitForPath } from '../../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, ok } from '../../../../test/fakeStoreServer';
import { cardNumberText } from './SettlementPage';

jest.setTimeout(60_000);

const USER = '/v1/store/eshop/store/user';
const QUERY = '/v1/store/eshop/bank/ftEspStoreBankCardAdmin/queryStoreBankCard';
const OWNER = { ...DEMO_USER, token: 'token-owner', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const VIEWER = { ...DEMO_USER, token: 'token-viewer', info: { ...DEMO_USER.info, permissions: [PERMISSIONS.shopView] } };
const STORE = { storeId: 1001, storeName: 'Demo Flagship Store', storeStatus: 2, storeType: 1, principalType: 2, email: 'demo@merchant.example', mobile: '13800001001', cityCode: '440300', rejectReason: '', forbiddenReason: '', agreementAccepted: true, storeInfo: {} };
const CARD = { bankCode: 'ICBC', bankName: 'Industrial and Commercial Bank of China', cardNumber: '***************4482', accountName: 'Demo Merchant Co., Ltd.', branchName: 'Shanghai Huangpu Branch', updateTime: 1_780_000_000 };
const BANKS = [
  { bankCode: 'ICBC', bankName: 'Industrial and Commercial Bank of China' },
  { bankCode: 'CMB', bankName: 'China Merchants Bank' },
];
const PAUSED_UNTIL = 1_790_000_000;

function open(path: string, options: { card?: typeof CARD | null; paused?: number | null; payIsSet?: boolean; user?: typeof OWNER } = {}) {
  const user = options.user ?? OWNER;
  const server = createFakeStoreServer([user]);
  server.on(`${USER}/getStoreInfoByToken`, () => ok(STORE));
  server.on('/v1/store/pay/user/isSetPayPassword', () => ok({ isSetPayPassword: options.payIsSet ?? true }));
  server.on('/v1/store/pay/bank/queryBankList', () => ok({ list: BANKS }));
  server.on(QUERY, () => ok({ card: options.card === undefined ? CARD : options.card, withdrawalPausedUntil: options.paused ?? null, mobile: '138****1001' }));
  return renderConsole({ path, token: user.token, server });
}

describe('/shop/settlement', () => {
  it('shows the card masked to its last 4 digits with the bank, the holder and the branch, and no pause', async () => {
    open('/shop/settlement');
    expect(await screen.findByTestId('settlement-cardNumber')).toHaveTextContent('**** **** **** 4482');
    expect(screen.getByTestId('settlement-bank')).toHaveTextContent('Industrial and Commercial Bank of China');
    expect(screen.getByTestId('settlement-accountName')).toHaveTextContent('Demo Merchant Co., Ltd.');
    expect(screen.getByTestId('settlement-branchName')).toHaveTextContent('Shanghai Huangpu Branch');
    expect(screen.queryByTestId('settlement-paused')).not.toBeInTheDocument();
    expect(screen.getByTestId('settlement-edit')).toHaveTextContent('Change settlement account');
    expect(cardNumberText('************1111')).toBe('**** **** **** 1111');
  });

  it('says until when withdrawals pause after a change, in Chinese too', async () => {
    const { user } = open('/shop/settlement', { paused: PAUSED_UNTIL });
    const time = formatSecondsTimestamp(PAUSED_UNTIL);
    expect(await screen.findByTestId('settlement-paused')).toHaveTextContent(`withdrawals are paused until ${time}`);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    await waitFor(() => expect(screen.getByTestId('settlement-paused')).toHaveTextContent(`提现暂停至 ${time}`));
    expect(screen.getByRole('heading', { name: '结算账户' })).toBeInTheDocument();
  });

  it('without a card says so and offers to bind one', async () => {
    const { user, location } = open('/shop/settlement', { card: null });
    const none = await screen.findByTestId('settlement-none');
    expect(none).toHaveTextContent('No settlement account is bound yet');
    await user.click(within(none).getByRole('button', { name: 'Bind settlement account' }));
    await waitForPath(location, '/shop/settlement/edit');
    expect(await screen.findByRole('heading', { name: 'Bind settlement account' })).toBeInTheDocument();
  });

  it('a staff member without account:edit sees the card, the change button disabled', async () => {
    open('/shop/settlement', { user: VIEWER });
    await screen.findByTestId('settlement-cardNumber');
    expect(screen.getByTestId('settlement-edit')).toBeDisabled();
  });
});

describe('/shop/settlement/edit', () => {
  async function fillNewCard(user: ReturnType<typeof open>['user']) {
    await user.click(await screen.findByLabelText(/^Bank/));
    await user.click(await screen.findByRole('option', { name: 'China Merchants Bank' }));
    await user.type(screen.getByLabelText(/^Card number/), '6217 0000 0011 2233 444');
    await user.clear(screen.getByLabelText(/^Branch/));
    await user.type(screen.getByLabelText(/^Branch/), 'Pudong Branch');
    await user.type(screen.getByLabelText(/^Pay password/), '246810');
    await user.type(screen.getByLabelText(/^Check code/), '123456');
  }

  it('starts from the current bank, holder and branch, and checks the contract rules before sending anything', async () => {
    const { user, server } = open('/shop/settlement/edit');
    expect(await screen.findByTestId('settlement-pause-warning')).toHaveTextContent('withdrawals pause for 24 hours');
    expect(screen.getByText(/sent to the store's mobile 138\*\*\*\*1001/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Bank/)).toHaveTextContent('Industrial and Commercial Bank of China');
    expect(screen.getByLabelText(/^Account holder/)).toHaveValue('Demo Merchant Co., Ltd.');
    expect(screen.getByLabelText(/^Card number/)).toHaveValue('');
    await user.type(screen.getByLabelText(/^Card number/), '6217000000112233445');
    await user.click(screen.getByTestId('settlement-form-submit'));
    await waitFor(() => expect(screen.getByLabelText(/^Card number/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^Card number/)).toHaveFocus();
    expect(screen.getByLabelText(/^Pay password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Check code/)).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('/updateStoreBankCard')).toEqual([]);
  });

  it('sends the code to the store mobile, then changes the card once with an idempotency key and goes back to the view', async () => {
    const { user, server, location } = open('/shop/settlement/edit');
    server.on(`${USER}/sendUpdateBankCardCheckCode`, () => ok({ expiresInSeconds: 300, mobile: '138****1001' }));
    const changed = { ...CARD, bankCode: 'CMB', bankName: 'China Merchants Bank', cardNumber: '***************3444', branchName: 'Pudong Branch' };
    server.on(`${USER}/updateStoreBankCard`, () => ok({ card: changed, withdrawalPausedUntil: PAUSED_UNTIL, mobile: '138****1001' }));
    await user.click(await screen.findByTestId('settlement-form-send'));
    await waitFor(() => expect(server.callsTo('/sendUpdateBankCardCheckCode')).toHaveLength(1));
    await fillNewCard(user);
    server.on(QUERY, () => ok({ card: changed, withdrawalPausedUntil: PAUSED_UNTIL, mobile: '138****1001' }));
    await user.dblClick(screen.getByTestId('settlement-form-submit'));
    await waitForPath(location, '/shop/settlement');
    const calls = server.callsTo('/updateStoreBankCard').map((call) => call.biz as Record<string, unknown>);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual({
      bankCode: 'CMB',
      cardNumber: '6217000000112233444',
      accountName: 'Demo Merchant Co., Ltd.',
      branchName: 'Pudong Branch',
      payPassword: '246810',
      checkCode: '123456',
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(await screen.findByTestId('notification')).toHaveTextContent('Settlement account changed');
    expect(await screen.findByTestId('settlement-cardNumber')).toHaveTextContent('**** **** **** 3444');
    expect(screen.getByTestId('settlement-paused')).toHaveTextContent(formatSecondsTimestamp(PAUSED_UNTIL));
    expect(WITHDRAWAL_PAUSE_AFTER_CARD_CHANGE_SECONDS).toBe(24 * 60 * 60);
  });

  it('a wrong pay password stays on the form with the server message in Chinese', async () => {
    const { user, server, location } = open('/shop/settlement/edit');
    server.on(`${USER}/updateStoreBankCard`, () => ({ code: STORE_CODES.wrongPayPassword, msg: '支付密码错误' }));
    await screen.findByTestId('settlement-form-submit');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    expect(await screen.findByRole('heading', { name: '修改结算账户' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^银行卡号/), '6217000000112233444');
    await user.type(screen.getByLabelText(/^支付密码/), '000000');
    await user.type(screen.getByLabelText(/^验证码/), '123456');
    await user.click(screen.getByTestId('settlement-form-submit'));
    expect(await screen.findByTestId('notification')).toHaveTextContent('支付密码错误');
    expect(location()).toBe('/shop/settlement/edit');
    expect(screen.getByLabelText(/^银行卡号/)).toHaveValue('6217000000112233444');
  });

  it('without a pay password says so and links to where it is set', async () => {
    open('/shop/settlement/edit', { payIsSet: false });
    expect(await screen.findByTestId('settlement-no-pay-password')).toHaveTextContent('needs a pay password');
    expect(screen.getByRole('link', { name: 'Set it' })).toHaveAttribute('href', '/shop/accountMgmt/accountInfo');
    expect(screen.queryByTestId('settlement-form-submit')).not.toBeInTheDocument();
  });
});
