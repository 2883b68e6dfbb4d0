// /shop/accountMgmt/accountInfo/detail (issue 26 §3): signed-in devices with "sign out everywhere else", and
// the recent sign-ins, reached from the account page.
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS } from '@merchant/api-contracts';
import { formatSecondsTimestamp } from '@merchant/ui-kit';
import { renderConsole, waitForPath } from '../../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, ok } from '../../../../test/fakeStoreServer';

const USER = '/v1/store/eshop/store/user';
const OWNER = { ...DEMO_USER, token: 'token-owner', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const STORE = { storeId: 1001, storeName: 'Demo Flagship Store', storeStatus: 2, storeType: 1, principalType: 2, email: 'demo@merchant.example', mobile: '13800001001', cityCode: '440300', rejectReason: '', forbiddenReason: '', agreementAccepted: true, storeInfo: {} };
const T0 = 1_796_000_000;

function serverWithSessions() {
  const server = createFakeStoreServer([OWNER]);
  let live = [
    { sessionId: 12, device: 'Firefox on Linux', signedInAt: T0 + 600, expiresAt: T0 + 600 + 604800, current: false },
    { sessionId: 11, device: 'Chrome on Windows', signedInAt: T0, expiresAt: T0 + 604800, current: true },
  ];
  const events = [
    { operationType: 'USER_LOGIN', time: T0 + 600, device: 'Firefox on Linux', current: false },
    { operationType: 'USER_LOGIN', time: T0, device: 'Chrome on Windows', current: true },
  ];
  server.on(`${USER}/queryActiveSessions`, () => ok({ list: live }));
  server.on(`${USER}/querySignInRecords`, () => ok({ list: events }));
  server.on(`${USER}/signOutOtherSessions`, () => {
    const ended = live.filter((session) => !session.current);
    live = live.filter((session) => session.current);
    for (const session of ended) events.unshift({ operationType: 'USER_LOGOUT', time: T0 + 900, device: session.device, current: false });
    return ok({ signedOut: ended.length });
  });
  server.on(`${USER}/getStoreInfoByToken`, () => ok(STORE));
  server.on('/v1/store/pay/user/isSetPayPassword', () => ok({ isSetPayPassword: true }));
  return server;
}

const rowsOf = (section: HTMLElement) => within(section).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('/shop/accountMgmt/accountInfo/detail', () => {
  it('is reached from the account page and lists the devices (this one marked) and the recent sign-ins with time and device', async () => {
    const server = serverWithSessions();
    const { user, location } = renderConsole({ path: '/shop/accountMgmt/accountInfo', token: OWNER.token, server });
    await user.click(await screen.findByTestId('account-sign-ins-link'));
    await waitForPath(location, '/shop/accountMgmt/accountInfo/detail');
    expect(await screen.findByRole('heading', { name: 'Sign-ins and devices', level: 1 })).toBeInTheDocument();
    expect(rowsOf(screen.getByTestId('account-sessions'))).toEqual([
      ['Firefox on Linux', formatSecondsTimestamp(T0 + 600)],
      ['Chrome on WindowsThis device', formatSecondsTimestamp(T0)],
    ]);
    expect(rowsOf(screen.getByTestId('account-sign-ins'))).toEqual([
      ['Signed in', formatSecondsTimestamp(T0 + 600), 'Firefox on Linux'],
      ['Signed in', formatSecondsTimestamp(T0), 'Chrome on WindowsThis device'],
    ]);
  });

  it('sign out everywhere else asks first, then ends the others once and shows what changed', async () => {
    const server = serverWithSessions();
    const { user } = renderConsole({ path: '/shop/accountMgmt/accountInfo/detail', token: OWNER.token, server });
    await user.click(await screen.findByTestId('account-sign-out-others'));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(server.callsTo('/signOutOtherSessions')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: /confirm/i }));
    expect(await screen.findByTestId('account-signed-out-others')).toHaveTextContent(/^Signed out 1 other device$/);
    expect(server.callsTo('/signOutOtherSessions')).toHaveLength(1);
    await waitFor(() => expect(rowsOf(screen.getByTestId('account-sessions'))).toEqual([['Chrome on WindowsThis device', formatSecondsTimestamp(T0)]]));
    await waitFor(() => expect(rowsOf(screen.getByTestId('account-sign-ins'))[0]).toEqual(['Signed out', formatSecondsTimestamp(T0 + 900), 'Firefox on Linux']));
    // Nothing else is signed in: the button rests.
    expect(screen.getByTestId('account-sign-out-others')).toBeDisabled();
  });

  it('in Chinese', async () => {
    const server = serverWithSessions();
    const { user } = renderConsole({ path: '/shop/accountMgmt/accountInfo/detail', token: OWNER.token, server });
    await screen.findByTestId('account-sessions');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    expect(await screen.findByRole('heading', { name: '登录记录与设备', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('account-sign-out-others')).toHaveTextContent('退出其他所有设备');
    expect(rowsOf(screen.getByTestId('account-sign-ins'))[1]).toEqual(['登录', formatSecondsTimestamp(T0), 'Chrome on Windows本设备']);
  });
});
