// The /order screens of this folder through the whole console against a contract-checked fake server:
// the list's status tabs with counts, its search (yuan typed, cents sent), row actions by status; the
// detail's actions by status; the service-order detail; the extension form (contract limits, confirm,
// refusal 10100005 in the merchant's language); the printable sales certificate.
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS, STORE_CODES, orderEndpoints as O } from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../test/fakeStoreServer';
import { renderConsole } from '../../../test/renderConsole';
import { formatSecondsTimestamp } from '@merchant/ui-kit';
import { FAKE_NOW, fakeOrder, installOrdersFake } from './ordersFake';
import { MESSAGE_PATH } from '../message/frameProtocol';
import { conversationRequests } from '../message/openChat';
import { ORDER_PATHS } from './paths';
import { shipOrderAddress } from './shipping/paths';

jest.setTimeout(120_000);

/** The first screen of a test loads the shell and the lazy page; the machine running the suite may be busy. */
const FIRST_LOAD = { timeout: 30_000 };
/** Later steps wait for one answer of the fake server and a re-render. */
const STEP = { timeout: 10_000 };

const owner: FakeUser = { ...DEMO_USER, token: 'token-orders', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const viewer: FakeUser = { ...DEMO_USER, token: 'token-orders-viewer', info: { ...DEMO_USER.info, permissions: [PERMISSIONS.orderView] } };

function renderOrders(path: string, orders = [fakeOrder(1, 1), fakeOrder(2, 2), fakeOrder(3, 3), fakeOrder(4, 4), fakeOrder(5, 5), fakeOrder(6, 1)], user: FakeUser = owner) {
  const server = createFakeStoreServer([user]);
  const state = installOrdersFake(server, orders);
  return { ...renderConsole({ path, token: user.token, server }), server, state };
}

const bodyRows = () => screen.queryAllByRole('row').filter((row) => row.getAttribute('aria-rowindex') !== '1');
const rowOf = (text: string) => screen.getByText(text).closest('[role=row]') as HTMLElement;

describe('order list', () => {
  it('shows the status tabs with their counts and filters by the chosen tab', async () => {
    const { user, server, location } = renderOrders(ORDER_PATHS.list);
    expect(await screen.findByText('SO2026000001', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    const tabs = screen.getByRole('tablist', { name: 'Order list' });
    expect(await within(tabs).findByRole('tab', { name: 'to ship (2)' }, STEP)).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'completed (1)' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'refunded (0)' })).toBeInTheDocument();
    // §4's two "shipped" statuses are told apart on the tabs.
    expect(within(tabs).getByRole('tab', { name: /^shipped · in transit \(\d+\)$/ })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: /^shipped · delivered \(\d+\)$/ })).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'to ship (2)' }));
    await waitFor(() => expect(server.callsTo('/order/list').at(-1)!.biz).toMatchObject({ status: 1, pageNum: 1 }), STEP);
    expect(decodeURIComponent(location())).toContain('orders.list.q={"status":1}');
    await waitFor(() => expect(bodyRows()).toHaveLength(2), STEP);
    expect(screen.getByText('SO2026000006')).toBeInTheDocument();
    expect(screen.queryByText('SO2026000002')).not.toBeInTheDocument();
  });

  it('searches by buyer and by an amount range typed in yuan and sent in cents, keeping the tab', async () => {
    const { user, server } = renderOrders(`${ORDER_PATHS.list}?orders.list.q=${encodeURIComponent(JSON.stringify({ status: 1 }))}`);
    await screen.findByText('SO2026000001', {}, FIRST_LOAD);
    const bar = screen.getByRole('search');
    await user.type(within(bar).getByRole('textbox', { name: 'amount from (yuan)' }), '500.5');
    await user.type(within(bar).getByRole('textbox', { name: 'amount to (yuan)' }), '800');
    await user.type(within(bar).getByRole('textbox', { name: 'buyer name or phone' }), 'Buyer');
    await user.click(within(bar).getByRole('button', { name: /search/i }));
    await waitFor(() => expect(server.callsTo('/order/list').at(-1)!.biz).toMatchObject({ status: 1, amountMin: 50_050, amountMax: 80_000, buyer: 'Buyer' }), STEP);
    // Order 6 paid 740.70 yuan; order 1 paid 123.45 and falls outside the range.
    await waitFor(() => expect(bodyRows()).toHaveLength(1), STEP);
    expect(screen.getByText('SO2026000006')).toBeInTheDocument();
    expect(screen.getByText('740.70')).toBeInTheDocument();
  });

  it('refuses an amount range whose "to" is below its "from" on the field, in English, and sends nothing', async () => {
    const { user, server } = renderOrders(ORDER_PATHS.list);
    await screen.findByText('SO2026000001', {}, FIRST_LOAD);
    const calls = server.callsTo('/order/list').length;
    const bar = screen.getByRole('search');
    await user.type(within(bar).getByRole('textbox', { name: 'amount from (yuan)' }), '100');
    const to = within(bar).getByRole('textbox', { name: 'amount to (yuan)' });
    await user.type(to, '1');
    await user.click(within(bar).getByRole('button', { name: /search/i }));
    expect(await within(bar).findByText('amount to (yuan) cannot be less than amount from (yuan)', {}, STEP)).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/amountMax|amountMin/)).not.toBeInTheDocument();
    expect(server.callsTo('/order/list')).toHaveLength(calls);
    expect(screen.getByText('SO2026000001')).toBeInTheDocument();

    // An equal pair is a range of one amount: searched.
    await user.clear(to);
    await user.type(to, '100');
    await user.click(within(bar).getByRole('button', { name: /search/i }));
    await waitFor(() => expect(server.callsTo('/order/list').at(-1)!.biz).toMatchObject({ amountMin: 10_000, amountMax: 10_000 }), STEP);
    expect(within(bar).queryByText(/cannot be less than/)).not.toBeInTheDocument();

    // The same refusal in Chinese for a merchant using zh-CN.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    const zhBar = await screen.findByRole('search');
    const zhTo = await within(zhBar).findByRole('textbox', { name: '最高金额（元）' }, STEP);
    const searched = server.callsTo('/order/list').length;
    await user.clear(within(zhBar).getByRole('textbox', { name: '最低金额（元）' }));
    await user.type(within(zhBar).getByRole('textbox', { name: '最低金额（元）' }), '50');
    await user.clear(zhTo);
    await user.type(zhTo, '20');
    await user.click(within(zhBar).getByRole('button', { name: '搜索' }));
    expect(await within(zhBar).findByText('最高金额（元）不能小于最低金额（元）', {}, STEP)).toBeInTheDocument();
    expect(server.callsTo('/order/list')).toHaveLength(searched);
  });

  it('masks the buyer phone and offers each row only the actions its status allows', async () => {
    renderOrders(ORDER_PATHS.list);
    await screen.findByText('SO2026000001', {}, FIRST_LOAD);
    expect(within(rowOf('SO2026000001')).getByText('138****5678')).toBeInTheDocument();
    expect(screen.queryByText('13812345678')).not.toBeInTheDocument();

    const toShip = within(rowOf('SO2026000001'));
    // Navigating actions are links, so they open in a new tab too (issue 35 §5).
    expect(toShip.getByRole('link', { name: 'Ship' })).toHaveAttribute('href', expect.stringContaining('/order/shippingOrder'));
    expect(toShip.queryByRole('link', { name: 'Extend period' })).not.toBeInTheDocument();

    const shipped = within(rowOf('SO2026000002'));
    expect(shipped.queryByRole('link', { name: 'Ship' })).not.toBeInTheDocument();
    expect(shipped.getByRole('link', { name: 'Extend period' })).toBeInTheDocument();

    const withdrawn = within(rowOf('SO2026000005'));
    expect(withdrawn.getByRole('link', { name: 'Detail' })).toBeInTheDocument();
    expect(withdrawn.queryByRole('link', { name: 'Ship' })).not.toBeInTheDocument();
    expect(withdrawn.queryByRole('link', { name: 'Extend period' })).not.toBeInTheDocument();
  });

  it('opens a service order on its own detail screen, and offers export only with order:export', async () => {
    const { user, location, unmount } = renderOrders(ORDER_PATHS.list, [fakeOrder(1, 2), fakeOrder(8, 2, { serviceOrder: true })]);
    await screen.findByText('SO2026000008', {}, FIRST_LOAD);
    expect(screen.getByTestId('resource-export')).toBeEnabled();
    await user.click(within(rowOf('SO2026000008')).getByRole('link', { name: 'Detail' }));
    await waitFor(() => expect(location()).toBe(`${ORDER_PATHS.serviceDetails}?id=8`), STEP);
    unmount();

    renderOrders(ORDER_PATHS.list, undefined, viewer);
    await screen.findByText('SO2026000001', {}, FIRST_LOAD);
    expect(screen.getByTestId('resource-export')).toBeDisabled();
    expect(within(rowOf('SO2026000001')).getByRole('button', { name: 'Ship' })).toBeDisabled();
  });
});

describe('order details', () => {
  it('offers shipping for an order to ship, and takes the merchant to the shipping screen', async () => {
    const { user, location, server } = renderOrders(`${ORDER_PATHS.details}?id=1`);
    const actions = await screen.findByTestId('order-actions', {}, FIRST_LOAD);
    expect(server.callsTo('/order/detail').at(-1)!.biz).toEqual({ orderId: 1 });
    expect(within(actions).getByRole('button', { name: 'Ship' })).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Extend return period' })).not.toBeInTheDocument();
    expect(screen.getByTestId('receiver-name')).toHaveTextContent('Li Lei');
    expect(screen.getByTestId('receiver-phone')).toHaveTextContent('139****5678');
    expect(screen.getByTestId('order-shipments')).toHaveTextContent('Not shipped yet');
    expect(screen.getByTestId('amount-goods')).toHaveTextContent('120.00');
    expect(within(screen.getByTestId('order-history')).getByText('paid by the buyer')).toBeInTheDocument();
    await user.click(within(actions).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(location()).toBe(shipOrderAddress(1)), STEP);
  });

  it('offers the extension and the certificate for a shipped order, and nothing for a withdrawn one', async () => {
    const { unmount } = renderOrders(`${ORDER_PATHS.details}?id=2`);
    const actions = await screen.findByTestId('order-actions', {}, FIRST_LOAD);
    expect(within(actions).queryByRole('button', { name: 'Ship' })).not.toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Extend return period' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Sales certificate' })).toBeInTheDocument();
    expect(screen.getByTestId('order-shipments')).toHaveTextContent('SF2');
    expect(screen.getByTestId('order-shipments')).toHaveTextContent('in transit');
    unmount();

    renderOrders(`${ORDER_PATHS.details}?id=5`);
    const none = await screen.findByTestId('order-actions', {}, FIRST_LOAD);
    expect(none).toHaveTextContent('Nothing can be done to the order in its current status');
    expect(within(none).getAllByRole('button').map((button) => button.textContent)).toEqual(['Chat with buyer']);
  });

  it('opens the chat with the buyer from the order', async () => {
    const { user, location } = renderOrders(`${ORDER_PATHS.details}?id=2`);
    const actions = await screen.findByTestId('order-actions', {}, FIRST_LOAD);
    await user.click(within(actions).getByRole('button', { name: 'Chat with buyer' }));
    await waitFor(() => expect(location()).toBe(MESSAGE_PATH), STEP);
    expect(conversationRequests.take()).toBe('c_buyer2');
  });

  it('disables the actions a user without the permission cannot take', async () => {
    renderOrders(`${ORDER_PATHS.details}?id=1`, undefined, viewer);
    const actions = await screen.findByTestId('order-actions', {}, FIRST_LOAD);
    expect(within(actions).getByRole('button', { name: 'Ship' })).toBeDisabled();
    expect(within(actions).getByRole('button', { name: 'Ship' }).parentElement).toHaveAttribute('title', 'no permission');
  });

  it('shows a service order with its service sections, and points the goods page to it', async () => {
    const service = fakeOrder(7, 2, { serviceOrder: true });
    const { unmount } = renderOrders(`${ORDER_PATHS.serviceDetails}?id=7`, [service]);
    expect(await screen.findByRole('heading', { name: 'Service order details' }, FIRST_LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Services' }, STEP)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Customer and service address' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Service progress' })).toBeInTheDocument();
    expect(screen.getByTestId('receiver-address')).toHaveTextContent('1 Garden Road, Hangzhou');
    expect(screen.queryByTestId('order-kind-hint')).not.toBeInTheDocument();
    unmount();

    renderOrders(`${ORDER_PATHS.details}?id=7`, [service]);
    const hint = await screen.findByTestId('order-kind-hint', {}, FIRST_LOAD);
    expect(within(hint).getByRole('link')).toHaveAttribute('href', `${ORDER_PATHS.serviceDetails}?id=7`);
  });
});

describe('extending the return period', () => {
  it('refuses days outside 1–30 before sending, asks before extending, then shows the new deadline on the order', async () => {
    const { user, server, location } = renderOrders(`${ORDER_PATHS.extensions}?id=2`);
    const form = await screen.findByTestId('extension-form', {}, FIRST_LOAD);
    const days = within(form).getByRole('textbox', { name: /days to add/ });
    await user.click(within(form).getByRole('button', { name: 'Extend' }));
    expect(await within(form).findByText('days to add is required', {}, STEP)).toBeInTheDocument();
    await user.type(days, '31');
    expect(await within(form).findByText('days to add cannot exceed 30', {}, STEP)).toBeInTheDocument();
    expect(days).toHaveAccessibleDescription('days to add cannot exceed 30');
    expect(days).toHaveAttribute('aria-invalid', 'true');
    await user.clear(days);
    await user.type(days, '0');
    await user.click(within(form).getByRole('button', { name: 'Extend' }));
    expect(await within(form).findByText('days to add must be at least 1', {}, STEP)).toBeInTheDocument();
    expect(server.callsTo('/order/extendReturnPeriod')).toEqual([]);

    await user.clear(days);
    await user.type(days, '5');
    await user.click(within(form).getByRole('button', { name: 'Extend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend the return period' }, STEP);
    expect(dialog).toHaveTextContent('extended by 5 days');
    await user.click(within(dialog).getByRole('button', { name: /confirm/i }));

    await waitFor(() => expect(location()).toBe(`${ORDER_PATHS.details}?id=2`), STEP);
    // The fake's period ended 10 days after FAKE_NOW; the notice and the detail show the server's new end.
    const newEnd = formatSecondsTimestamp(FAKE_NOW + 15 * 86_400);
    expect(await screen.findByText(`The return period now ends ${newEnd}`, {}, STEP)).toBeInTheDocument();
    expect(await screen.findByTestId('order-returnDeadline', {}, STEP)).toHaveTextContent(newEnd);
    expect(server.callsTo('/order/extendReturnPeriod').map((call) => call.biz)).toEqual([{ orderId: 2, days: 5 }]);
    expect(await within(await screen.findByTestId('order-history', {}, STEP)).findByText('return period extended (+5)', {}, STEP)).toBeInTheDocument();
  });

  it('shows the refusal of an order that left the states allowing it in the merchant language', async () => {
    const { user, server, state } = renderOrders(`${ORDER_PATHS.extensions}?id=3`);
    const form = await screen.findByTestId('extension-form', {}, FIRST_LOAD);
    // The buyer confirms receipt while the merchant is on the form.
    state.orders.find((order) => order.orderId === 3)!.status = 4;
    await user.type(within(form).getByRole('textbox', { name: /days to add/ }), '3');
    await user.click(within(form).getByRole('button', { name: 'Extend' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Extend the return period' }, STEP)).getByRole('button', { name: /confirm/i }));
    expect(await screen.findByTestId('extension-failure', {}, STEP)).toHaveTextContent('Not extended: not allowed in the current state');
    // The refusal refreshed the order: completed now, so the form gives way to the explanation; the refusal stays.
    expect(await screen.findByTestId('extension-not-allowed', {}, STEP)).toBeInTheDocument();
    expect(screen.getByTestId('extension-failure')).toBeInTheDocument();
    expect(screen.getByTestId('extension-status')).toHaveTextContent('completed');
    expect(server.callsTo('/order/extendReturnPeriod').at(-1)!.biz).toEqual({ orderId: 3, days: 3 });
    expect(state.orders.find((order) => order.orderId === 3)!.returnDeadline).toBe(fakeOrder(3, 3).returnDeadline);
  });

  it('reads the refusal and the limits in Chinese for a merchant using zh-CN', async () => {
    const { user, state } = renderOrders(`${ORDER_PATHS.extensions}?id=3`);
    await screen.findByTestId('extension-form', {}, FIRST_LOAD);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    const form = await screen.findByTestId('extension-form', {}, STEP);
    const days = within(form).getByRole('textbox', { name: /延长天数/ });
    await user.type(days, '45');
    await user.click(within(form).getByRole('button', { name: '延长退货期' }));
    expect(await within(form).findByText('延长天数不能超过 30', {}, STEP)).toBeInTheDocument();
    state.orders.find((order) => order.orderId === 3)!.status = 4;
    await user.clear(days);
    await user.type(days, '2');
    await user.click(within(form).getByRole('button', { name: '延长退货期' }));
    await user.click(within(await screen.findByRole('dialog', { name: '确认延长退货期' }, STEP)).getByRole('button', { name: /确认|确定/ }));
    expect(await screen.findByTestId('extension-failure', {}, STEP)).toHaveTextContent('延长失败：当前状态不允许此操作');
  });

  it("puts the server's problem with the days on the days field", async () => {
    const { user, server } = renderOrders(`${ORDER_PATHS.extensions}?id=2`);
    server.on(O.extendReturnPeriod.path, () => ({ code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems: [{ field: 'days', problem: { rule: 'max', limit: 10 } }] } }));
    const form = await screen.findByTestId('extension-form', {}, FIRST_LOAD);
    const days = within(form).getByRole('textbox', { name: /days to add/ });
    await user.type(days, '20');
    await user.click(within(form).getByRole('button', { name: 'Extend' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Extend the return period' }, STEP)).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(days).toHaveAccessibleDescription('days to add cannot exceed 10'), STEP);
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('/order/extendReturnPeriod').map((call) => call.biz)).toEqual([{ orderId: 2, days: 20 }]);
  });

  it('does not offer the form for an order that is not shipped', async () => {
    renderOrders(`${ORDER_PATHS.extensions}?id=1`);
    expect(await screen.findByTestId('extension-not-allowed', {}, FIRST_LOAD)).toHaveTextContent('Only a shipped order');
    expect(screen.queryByTestId('extension-form')).not.toBeInTheDocument();
  });
});

describe('sales certificate', () => {
  it('shows the proof of sale and prints it', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderOrders(`${ORDER_PATHS.salesCertificate}?id=4`);
    const sheet = await screen.findByTestId('sales-certificate', {}, FIRST_LOAD);
    expect(within(sheet).getByRole('heading', { name: 'Sales certificate' })).toBeInTheDocument();
    expect(within(sheet).getByTestId('certificate-orderNo')).toHaveTextContent('SO2026000004');
    expect(within(sheet).getByTestId('certificate-licenceNo')).toHaveTextContent('91330100MA2CXXXX1A');
    expect(within(sheet).getByTestId('certificate-total')).toHaveTextContent('493.80');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('explains why a withdrawn order has none', async () => {
    const { server } = renderOrders(`${ORDER_PATHS.salesCertificate}?id=5`);
    expect(await screen.findByTestId('certificate-unavailable', {}, FIRST_LOAD)).toHaveTextContent('A withdrawn or refunded order has no sales certificate.');
    expect(server.callsTo('/order/salesCertificate').at(-1)!.biz).toEqual({ orderId: 5 });
    expect(server.violations).toEqual([]);
    expect(STORE_CODES.notAllowedInCurrentState).toBe('10100005');
    expect(O.salesCertificate.path).toContain('/order/salesCertificate');
  });
});
