// Account area: permission-gated pay-password buttons, dialogs showing the server msg, §5 rules.
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS } from '@merchant/api-contracts';
import { renderConsole } from '../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../test/fakeStoreServer';

const ok = (data: unknown = null) => ({ code: '00000000', msg: 'success', data });
const USER = '/v1/store/eshop/store/user';
const PAY = '/v1/store/pay/user';
const ALL_CODES = Object.values(PERMISSIONS);
const withCodes = (permissions: string[], token: string): FakeUser => ({ ...DEMO_USER, token, info: { ...DEMO_USER.info, permissions } });

function renderAccount(user: FakeUser, path = '/shop/accountMgmt/accountInfo', payIsSet = false) {
  const server = createFakeStoreServer([user]);
  server.on(`${USER}/getStoreInfoByToken`, () => ok({
      storeId: 1001,
      storeName: 'Demo Flagship Store',
      storeStatus: 2,
      storeType: 1,
      principalType: 2,
      email: 'demo@merchant.example',
      mobile: '13800001001',
      cityCode: '440300',
      rejectReason: '',
      forbiddenReason: '',
      agreementAccepted: true,
      storeInfo: {},
    }));
  server.on(`${PAY}/isSetPayPassword`, () => ok({ isSetPayPassword: payIsSet }));
  return { ...renderConsole({ path, token: user.token, server }), server };
}

describe('account info', () => {
  it('shows the account with the mobile masked', async () => {
    renderAccount(withCodes(ALL_CODES, 'token-owner'));
    expect(await screen.findByTestId('account-mobile')).toHaveTextContent('138****1001');
    expect(screen.getByTestId('account-email')).toHaveTextContent('demo@merchant.example');
  });

  it("disables the pay-password buttons with the title 'no permission' without pay:password", async () => {
    renderAccount(withCodes([PERMISSIONS.accountView], 'token-staff'));
    const init = await screen.findByTestId('pay-password-init');
    expect(init).toBeDisabled();
    expect(init.parentElement).toHaveAttribute('title', 'no permission');
  });

  it('sets a first pay password: rules checked in the form, server msg shown in the dialog, success announced', async () => {
    const { user, server } = renderAccount(withCodes(ALL_CODES, 'token-owner'));
    let attempts = 0;
    server.on(`${PAY}/sendInitPayPasswordCheckCode`, () => ok({ expiresInSeconds: 300 }));
    server.on(`${PAY}/initPayPassword`, () => (++attempts === 1 ? { code: '10104001', msg: 'the check code is wrong or has expired' } : ok()));
    await user.click(await screen.findByTestId('pay-password-init'));
    const dialog = await screen.findByRole('dialog', { name: 'Set pay password' });
    await user.type(within(dialog).getByTestId('pay-password-payPassword'), '12ab');
    await user.type(within(dialog).getByTestId('pay-password-confirmPayPassword'), '123456');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    expect(await within(dialog).findByText('New pay password must be 6 digits')).toBeInTheDocument();
    expect(server.callsTo('/initPayPassword')).toEqual([]);

    await user.clear(within(dialog).getByTestId('pay-password-payPassword'));
    await user.type(within(dialog).getByTestId('pay-password-payPassword'), '123456');
    await user.click(within(dialog).getByTestId('pay-password-send'));
    await waitFor(() => expect(server.callsTo('/sendInitPayPasswordCheckCode')).toHaveLength(1));
    await user.type(within(dialog).getByTestId('pay-password-checkCode'), '654321');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    const refused = await screen.findByTestId('notification');
    expect(refused).toHaveTextContent('the check code is wrong or has expired');
    // Beside the modal dialog, so outside what it leaves to assistive technology.
    await user.click(within(refused).getByRole('button', { name: /close/i, hidden: true }));
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    await waitFor(() => expect(screen.getByTestId('notification')).toHaveTextContent('modified successfully'));
    expect(server.callsTo('/initPayPassword').map((c) => c.biz)).toEqual([
      { payPassword: '123456', checkCode: '654321' },
      { payPassword: '123456', checkCode: '654321' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('change password', () => {
  it('applies the §5 rules and refuses a new password equal to the old one before calling', async () => {
    const { user, server } = renderAccount(withCodes(ALL_CODES, 'token-owner'), '/shop/accountMgmt/accountInfo/password');
    await user.type(await screen.findByTestId('password-old'), 'Demo12345');
    await user.type(screen.getByTestId('password-new'), 'Demo12345');
    await user.type(screen.getByTestId('password-confirm'), 'Demo12345');
    await user.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('New password must differ from the current one')).toBeInTheDocument();
    await user.clear(screen.getByTestId('password-new'));
    await user.type(screen.getByTestId('password-new'), 'onlyletters');
    await user.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('password must contain at least one digit')).toBeInTheDocument();
    expect(server.callsTo('/updatePasswordByToken')).toEqual([]);
  });

  it('shows the server msg for a wrong current password and announces success otherwise', async () => {
    const { user, server } = renderAccount(withCodes(ALL_CODES, 'token-owner'), '/shop/accountMgmt/accountInfo/password');
    server.on(`${USER}/updatePasswordByToken`, ({ biz }) => (biz.oldPassword === 'Demo12345' ? ok() : { code: '10103001', msg: 'the current password is wrong' }));
    await user.type(await screen.findByTestId('password-old'), 'Wrong1234');
    await user.type(screen.getByTestId('password-new'), 'Better2026');
    await user.type(screen.getByTestId('password-confirm'), 'Better2026');
    await user.click(screen.getByTestId('password-submit'));
    // The server msg, once (the baseQuery's notice); the form keeps the values for another try.
    const refused = await screen.findByTestId('notification');
    expect(refused).toHaveTextContent('the current password is wrong');
    await user.click(within(refused).getByRole('button', { name: /close/i }));
    await user.clear(screen.getByTestId('password-old'));
    await user.type(screen.getByTestId('password-old'), 'Demo12345');
    await user.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(screen.getByTestId('notification')).toHaveTextContent('modified successfully'));
  });
});
