// The shipping screens through the whole console against a contract-checked fake server with state:
// the one-order form refuses what the contract refuses (in the merchant's words, before any call), ships,
// and lands on the result with its next steps; bulk shipping from the selection and from an imported
// sheet checks every line first, sends, and shows each line's answer with a retry of the failed ones.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { PERMISSIONS, STORE_CODES, orderEndpoints, type WireProblem } from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../../test/fakeStoreServer';
import { renderConsole } from '../../../../test/renderConsole';
import { fakeOrder } from '../ordersFake';
import { installShippingFake } from './shippingFake';
import { SHIPPING_PATHS, shipOrderAddress } from './paths';

jest.setTimeout(120_000);

const FIRST_LOAD = { timeout: 30_000 };
const STEP = { timeout: 10_000 };

const owner: FakeUser = { ...DEMO_USER, token: 'token-shipping', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const viewer: FakeUser = { ...DEMO_USER, token: 'token-shipping-viewer', info: { ...DEMO_USER.info, permissions: [PERMISSIONS.orderView] } };

function renderShipping(path: string, user: FakeUser = owner, orders = [fakeOrder(1, 1), fakeOrder(2, 2), fakeOrder(3, 1), fakeOrder(4, 1)]) {
  const server = createFakeStoreServer([user]);
  const state = installShippingFake(server, orders);
  return { ...renderConsole({ path, token: user.token, server }), server, state };
}

type User = ReturnType<typeof renderConsole>['user'];

async function chooseCarrier(user: User, combobox: HTMLElement, name: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name }, STEP));
}

async function xlsxFile(rows: unknown[][], name = 'shipping.xlsx'): Promise<File> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('shipping');
  for (const row of rows) sheet.addRow(row);
  const bytes = (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
  return new File([bytes], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

describe('shipping one order', () => {
  it('refuses an empty or malformed form in words without calling, ships a valid one and offers the next steps', async () => {
    const { user, server, location, state } = renderShipping(shipOrderAddress(1));
    const form = await screen.findByTestId('ship-form', {}, FIRST_LOAD);
    expect(screen.getByTestId('ship-orderNo')).toHaveTextContent('SO2026000001');
    expect(screen.getByTestId('ship-receiverPhone')).toHaveTextContent('139****5678');

    await user.click(within(form).getByRole('button', { name: 'Ship' }));
    expect(await within(form).findByText('carrier is required')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'tracking no.' })).toHaveAccessibleDescription('tracking no. is required');
    expect(within(form).getByRole('combobox', { name: 'carrier' })).toHaveFocus();

    await chooseCarrier(user, within(form).getByRole('combobox', { name: 'carrier' }), 'SF Express');
    await user.type(within(form).getByRole('textbox', { name: 'tracking no.' }), 'SF 1001');
    await user.click(within(form).getByRole('button', { name: 'Ship' }));
    expect(await within(form).findByText('tracking no. may hold only letters, digits and hyphens')).toBeInTheDocument();
    expect(screen.queryByText('carrier is required')).not.toBeInTheDocument();
    expect(server.callsTo('/order/ship')).toEqual([]);

    await user.clear(within(form).getByRole('textbox', { name: 'tracking no.' }));
    await user.type(within(form).getByRole('textbox', { name: 'tracking no.' }), 'SF1001');
    await user.click(within(form).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(location()).toBe(`${SHIPPING_PATHS.deliverySuccess}?orderId=1&shipmentId=${state.shipments.at(-1)?.shipmentId}`), STEP);
    expect(server.callsTo('/order/ship').map((call) => call.biz)).toEqual([{ orderId: 1, carrier: 'SF', trackingNo: 'SF1001' }]);
    expect(state.orders[0]!.status).toBe(2);
    expect(await screen.findByTestId('delivery-success-summary', {}, FIRST_LOAD)).toHaveTextContent('Order SO2026000001 was handed to SF Express, tracking number SF1001.');
    expect(screen.getByRole('heading', { name: 'Shipped' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Print delivery slip' }));
    await waitFor(() => expect(location()).toBe(`${SHIPPING_PATHS.deliverySlip}?orderIds=1`), STEP);
    const slip = await screen.findByTestId('slip-1', {}, FIRST_LOAD);
    expect(within(slip).getByTestId('slip-carrier')).toHaveTextContent('SF Express');
    expect(within(slip).getByTestId('slip-tracking')).toHaveTextContent('SF1001');
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it("says the contract's refusals in Chinese, and puts the server's problem with the tracking number on its field", async () => {
    const { user, server } = renderShipping(shipOrderAddress(1));
    const problems: WireProblem[] = [{ field: 'trackingNo', problem: { rule: 'maxLength', limit: 5 } }];
    server.on(orderEndpoints.shipOrder.path, () => ({ code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } }));
    await screen.findByTestId('ship-form', {}, FIRST_LOAD);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    const form = await screen.findByTestId('ship-form', {}, STEP);
    await user.click(within(form).getByRole('button', { name: '确认发货' }));
    expect(await within(form).findByText('请选择物流公司')).toBeInTheDocument();
    const tracking = within(form).getByRole('textbox', { name: '运单号' });
    expect(tracking).toHaveAccessibleDescription('请填写运单号');
    await user.type(tracking, 'SF-1001');
    await chooseCarrier(user, within(form).getByRole('combobox', { name: '物流公司' }), '顺丰速运');
    await user.click(within(form).getByRole('button', { name: '确认发货' }));
    await waitFor(() => expect(tracking).toHaveAccessibleDescription('运单号不能超过 5 个字符'), STEP);
    expect(tracking).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('/order/ship').map((call) => call.biz)).toEqual([{ orderId: 1, carrier: 'SF', trackingNo: 'SF-1001' }]);
  });

  it('shows an order that cannot be shipped now without the form, and a shipped one in its shipment detail', async () => {
    const { router } = renderShipping(shipOrderAddress(2));
    expect(await screen.findByTestId('ship-not-allowed', {}, FIRST_LOAD)).toHaveTextContent('This order is "shipped" and cannot be shipped.');
    expect(screen.queryByTestId('ship-form')).not.toBeInTheDocument();

    await act(() => router.navigate(`${SHIPPING_PATHS.sendOutGoodsDetail}?id=2`));
    const timeline = await screen.findByTestId('shipment-timeline', {}, FIRST_LOAD);
    expect(within(timeline).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('awaiting pickup'), expect.stringContaining('in transit')]);
    expect(screen.getByTestId('detail-status')).toHaveTextContent('in transit');
    expect(screen.getByTestId('detail-orderNo')).toHaveTextContent('SO2026000002');
  });

  it('keeps a merchant without order:ship out of the form, and shows the worklist with its shipping buttons disabled', async () => {
    const { location, router } = renderShipping(shipOrderAddress(1), viewer);
    await waitFor(() => expect(location()).toBe('/404'), FIRST_LOAD);
    await act(() => router.navigate(SHIPPING_PATHS.orderDelivery));
    expect(await screen.findByRole('button', { name: 'Import shipping sheet' }, FIRST_LOAD)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ship selected' })).toBeDisabled();
  });
});

describe('bulk shipping', () => {
  it('ships the selected orders with a tracking number each, shows each answer and retries the failed one', async () => {
    const { user, server, state } = renderShipping(SHIPPING_PATHS.orderDelivery);
    const table = await screen.findByTestId('shipping.toShip-table', {}, FIRST_LOAD);
    await within(table).findByText('SO2026000004', {}, STEP);
    // Only orders to ship are listed.
    expect(within(table).queryByText('SO2026000002')).not.toBeInTheDocument();
    expect(server.callsTo('/order/list').at(-1)!.biz).toMatchObject({ status: 1 });

    await user.click(within(table).getByRole('checkbox', { name: /select all/i }));
    await user.click(screen.getByRole('button', { name: 'Ship selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship orders' }, STEP);
    expect(within(dialog).getByTestId('bulk-count')).toHaveTextContent('3 orders');

    await user.click(within(dialog).getByRole('button', { name: 'Ship 3 orders' }));
    expect(await within(dialog).findByText('3 lines have errors: fix or remove them before sending')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Choose the carrier')).toHaveLength(3);
    expect(server.callsTo('/order/bulkShip')).toEqual([]);

    await chooseCarrier(user, within(dialog).getByRole('combobox', { name: 'Carrier for every line' }), 'ZTO Express');
    const tracking = (line: number) => within(dialog).getByRole('textbox', { name: `tracking no. of line ${line}` });
    await user.type(tracking(1), 'ZT0001');
    await user.type(tracking(2), 'ZT0003');
    await user.type(tracking(3), 'ZT0004');
    expect(within(dialog).queryByTestId('bulk-invalid')).not.toBeInTheDocument();
    // Order 3 ships elsewhere meanwhile: the server refuses that row alone.
    state.orders.find((order) => order.orderId === 3)!.status = 2;
    await user.click(within(dialog).getByRole('button', { name: 'Ship 3 orders' }));

    expect(await within(dialog).findByTestId('bulk-summary', {}, STEP)).toHaveTextContent('Finished: 2 shipped, 1 failed');
    expect(server.callsTo('/order/bulkShip').map((call) => call.biz)).toEqual([
      {
        rows: [
          { orderId: 1, carrier: 'ZTO', trackingNo: 'ZT0001' },
          { orderId: 3, carrier: 'ZTO', trackingNo: 'ZT0003' },
          { orderId: 4, carrier: 'ZTO', trackingNo: 'ZT0004' },
        ],
      },
    ]);
    const failed = within(dialog).getByTestId('result-3');
    expect(failed).toHaveAttribute('data-ok', 'false');
    expect(failed).toHaveTextContent('10100005');
    expect(within(failed).getByTestId('result-message')).toHaveTextContent('not allowed in the current state');
    expect(within(dialog).getByTestId('result-1')).toHaveAttribute('data-ok', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Retry failed lines (1)' }));
    expect(within(dialog).getByTestId('bulk-count')).toHaveTextContent('1 order');
    expect(within(dialog).getByTestId('draft-last-failure')).toHaveTextContent('10100005 not allowed in the current state');
    expect(tracking(1)).toHaveValue('ZT0003');
    await user.click(within(dialog).getByRole('button', { name: 'Ship 1 order' }));
    expect(await within(dialog).findByTestId('bulk-summary', {}, STEP)).toHaveTextContent('Finished: 0 shipped, 1 failed');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The worklist refreshed: the shipped orders left it.
    await waitFor(() => expect(within(table).queryByText('SO2026000001')).not.toBeInTheDocument(), STEP);
  });

  it('imports a sheet: a file missing a column is refused whole, bad lines show their errors and are removed, the rest are shipped', async () => {
    const { user, server } = renderShipping(SHIPPING_PATHS.orderDelivery);
    await user.click(await screen.findByRole('button', { name: 'Import shipping sheet' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Import shipping sheet' }, STEP);
    const input = within(dialog).getByTestId('bulk-file-input');

    fireEvent.change(input, { target: { files: [await xlsxFile([['orderNo', 'trackingNo'], ['SO2026000001', 'SF1']])] } });
    expect(await within(dialog).findByTestId('bulk-file-problem', {}, STEP)).toHaveTextContent('The sheet lacks the columns: carrier (carrier)');
    expect(server.callsTo('/order/bulkShip')).toEqual([]);

    const file = await xlsxFile([
      ['订单编号', '物流公司', '运单号'],
      ['SO2026000001', '顺丰速运', 'SF0001'],
      ['SO2026000002', 'SF', 'SF0002'], // shipped already: not among the orders to ship
      ['SO2026000003', 'Pigeon Post', 'PP1'],
      ['SO2026000004', 'yto', 'YT 4'],
    ]);
    fireEvent.change(input, { target: { files: [file] } });
    const drafts = await within(dialog).findByTestId('bulk-drafts', {}, STEP);
    expect(within(dialog).getByText('File: shipping.xlsx')).toBeInTheDocument();
    expect(within(dialog).getByTestId('bulk-invalid')).toHaveTextContent('3 lines have errors');
    expect(within(drafts).getByTestId('draft-3')).toHaveTextContent('No order to ship has the number SO2026000002');
    expect(within(drafts).getByTestId('draft-4')).toHaveTextContent('Unknown carrier "Pigeon Post"');
    expect(within(drafts).getByTestId('draft-5')).toHaveTextContent('The tracking number may hold only letters, digits and hyphens');
    expect(within(drafts).getByTestId('draft-2')).not.toHaveTextContent(/Choose|Enter|Unknown|No order/);

    // A line is fixed in place; the one naming no order to ship is removed.
    await user.clear(within(drafts).getByRole('textbox', { name: 'tracking no. of line 5' }));
    await user.type(within(drafts).getByRole('textbox', { name: 'tracking no. of line 5' }), 'YT4');
    await chooseCarrier(user, within(drafts).getByRole('combobox', { name: 'carrier of line 4' }), 'China Post EMS');
    await user.click(within(drafts).getByRole('button', { name: 'Remove line 3' }));
    expect(within(dialog).queryByTestId('bulk-invalid')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Ship 3 orders' }));
    expect(await within(dialog).findByTestId('bulk-summary', {}, STEP)).toHaveTextContent('Finished: 3 shipped, 0 failed');
    expect(server.callsTo('/order/bulkShip').map((call) => call.biz)).toEqual([
      {
        rows: [
          { orderId: 1, carrier: 'SF', trackingNo: 'SF0001' },
          { orderId: 3, carrier: 'EMS', trackingNo: 'PP1' },
          { orderId: 4, carrier: 'YTO', trackingNo: 'YT4' },
        ],
      },
    ]);
    expect(within(dialog).queryByRole('button', { name: /Retry failed/ })).not.toBeInTheDocument();
  });
});
