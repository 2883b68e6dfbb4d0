// The account dialogs on the form kit, opened from the account page: the contracts' rules in the merchant's
// language on their fields, check codes sent to the right place, the biz each call gets, server field problems.
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS, STORE_CODES, type WireProblem } from '@merchant/api-contracts';
import { renderConsole } from '../../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, ok, type Envelope } from '../../../../test/fakeStoreServer';
import { OPEN_DIALOG, renderResourceForm } from '../../../resource-kit/resourceForm.testing';
import { accountMessages } from '../messages';
import { PAY_PASSWORD_FORMS } from './payPasswordForms';

const USER = '/v1/store/eshop/store/user';
const PAY = '/v1/store/pay/user';
const STORE = { storeId: 1001, storeName: 'Demo Flagship Store', storeStatus: 2, storeType: 1, principalType: 2, email: 'demo@merchant.example', mobile: '13800001001', cityCode: '440300', rejectReason: '', forbiddenReason: '', agreementAccepted: true, storeInfo: {} };

/** The store owner, with every permission code (the pay-password buttons need `pay:password`). */
const OWNER = { ...DEMO_USER, token: 'token-owner', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };

async function openDialog(button: string, title: string, payIsSet = true) {
  const server = createFakeStoreServer([OWNER]);
  server.on(`${USER}/getStoreInfoByToken`, () => ok(STORE));
  server.on(`${PAY}/isSetPayPassword`, () => ok({ isSetPayPassword: payIsSet }));
  const rendered = renderConsole({ path: '/shop/accountMgmt/accountInfo', token: OWNER.token, server });
  await rendered.user.click(await screen.findByTestId(button));
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: title }) };
}

const input = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`));
const submit = (dialog: HTMLElement) => within(dialog).getByTestId('resource-form-submit');

describe('change mobile', () => {
  it('checks the new number before sending it a code, then sends number and code, closes and reads the account again', async () => {
    const { user, server, dialog } = await openDialog('account-change-mobile', 'Change mobile');
    server.on(`${USER}/sendUpdateMobileCheckCode`, () => ok({ expiresInSeconds: 300 }));
    server.on(`${USER}/updateStoreMobile`, ({ biz }) => ok({ mobile: String(biz.mobile) }));
    await user.click(submit(dialog));
    await waitFor(() => expect(input(dialog, 'New mobile number')).toHaveAccessibleDescription('New mobile number is required'));
    expect(input(dialog, 'SMS check code')).toHaveAccessibleDescription('SMS check code is required');

    await user.type(input(dialog, 'New mobile number'), '1234');
    await user.click(within(dialog).getByTestId('change-mobile-send'));
    await waitFor(() => expect(input(dialog, 'New mobile number')).toHaveAccessibleDescription('phone number format error'));
    expect(server.callsTo('/sendUpdateMobileCheckCode')).toEqual([]);

    await user.clear(input(dialog, 'New mobile number'));
    await user.type(input(dialog, 'New mobile number'), '13900002002');
    await user.click(within(dialog).getByTestId('change-mobile-send'));
    await waitFor(() => expect(server.callsTo('/sendUpdateMobileCheckCode').map((call) => call.biz)).toEqual([{ mobile: '13900002002' }]));
    await user.type(within(dialog).getByTestId('change-mobile-code'), '246810');
    const reads = server.callsTo('/getStoreInfoByToken').length;
    await user.click(submit(dialog));
    expect(await screen.findByTestId('notification')).toHaveTextContent('modified successfully');
    expect(server.callsTo('/updateStoreMobile').map((call) => call.biz)).toEqual([{ mobile: '13900002002', checkCode: '246810' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(server.callsTo('/getStoreInfoByToken').length).toBeGreaterThan(reads));
  });
});

describe('change email', () => {
  it('sends the code to the bound mobile without asking for anything first, and puts a server field problem on its field', async () => {
    const { user, server, dialog } = await openDialog('account-change-email', 'Change email');
    const problems: WireProblem[] = [{ field: 'email', problem: { rule: 'email' } }];
    server.on(`${USER}/sendUpdateEmailCheckCode`, () => ok({ expiresInSeconds: 300, mobile: '138****1001' }));
    server.on(`${USER}/updateStoreEmail`, () => ({ code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } as Envelope['errInfo'] }));
    expect(input(dialog, 'SMS check code')).toHaveAccessibleDescription("The check code goes to the store's bound mobile");
    await user.click(within(dialog).getByTestId('change-email-send'));
    await waitFor(() => expect(server.callsTo('/sendUpdateEmailCheckCode')).toHaveLength(1));
    await user.type(input(dialog, 'New email'), 'shop@merchant.example');
    await user.type(within(dialog).getByTestId('change-email-code'), '135790');
    await user.click(submit(dialog));
    await waitFor(() => expect(input(dialog, 'New email')).toHaveAccessibleDescription('email format error'));
    expect(input(dialog, 'New email')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('/updateStoreEmail').map((call) => call.biz)).toEqual([{ email: 'shop@merchant.example', checkCode: '135790' }]);
    expect(screen.getByRole('dialog', { name: 'Change email' })).toBeInTheDocument();
  });
});

describe('pay password', () => {
  it('update: refuses the same PIN again and a confirmation that differs, then sends the old and the new PIN only', async () => {
    const { user, server, dialog } = await openDialog('pay-password-update', 'Change pay password');
    server.on(`${PAY}/updatePayPassword`, () => ok());
    await user.type(within(dialog).getByTestId('pay-password-oldPayPassword'), '111111');
    await user.type(within(dialog).getByTestId('pay-password-newPayPassword'), '111111');
    await user.type(within(dialog).getByTestId('pay-password-confirmPayPassword'), '222222');
    await user.click(submit(dialog));
    await waitFor(() => expect(input(dialog, 'New pay password')).toHaveAccessibleDescription('New pay password must differ from the current one'));
    expect(input(dialog, 'Confirm pay password')).toHaveAccessibleDescription('the two entries differ');
    expect(server.callsTo('/updatePayPassword')).toEqual([]);

    await user.clear(within(dialog).getByTestId('pay-password-newPayPassword'));
    await user.type(within(dialog).getByTestId('pay-password-newPayPassword'), '2222229');
    expect(within(dialog).getByTestId('pay-password-newPayPassword')).toHaveValue('222222');
    await user.click(submit(dialog));
    expect(await screen.findByTestId('notification')).toHaveTextContent('modified successfully');
    expect(server.callsTo('/updatePayPassword').map((call) => call.biz)).toEqual([{ oldPayPassword: '111111', newPayPassword: '222222' }]);
  });

  it('check: a code is taken only when given, and the success says the password was verified', async () => {
    const { user, server, dialog } = await openDialog('pay-password-check', 'Verify pay password');
    server.on(`${PAY}/checkPayPassword`, () => ok({ checked: true }));
    expect(input(dialog, 'Pay password')).toBeRequired();
    expect(input(dialog, 'SMS check code')).not.toBeRequired();
    await user.type(within(dialog).getByTestId('pay-password-payPassword'), '135790');
    await user.click(submit(dialog));
    expect(await screen.findByTestId('notification')).toHaveTextContent('Pay password verified');
    expect(server.callsTo('/checkPayPassword').map((call) => call.biz)).toEqual([{ payPassword: '135790' }]);
  });

  it('init in Chinese: an empty form is refused field by field in the merchant language', async () => {
    const { user, server } = renderResourceForm({ definition: PAY_PASSWORD_FORMS.init as never, screen: 'dialog', language: 'zh-CN', messages: [accountMessages] });
    await user.click(screen.getByRole('button', { name: OPEN_DIALOG }));
    const dialog = await screen.findByRole('dialog');
    await user.click(submit(dialog));
    await waitFor(() => expect(input(dialog, '新支付密码')).toHaveAccessibleDescription('请填写新支付密码'));
    expect(input(dialog, '短信验证码')).toHaveAccessibleDescription('请填写短信验证码');
    await user.type(within(dialog).getByTestId('pay-password-payPassword'), '123');
    await user.click(submit(dialog));
    await waitFor(() => expect(input(dialog, '新支付密码')).toHaveAccessibleDescription('新支付密码须为 6 位数字'));
    expect(server.callsTo('/initPayPassword')).toEqual([]);
  });
});
