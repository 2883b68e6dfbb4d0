// The time-limited sale screens (issue 28 §3: /marketing/TimeLimit, +add, details, order) in the whole console
// against a fake store-server that speaks the contracts (flashSaleEndpoints): the list shows each sale's phase
// chip and its current or next slot with a countdown from the server's time, stop asks first, details show per
// SKU the stock left and sold, the orders link to their order details, and the edit form sends the stock and shows
// the server's refusal of a stock below what is sold on its field.
import { screen, waitFor, within } from '@testing-library/react';
import { FLASH_SALE_ORDER_STATE, FLASH_SALE_PHASE, FLASH_SALE_STATE, PERMISSIONS, STORE_CODES, flashSaleEndpoints as F, type WireProblem } from '@merchant/api-contracts';
import { renderConsole, waitForPath } from '../../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, ok, type Envelope, type FakeUser } from '../../../../test/fakeStoreServer';
import { FAKE_NOW, fakeFlashSales, flashSale, flashSaleOrder, flashSaleSku, type FlashSaleFakeData } from './flashSaleFake';

jest.setTimeout(90_000);
afterEach(() => window.sessionStorage.clear());

const LOAD = { timeout: 30_000 };
const OWNER: FakeUser = { ...DEMO_USER, token: 'token-flash-sales', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };

const RUNNING = flashSale(1, { name: 'Tiles all day' });
const UPCOMING = flashSale(2, {
  name: 'Weekend sale',
  phase: FLASH_SALE_PHASE.upcoming,
  startTime: FAKE_NOW + 2 * 86_400,
  slots: [{ startMinute: 600, endMinute: 720 }],
  slot: { startTime: FAKE_NOW + 2 * 86_400 + 3_600, endTime: FAKE_NOW + 2 * 86_400 + 3 * 3_600, current: false },
  stockLeft: 100,
  sold: 0,
});
const ENDED = flashSale(3, { name: 'Double twelve', phase: FLASH_SALE_PHASE.ended, slot: null, stockLeft: 0, sold: 20 });
const STOPPED = flashSale(4, { name: 'Stopped early', phase: FLASH_SALE_PHASE.stopped, state: FLASH_SALE_STATE.stopped, slot: null });

function data(): FlashSaleFakeData {
  return {
    sales: [RUNNING, UPCOMING, ENDED, STOPPED],
    skus: { 1: [flashSaleSku(1), flashSaleSku(2, { title: 'Grout', specText: '', listPriceCents: 2_000, priceCents: 1_500, stock: 5, stockLeft: 0, sold: 5 })] },
    orders: {
      1: [
        flashSaleOrder(9001, { buyerName: 'Alice', units: 2, amountCents: 19_800 }),
        flashSaleOrder(9002, { buyerName: 'Bob', orderStatus: 0, state: FLASH_SALE_ORDER_STATE.released, orderNo: 'SO202612010002' }),
      ],
    },
  };
}

function open(path: string, fake: FlashSaleFakeData = data()) {
  const server = createFakeStoreServer([OWNER]);
  fakeFlashSales(server, fake);
  return renderConsole({ path, token: OWNER.token, server });
}

const rowOf = (text: string) => screen.getByText(text).closest('[role=row]') as HTMLElement;
const LIST = '/marketing/TimeLimit';

describe('/marketing/TimeLimit', () => {
  it("lists the sales with their phase chip, stock left / sold and the slot's countdown from the server's time", async () => {
    const { server } = open(LIST);
    expect(await screen.findByText('Tiles all day', {}, LOAD)).toBeInTheDocument();
    const running = rowOf('Tiles all day');
    expect(running).toHaveTextContent('running');
    expect(running).toHaveTextContent('On now');
    expect(running).toHaveTextContent('7 / 3');
    // The slot ends 2 h 5 min after the server's time: the countdown shows h:m:s, counted from it.
    expect(within(running).getByRole('timer').textContent).toMatch(/^02h 0[45]m \d\ds$/);
    const upcoming = rowOf('Weekend sale');
    expect(upcoming).toHaveTextContent('upcoming');
    expect(upcoming).toHaveTextContent('Next');
    expect(upcoming).toHaveTextContent('10:00–12:00');
    // A day or more away: whole days.
    expect(within(upcoming).getByRole('timer')).toHaveTextContent(/2/);
    expect(rowOf('Double twelve')).toHaveTextContent('ended');
    expect(within(rowOf('Double twelve')).queryByRole('timer')).toBeNull();
    expect(rowOf('Stopped early')).toHaveTextContent('stopped');
    // An ended or stopped sale offers neither edit nor stop.
    expect(Array.from(rowOf('Double twelve').querySelectorAll('a, button'), (action) => action.textContent)).toEqual(['Details', 'Orders']);
    expect(server.violations).toEqual([]);
  });

  it('the phase tabs ask the server for that phase', async () => {
    const { user, server } = open(LIST);
    await screen.findByText('Tiles all day', {}, LOAD);
    await user.click(screen.getByRole('tab', { name: /upcoming/ }));
    await waitFor(() => expect(server.callsTo('/flash-sales/list').at(-1)!.biz).toMatchObject({ phase: FLASH_SALE_PHASE.upcoming }));
    expect(await screen.findByText('Weekend sale')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Tiles all day')).toBeNull());
  });

  it('stop asks first; only the confirmation sends it', async () => {
    const { user, server } = open(LIST);
    server.on(F.stopFlashSale.path, () => ok({ ...RUNNING, state: FLASH_SALE_STATE.stopped, phase: FLASH_SALE_PHASE.stopped, slot: null }));
    await screen.findByText('Tiles all day', {}, LOAD);
    await user.click(within(rowOf('Tiles all day')).getByRole('button', { name: /more/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Stop' }));
    const question = await screen.findByRole('dialog', { name: 'Stop this time-limited sale?' });
    expect(question).toHaveTextContent('orders already placed stay');
    expect(server.callsTo('/flash-sales/stop')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(server.callsTo('/flash-sales/stop').map((call) => call.biz)).toEqual([{ saleId: 1 }]));
    expect(await screen.findByText('Time-limited sale stopped')).toBeInTheDocument();
  });
});

describe('/marketing/TimeLimit/details and order', () => {
  it('details show per SKU the sale price, the stock as set, the stock left and the units sold', async () => {
    open(`${LIST}/details?id=1`);
    const detail = await screen.findByTestId('resource-detail-marketing.flashSales', {}, LOAD);
    await within(detail).findByText('Tiles all day');
    const table = within(detail).getByRole('table', { name: 'Goods in the sale' });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Tile 1 60x60', '¥129.00', '¥99.00', '10', '7', '3'],
      ['Grout', '¥20.00', '¥15.00', '5', '0', '5'],
    ]);
    expect(within(detail).getByText('00:00–24:00')).toBeInTheDocument();
  });

  it('orders list the orders with their state and order status, each linking to its order details', async () => {
    const { user, server, location } = open(`${LIST}/order?id=1`);
    expect(await screen.findByText('Alice', {}, LOAD)).toBeInTheDocument();
    expect(server.callsTo('/flash-sales/orders')[0]!.biz).toMatchObject({ saleId: 1, pageNum: 1 });
    expect(rowOf('Alice')).toHaveTextContent('paid');
    expect(rowOf('Alice')).toHaveTextContent('¥198.00');
    expect(rowOf('Bob')).toHaveTextContent('closed unpaid');
    expect(rowOf('Bob')).toHaveTextContent('Unpaid / closed');
    await user.click(within(rowOf('Alice')).getByRole('link', { name: 'SO20261201009001' }));
    await waitForPath(location, '/order/orderDetails?id=9001');
  });

  it('without an id the orders page says so', async () => {
    open(`${LIST}/order`);
    expect(await screen.findByText('The sale id is missing', {}, LOAD)).toBeInTheDocument();
  });
});

describe('/marketing/TimeLimit/add?id= (edit)', () => {
  it("sends each SKU's stock; the server's refusal of a stock below what is sold lands on the field", async () => {
    const { user, server, location } = open(`${LIST}/add?id=1`);
    const problems: WireProblem[] = [{ field: 'skus.1.stock', problem: { rule: 'min', limit: 5 } }];
    let answers = 0;
    server.on(F.editFlashSale.path, () => {
      answers += 1;
      if (answers === 1) return { code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } as Envelope['errInfo'] };
      return ok(RUNNING);
    });
    const grout = await screen.findByTestId('flash-sale-line-stock-1', {}, LOAD);
    await waitFor(() => expect(grout).toHaveValue('5'));
    await user.type(grout, '4', { initialSelectionStart: 0, initialSelectionEnd: 1 });
    await user.click(screen.getByTestId('resource-form-submit'));
    await waitFor(() => expect(grout).toHaveAttribute('aria-invalid', 'true'));
    const sent = server.callsTo('/flash-sales/edit');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.biz).toEqual({
      saleId: 1,
      name: 'Tiles all day',
      skus: [
        { skuId: 1, priceCents: 9_900, stock: 10 },
        { skuId: 2, priceCents: 1_500, stock: 4 },
      ],
      slots: [{ startMinute: 0, endMinute: 1440 }],
      perBuyerLimit: 2,
      startTime: RUNNING.startTime,
      endTime: RUNNING.endTime,
    });
    expect(F.editFlashSale.biz.safeParse(sent[0]!.biz).success).toBe(true);

    await user.type(grout, '8', { initialSelectionStart: 0, initialSelectionEnd: 1 });
    await user.click(screen.getByTestId('resource-form-submit'));
    await waitFor(() => expect(server.callsTo('/flash-sales/edit')).toHaveLength(2));
    expect((server.callsTo('/flash-sales/edit')[1]!.biz as { skus: unknown[] }).skus[1]).toEqual({ skuId: 2, priceCents: 1_500, stock: 8 });
    await waitForPath(location, LIST);
    expect(server.violations).toEqual([]);
  });
});
