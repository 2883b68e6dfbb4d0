// The dashboard's notices and order counts from storePcHome and queryStoreOrderCount.
import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { renderConsole } from '../../../test/renderConsole';
import { PERMISSIONS, accountEndpoints, orderEndpoints } from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../test/fakeStoreServer';
import { fakeOrder } from '../orders/ordersFake';
import { ORDER_TAB_OPTIONS } from '../orders/orderStatus';
import { shippingApi } from '../orders/shipping/api';
import { installShippingFake } from '../orders/shipping/shippingFake';
import { unreadTotalReported } from '../message/imSlice';

const ok = (data: unknown) => ({ code: '00000000', msg: 'success', data });
const home = {
  storeName: 'Demo Flagship Store', storeStatus: 2, storeType: 1, isBlacklist: false, blacklistRemark: '',
  existsPromise: true, existsProtocol: true, storeLicenseDays: 200, brandExpiryDays: null,
};
/** The owner holds every code; a staff member here holds every code but the two the dashboard reads with. */
const OWNER: FakeUser = { ...DEMO_USER, info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const STAFF_WITHOUT_HOME: FakeUser = {
  ...DEMO_USER,
  userName: 'demo_staff',
  token: 'token-staff',
  info: { ...DEMO_USER.info, nickname: 'Demo Staff', permissions: Object.values(PERMISSIONS).filter((code) => code !== PERMISSIONS.dashboardView && code !== PERMISSIONS.orderView) },
};
const orders = { total: 9, counts: [1, 2, 3, 4, 5, 6].map((status) => ({ status, count: status === 4 ? 5 : status === 1 ? 4 : 0 })) };

function renderDashboard(pcHome: object, orderCount: object = ok(orders), signedIn: FakeUser = OWNER) {
  const server = createFakeStoreServer([signedIn]);
  server.on('/v1/store/eshop/store/user/storePcHome', () => ok({ ...home, ...pcHome }));
  server.on('/v1/store/eshop/order/queryStoreOrderCount', () => orderCount as ReturnType<typeof ok>);
  return renderConsole({ path: '/dashboard', token: signedIn.token, server });
}

describe('dashboard', () => {
  it('warns of a licence about to expire with the days left and of an expired brand authorisation', async () => {
    renderDashboard({ storeLicenseDays: 45, brandExpiryDays: -1 });
    expect(await screen.findByTestId('dashboard-notice-license')).toHaveTextContent('about to expire: 45 days left');
    expect(within(screen.getByTestId('dashboard-notice-license')).getByRole('link', { name: 'Renew it' })).toHaveAttribute('href', '/shop/shopMsg/shopMssage/storeLicense');
    expect(screen.getByTestId('dashboard-notice-brand')).toHaveTextContent('Your brand authorisation has expired');
  });

  it('shows nothing for expiry beyond the 60-day window, and 0 days as about to expire', async () => {
    renderDashboard({ storeLicenseDays: 61, brandExpiryDays: 0 });
    expect(await screen.findByTestId('dashboard-notice-brand')).toHaveTextContent('0 days left');
    expect(within(screen.getByTestId('dashboard-notice-brand')).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-notice-license')).not.toBeInTheDocument();
  });

  it('shows the withdrawal blacklist with its remark and the settlement-card and agreement prompts', async () => {
    renderDashboard({ isBlacklist: true, blacklistRemark: 'dispute under review', existsPromise: false, existsProtocol: false });
    const blacklist = await screen.findByTestId('dashboard-notice-blacklist');
    expect(blacklist).toHaveTextContent('withdrawal blacklist');
    expect(blacklist).toHaveTextContent('Reason: dispute under review');
    expect(screen.getByTestId('dashboard-notice-promise')).toHaveTextContent('No settlement bank card');
    expect(within(screen.getByTestId('dashboard-notice-promise')).getByRole('link', { name: 'Bind a card' })).toHaveAttribute('href', '/shop/settlement/edit');
    expect(within(screen.getByTestId('dashboard-notice-protocol')).getByRole('link', { name: 'Sign it' })).toHaveAttribute('href', '/registered/agrtSig');
  });

  it('says nothing needs attention when all is well, and lists the order counts per status', async () => {
    renderDashboard({});
    expect(await screen.findByTestId('dashboard-no-notices')).toHaveTextContent('Nothing needs your attention');
    expect(await screen.findByTestId('dashboard-order-total')).toHaveTextContent('Total orders: 9');
    expect(screen.getByTestId('dashboard-order-count-1')).toHaveTextContent('to ship4');
    expect(screen.getByTestId('dashboard-order-count-4')).toHaveTextContent('completed5');
    expect(screen.getByRole('img', { name: 'Bar chart of orders per status' })).toBeInTheDocument();
  });

  it('names the two "shipped" statuses as the order list\'s tabs do, without status codes, in English and Chinese', async () => {
    const { user } = renderDashboard({});
    const terms = async () => {
      const list = await screen.findByTestId('dashboard-order-counts');
      return within(list).getAllByRole('term').map((term) => term.textContent);
    };
    // The same labels as the order list's status tabs (ORDER_TAB_OPTIONS), not written a second time.
    const tabLabels = (locale: 'en-US' | 'zh-CN') => ORDER_TAB_OPTIONS.map((option) => (typeof option.label === 'string' ? option.label : option.label[locale]));
    expect(await terms()).toEqual(['to ship', 'shipped · in transit', 'shipped · delivered', 'completed', 'withdrawn', 'refunded']);
    expect(await terms()).toEqual(tabLabels('en-US'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    await waitFor(async () => expect(await terms()).toEqual(['待发货', '已发货·运输中', '已发货·已送达', '已完成', '已撤回', '已退款']));
    expect(await terms()).toEqual(tabLabels('zh-CN'));
  });

  it('shows a failed order count inside its card with the server msg, not over the console', async () => {
    renderDashboard({}, { code: '10100001', msg: 'end cannot be less than start' });
    expect(await screen.findByTestId('dashboard-orders-error')).toHaveTextContent('end cannot be less than start');
    expect(screen.queryByTestId('notification')).not.toBeInTheDocument();
  });

  it('says "no permission" in the notices and order blocks of a staff member without dashboard:view and order:view, asking neither', async () => {
    const { server } = renderDashboard({}, ok(orders), STAFF_WITHOUT_HOME);
    expect(await screen.findByTestId('dashboard-greeting')).toHaveTextContent('Hello, Demo Staff');
    expect(screen.getByTestId('dashboard-notices-no-permission')).toHaveTextContent('You have no permission to see this; please ask the store administrator for access');
    expect(screen.getByTestId('dashboard-orders-no-permission')).toHaveTextContent('no permission');
    expect(screen.queryByTestId('dashboard-notices-error')).not.toBeInTheDocument();
    expect(screen.queryByTestId('notification')).not.toBeInTheDocument();
    expect(server.callsTo(accountEndpoints.storePcHome.path)).toHaveLength(0);
    expect(server.callsTo(orderEndpoints.queryStoreOrderCount.path)).toHaveLength(0);
  });

  it('shows the unread-messages figure and "open messages" only to a holder of im:chat, in English and Chinese', async () => {
    const { user, store } = renderDashboard({});
    // Before the chat frame's first report the figure is a skeleton (issue 35 §6); then the reported total.
    expect(await screen.findByTestId('dashboard-unread-loading')).toBeInTheDocument();
    act(() => {
      store.dispatch(unreadTotalReported(3));
    });
    expect(screen.getByTestId('dashboard-unread')).toHaveTextContent('3');
    expect(screen.getByText('Unread messages')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-open-messages')).toHaveAttribute('href', '/message/message');
    await user.selectOptions(screen.getByTestId('language-switch'), 'zh-CN');
    expect(await screen.findByText('未读消息')).toBeInTheDocument();
  });

  it('shows no unread-messages figure (it would always be 0) and no "open messages" to a user without im:chat', async () => {
    const noChat: FakeUser = { ...OWNER, info: { ...OWNER.info, permissions: Object.values(PERMISSIONS).filter((code) => code !== PERMISSIONS.imChat) } };
    const { user } = renderDashboard({}, ok(orders), noChat);
    expect(await screen.findByTestId('dashboard-store-status')).toBeInTheDocument();
    // The blocks the user may read are there; only the chat's figure and link are not.
    expect(await screen.findByTestId('dashboard-no-notices')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-unread')).not.toBeInTheDocument();
    expect(screen.queryByText('Unread messages')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-open-messages')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByTestId('language-switch'), 'zh-CN');
    expect(await screen.findByText('店铺状态')).toBeInTheDocument();
    expect(screen.queryByText('未读消息')).not.toBeInTheDocument();
  });

  it('refreshes the counts and chart when the console ships an order', async () => {
    const server = createFakeStoreServer([OWNER]);
    server.on('/v1/store/eshop/store/user/storePcHome', () => ok(home));
    installShippingFake(server, [fakeOrder(41, 1), fakeOrder(42, 1), fakeOrder(43, 4)]);
    const { store } = renderConsole({ path: '/dashboard', token: OWNER.token, server });
    expect(await screen.findByTestId('dashboard-order-count-1')).toHaveTextContent('to ship2');
    expect(screen.getByTestId('dashboard-order-count-2')).toHaveTextContent('shipped · in transit0');
    await act(() => store.dispatch(shippingApi.endpoints.shipOrder.initiate({ orderId: 41, carrier: 'SF Express', trackingNo: 'SF1001' })).unwrap());
    await waitFor(() => expect(screen.getByTestId('dashboard-order-count-1')).toHaveTextContent('to ship1'));
    expect(screen.getByTestId('dashboard-order-count-2')).toHaveTextContent('shipped · in transit1');
    expect(screen.getByTestId('dashboard-order-total')).toHaveTextContent('Total orders: 3');
  });
});
