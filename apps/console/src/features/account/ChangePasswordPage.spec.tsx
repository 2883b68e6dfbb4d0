// The sign-in password page on the form kit: the contract's §5 rules in the merchant's language on their
// fields, the console-only confirmation, the biz sent (never the confirmation), server field problems.
import { screen, waitFor } from '@testing-library/react';
import { STORE_CODES, type WireProblem } from '@merchant/api-contracts';
import { renderConsole, waitForPath } from '../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, ok, type Envelope } from '../../../test/fakeStoreServer';
import { renderResourceForm } from '../../resource-kit/resourceForm.testing';
import { changePasswordForm } from './ChangePasswordPage';
import { accountMessages } from './messages';

const PATH = '/shop/accountMgmt/accountInfo/password';
const UPDATE = '/updatePasswordByToken';

function renderPage() {
  const server = createFakeStoreServer();
  server.on('/v1/store/eshop/store/user/updatePasswordByToken', () => ok());
  return renderConsole({ path: PATH, token: DEMO_USER.token, server });
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

describe('change password page', () => {
  it('refuses an empty form in words on each field, focuses the first, and sends nothing', async () => {
    const { user, server } = renderPage();
    await user.click(await screen.findByTestId('password-submit'));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(field('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Current password')).toHaveAccessibleDescription('Current password is required');
    expect(field('New password')).toHaveAccessibleDescription('New password is required');
    await waitFor(() => expect(field('Current password')).toHaveFocus());
    expect(server.callsTo(UPDATE)).toEqual([]);
  });

  it('marks the three password boxes required and asks for the same new password twice', async () => {
    const { user, server } = renderPage();
    await user.type(await screen.findByTestId('password-old'), 'Demo12345');
    await user.type(screen.getByTestId('password-new'), 'Better2026');
    await user.type(screen.getByTestId('password-confirm'), 'Better2027');
    for (const label of ['Current password', 'New password', 'Confirm new password']) expect(field(label)).toBeRequired();
    // Password boxes the browser's password manager can tell apart.
    expect(field('Current password')).toHaveAttribute('type', 'password');
    expect(field('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(field('New password')).toHaveAttribute('autocomplete', 'new-password');
    await user.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(field('Confirm new password')).toHaveAccessibleDescription('the two entries differ'));
    expect(server.callsTo(UPDATE)).toEqual([]);
  });

  it('sends the old and the new password (not the confirmation), says so and goes back to the account page', async () => {
    const { user, server, location } = renderPage();
    await user.type(await screen.findByTestId('password-old'), 'Demo12345');
    await user.type(screen.getByTestId('password-new'), 'Better2026');
    await user.type(screen.getByTestId('password-confirm'), 'Better2026');
    await user.click(screen.getByTestId('password-submit'));
    await waitForPath(location, '/shop/accountMgmt/accountInfo');
    expect(await screen.findByTestId('notification')).toHaveTextContent('modified successfully');
    expect(server.callsTo(UPDATE).map((call) => call.biz)).toEqual([{ oldPassword: 'Demo12345', newPassword: 'Better2026' }]);
  });

  it("puts the server's field problem on its field in Chinese", async () => {
    const server = createFakeStoreServer();
    const problems: WireProblem[] = [{ field: 'newPassword', problem: { rule: 'passwordLetter' } }];
    server.on('/v1/store/eshop/store/user/updatePasswordByToken', () => ({ code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } as Envelope['errInfo'] }));
    const { user } = renderResourceForm({ definition: changePasswordForm as never, screen: 'page', language: 'zh-CN', server, messages: [accountMessages] });
    await user.click(await screen.findByTestId('resource-form-submit'));
    expect(await screen.findByText('请填写原密码')).toBeInTheDocument();
    await user.type(screen.getByTestId('password-old'), 'Demo12345');
    await user.type(screen.getByTestId('password-new'), 'Better2026');
    await user.type(screen.getByTestId('password-confirm'), 'Better2026');
    await user.click(screen.getByTestId('resource-form-submit'));
    await waitFor(() => expect(screen.getByTestId('password-new')).toHaveAccessibleDescription('密码须至少包含一个字母'));
    await waitFor(() => expect(screen.getByTestId('password-new')).toHaveFocus());
  });
});
