// /shop/checkPayPassword (issue 26 §5): the account area's check form as its own screen, returning to a
// console `redirect` only.
import { screen, waitFor } from '@testing-library/react';
import { PERMISSIONS, STORE_CODES } from '@merchant/api-contracts';
import { renderConsole, waitForPath } from '../../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, ok } from '../../../../test/fakeStoreServer';
import { ACCOUNT_INFO_PATH, checkPayPasswordPathFor, checkPayPasswordReturn } from './checkPayPasswordTarget';

const PAY = '/v1/store/pay/user';
const OWNER = { ...DEMO_USER, token: 'token-owner', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const STORE = { storeId: 1001, storeName: 'Demo Flagship Store', storeStatus: 2, storeType: 1, principalType: 2, email: 'demo@merchant.example', mobile: '13800001001', cityCode: '440300', rejectReason: '', forbiddenReason: '', agreementAccepted: true, storeInfo: {} };

function open(path: string, options: { payIsSet?: boolean } = {}) {
  const server = createFakeStoreServer([OWNER]);
  server.on(`${PAY}/isSetPayPassword`, () => ok({ isSetPayPassword: options.payIsSet ?? true }));
  server.on('/v1/store/eshop/store/user/getStoreInfoByToken', () => ok(STORE));
  return renderConsole({ path, token: OWNER.token, server });
}

describe('checkPayPasswordReturn', () => {
  const screens = new Set(['/shop/settlement/edit', ACCOUNT_INFO_PATH, '/shop/checkPayPassword']);
  const known = (path: string) => screens.has(path);
  it.each([
    ['?redirect=/shop/settlement/edit', '/shop/settlement/edit'],
    ['?redirect=%2Fshop%2Fsettlement%2Fedit%3Fstep%3D2', '/shop/settlement/edit?step=2'],
    ['', ACCOUNT_INFO_PATH],
    ['?redirect=https://evil.example/shop/settlement/edit', ACCOUNT_INFO_PATH],
    ['?redirect=//evil.example/x', ACCOUNT_INFO_PATH],
    ['?redirect=/\\evil.example', ACCOUNT_INFO_PATH],
    ['?redirect=javascript:alert(1)', ACCOUNT_INFO_PATH],
    ['?redirect=/no/such/screen', ACCOUNT_INFO_PATH],
    ['?redirect=/shop/checkPayPassword', ACCOUNT_INFO_PATH],
    ['?redirect=/login', ACCOUNT_INFO_PATH],
  ])('%s → %s', (search, expected) => {
    expect(checkPayPasswordReturn(search, known)).toBe(expected);
  });

  it('builds the address other screens send the merchant to', () => {
    expect(checkPayPasswordPathFor('/shop/settlement/edit?step=2')).toBe('/shop/checkPayPassword?redirect=%2Fshop%2Fsettlement%2Fedit%3Fstep%3D2');
    expect(checkPayPasswordReturn(new URL(checkPayPasswordPathFor('/shop/settlement/edit?step=2'), 'http://x').search, known)).toBe('/shop/settlement/edit?step=2');
  });
});

describe('/shop/checkPayPassword', () => {
  it('submitting empty shows the contract rule on the field and calls nothing', async () => {
    const { user, server } = open('/shop/checkPayPassword?redirect=/shop/accountMgmt/accountInfo/password');
    await user.click(await screen.findByTestId('check-pay-submit'));
    await waitFor(() => expect(screen.getByLabelText(/^Pay password/)).toHaveAccessibleDescription('Pay password is required'));
    expect(server.callsTo('/checkPayPassword')).toEqual([]);
  });

  it('a right password is checked once and the merchant goes back to the redirect', async () => {
    const { user, server, location } = open(`/shop/checkPayPassword?redirect=${encodeURIComponent('/shop/accountMgmt/accountInfo/password')}`);
    server.on(`${PAY}/checkPayPassword`, () => ok({ checked: true }));
    await user.type(await screen.findByLabelText(/^Pay password/), '135790');
    await user.click(screen.getByTestId('check-pay-submit'));
    await waitForPath(location, '/shop/accountMgmt/accountInfo/password');
    expect(server.callsTo('/checkPayPassword').map((call) => call.biz)).toEqual([{ payPassword: '135790' }]);
    expect(await screen.findByTestId('notification')).toHaveTextContent('Pay password verified');
  });

  it('a foreign redirect is ignored: the account page after the check', async () => {
    const { user, server, location } = open('/shop/checkPayPassword?redirect=https://evil.example/');
    server.on(`${PAY}/checkPayPassword`, () => ok({ checked: true }));
    await user.type(await screen.findByLabelText(/^Pay password/), '135790');
    await user.click(screen.getByTestId('check-pay-submit'));
    await waitForPath(location, ACCOUNT_INFO_PATH);
  });

  it('a wrong password stays on the screen with the server message, in Chinese too', async () => {
    const { user, server, location } = open('/shop/checkPayPassword?redirect=/shop/accountMgmt/accountInfo/password');
    server.on(`${PAY}/checkPayPassword`, () => ({ code: STORE_CODES.wrongPayPassword, msg: '支付密码错误' }));
    await screen.findByTestId('check-pay-submit');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    expect(await screen.findByRole('heading', { name: '验证支付密码' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^支付密码/), '000000');
    await user.click(screen.getByTestId('check-pay-submit'));
    expect(await screen.findByTestId('notification')).toHaveTextContent('支付密码错误');
    expect(location()).toBe('/shop/checkPayPassword?redirect=/shop/accountMgmt/accountInfo/password');
  });

  it('without a pay password it says so and links to the account page instead of a form', async () => {
    open('/shop/checkPayPassword', { payIsSet: false });
    expect(await screen.findByTestId('check-pay-not-set')).toHaveTextContent('No pay password is set yet');
    expect(screen.queryByTestId('check-pay-submit')).toBeNull();
    expect(screen.getByRole('link', { name: 'Set it now' })).toHaveAttribute('href', ACCOUNT_INFO_PATH);
  });
});
