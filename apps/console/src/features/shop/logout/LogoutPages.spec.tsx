// Closing the shop (issue 26 §6): the checklist with its links, the request on the form kit behind the
// pay-password check and a confirmation, the page after it, and the public result at /logouting.
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS, STORE_CODES } from '@merchant/api-contracts';
import { renderConsole, waitForPath } from '../../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, ok } from '../../../../test/fakeStoreServer';

const LOGOUT = '/v1/store/eshop/store/logout';
const PAY = '/v1/store/pay/user';
const REF = '3f2b8c1e-8a4d-4a51-9b6e-0c1d2e3f4a5b';
const OWNER = { ...DEMO_USER, token: 'token-owner', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const CLEAR = { canLogout: true, reasons: [], blockers: [], warnings: [{ code: 'goodsOnShelf', count: 4 }], latestRequest: null };
const BLOCKED = {
  canLogout: false,
  reasons: ['1 order(s) still to ship', '2 shipped order(s) not yet completed', 'wallet balance of ¥123.45 not withdrawn'],
  blockers: [
    { code: 'ordersToShip', count: 1 },
    { code: 'openRefunds', count: 2 },
    { code: 'walletBalance', count: 12345 },
  ],
  warnings: [],
  latestRequest: null,
};

function open(path: string, check: unknown, options: { token?: string | null; payIsSet?: boolean } = {}) {
  const server = createFakeStoreServer([OWNER]);
  server.on(`${LOGOUT}/checkStoreCanLogout`, () => ok(check));
  server.on(`${PAY}/isSetPayPassword`, () => ok({ isSetPayPassword: options.payIsSet ?? true }));
  return renderConsole({ path, token: options.token === null ? undefined : (options.token ?? OWNER.token), server });
}

describe('/shop/logout', () => {
  it('lists each blocker in the merchant\'s words with a link to the screen that clears it, and offers no next step', async () => {
    const { user, location } = open('/shop/logout', BLOCKED);
    const list = await screen.findByTestId('logout-blockers');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('1 order(s) still to ship'),
      expect.stringContaining('2 after-sales request(s) still open'),
      expect.stringContaining('wallet balance of ¥123.45 not withdrawn'),
    ]);
    expect(screen.queryByTestId('logout-clear-walletBalance')).toBeNull();
    expect(screen.queryByTestId('logout-next')).toBeNull();
    await user.click(screen.getByTestId('logout-clear-ordersToShip'));
    await waitForPath(location, `/order/orderList?${new URLSearchParams({ 'orders.list.q': '{"status":1}' })}`);
  });

  it('with nothing blocking, shows the warnings and leads to the risk warning', async () => {
    const { user, location } = open('/shop/logout', CLEAR);
    expect(await screen.findByTestId('logout-no-blockers')).toBeInTheDocument();
    expect(screen.getByTestId('logout-warning-goodsOnShelf')).toHaveTextContent('4 goods on the shelf will all be taken off');
    await user.click(screen.getByTestId('logout-next'));
    await waitForPath(location, '/shop/storeLogoutRiskWarning');
  });
});

describe('/shop/storeLogoutRiskWarning', () => {
  it('an empty reason shows the contract rule on the field and asks nothing', async () => {
    const { user, server } = open('/shop/storeLogoutRiskWarning', CLEAR);
    await user.click(await screen.findByTestId('logout-submit'));
    await waitFor(() => expect(screen.getByLabelText(/^Why are you closing the shop/)).toHaveAccessibleDescription(/is required/));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.callsTo('/insertRecords')).toEqual([]);
  });

  it('reason → pay password → confirmation → one insertRecords with an idempotency key → the submitted page', async () => {
    const { user, server, location } = open('/shop/storeLogoutRiskWarning', CLEAR);
    server.on(`${PAY}/checkPayPassword`, () => ok({ checked: true }));
    server.on(`${LOGOUT}/insertRecords`, () => ok({ id: 7, ref: REF, status: 1, createTime: 1_780_000_000 }));
    await user.type(await screen.findByLabelText(/^Why are you closing the shop/), 'Moving abroad');
    await user.click(screen.getByTestId('logout-submit'));
    const pay = await screen.findByRole('dialog', { name: 'Verify the pay password' });
    await user.type(within(pay).getByLabelText(/^Pay password/), '135790');
    await user.click(within(pay).getByTestId('logout-pay-submit'));
    const confirm = await screen.findByRole('dialog', { name: 'Close the shop for good?' });
    expect(server.callsTo('/insertRecords')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Close the shop' }));
    await waitForPath(location, `/logoutSubmitSuccess?id=7&ref=${REF}`);
    expect(server.callsTo('/checkPayPassword').map((call) => call.biz)).toEqual([{ payPassword: '135790' }]);
    const sent = server.callsTo('/insertRecords').map((call) => call.biz as Record<string, unknown>);
    expect(sent).toEqual([{ logoutReason: 'Moving abroad', idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    expect(await screen.findByTestId('logout-result-link')).toHaveTextContent(`/logouting?ref=${REF}`);
  });

  it('cancelling the confirmation sends nothing and keeps the reason; a refused request shows the server msg and its retry sends the same idempotency key', async () => {
    const { user, server } = open('/shop/storeLogoutRiskWarning', CLEAR);
    server.on(`${PAY}/checkPayPassword`, () => ok({ checked: true }));
    server.on(`${LOGOUT}/insertRecords`, () => ({ code: STORE_CODES.notAllowedInCurrentState, msg: '1 order(s) still to ship' }));
    const reason = await screen.findByLabelText(/^Why are you closing the shop/);
    await user.type(reason, 'Moving abroad');
    const through = async () => {
      await user.click(screen.getByTestId('logout-submit'));
      const pay = await screen.findByRole('dialog', { name: 'Verify the pay password' });
      await user.type(within(pay).getByLabelText(/^Pay password/), '135790');
      await user.click(within(pay).getByTestId('logout-pay-submit'));
      return screen.findByRole('dialog', { name: 'Close the shop for good?' });
    };
    await user.click(within(await through()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('/insertRecords')).toEqual([]);
    expect(reason).toHaveValue('Moving abroad');
    await user.click(within(await through()).getByRole('button', { name: 'Close the shop' }));
    await waitFor(() => expect(server.callsTo('/insertRecords')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('notification').map((n) => n.textContent).join()).toContain('1 order(s) still to ship'));
    expect(reason).toHaveValue('Moving abroad');
    // A retry of the same request is the same submit to the server.
    await user.click(within(await through()).getByRole('button', { name: 'Close the shop' }));
    await waitFor(() => expect(server.callsTo('/insertRecords')).toHaveLength(2));
    const [first, second] = server.callsTo('/insertRecords').map((call) => (call.biz as { idempotencyKey: string }).idempotencyKey);
    expect(second).toBe(first);
  });

  it('says the shop cannot close while something blocks it', async () => {
    open('/shop/storeLogoutRiskWarning', BLOCKED);
    expect(await screen.findByTestId('logout-risk-blocked')).toBeInTheDocument();
    expect(screen.queryByTestId('logout-submit')).toBeNull();
  });
});

describe('/logouting', () => {
  it('shows a refused request and its reason without sign-in', async () => {
    const server = createFakeStoreServer([OWNER]);
    server.on(`${LOGOUT}/queryLogoutResult`, ({ biz }) =>
      (biz as { ref: string }).ref === REF
        ? ok({ id: 7, storeName: 'Closing Shop', status: 3, createTime: 1_780_000_000, decideTime: 1_780_086_400, rejectReason: 'Unpaid platform fee' })
        : { code: STORE_CODES.notFound, msg: 'no deregistration request has this reference' },
    );
    const { location } = renderConsole({ path: `/logouting?ref=${REF}`, server });
    expect(await screen.findByTestId('logout-result-summary')).toHaveTextContent('The closing request was refused');
    expect(screen.getByTestId('logout-result-status')).toHaveTextContent('refused');
    expect(screen.getByTestId('logout-result-rejectReason')).toHaveTextContent('Unpaid platform fee');
    expect(screen.getByTestId('logout-result-store')).toHaveTextContent('Closing Shop');
    expect(location()).toBe(`/logouting?ref=${REF}`);
  });

  it('says when the reference is unknown', async () => {
    const server = createFakeStoreServer([OWNER]);
    server.on(`${LOGOUT}/queryLogoutResult`, () => ({ code: STORE_CODES.notFound, msg: 'no deregistration request has this reference' }));
    renderConsole({ path: '/logouting?ref=00000000-0000-4000-8000-000000000000', server });
    expect(await screen.findByTestId('logout-result-not-found')).toBeInTheDocument();
  });
});
