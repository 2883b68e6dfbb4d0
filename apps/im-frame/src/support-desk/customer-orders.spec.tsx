// The customer's orders beside the conversation (issue 32): asked through the desk bridge for the peer's account,
// listed with number, time, amount (integer cents as yuan), status label and items, in zh-CN and en-US; "Open
// order" asks the console; an answer for another store is refused; no button in a team conversation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { DeskOrder } from '@merchant/api-contracts';
import { renderWithI18n } from '../test/render-frame';
import type { FrameLanguage } from '../i18n/frame-i18n';
import { fakeDesk } from '../test/fake-desk';
import { SupportDeskProvider } from './desk-context';
import { CustomerOrdersButton } from './customer-orders';

const AT = dayjs('2026-11-02T09:30:00').unix();

const ORDERS: DeskOrder[] = [
  { orderId: 41, orderNo: '20261102000041', status: 1, amountCents: 129_900, createTime: AT, itemCount: 3, items: [{ goodsId: 7, title: 'Oak dining table', quantity: 1 }, { goodsId: 8, title: 'Oak chair', quantity: 2 }] },
  { orderId: 12, orderNo: '20261001000012', status: 4, amountCents: 5, createTime: AT - 86_400 * 32, itemCount: 1, items: [{ goodsId: 9, title: 'Coaster', quantity: 1 }] },
];

function renderOrders(options: { sessionId?: string; language?: FrameLanguage; storeId?: number; list?: DeskOrder[] } = {}) {
  const { desk, sent } = fakeDesk({ orders: options.list ?? ORDERS, storeId: options.storeId });
  renderWithI18n(
    <SupportDeskProvider desk={desk}>
      <CustomerOrdersButton sessionId={options.sessionId ?? 'p2p-c_demo1'} name="Alice Chen" />
    </SupportDeskProvider>,
    options.language ?? 'en-US',
  );
  return { sent };
}

describe("the customer's orders (en-US)", () => {
  it("lists the customer's orders for their account and asks the console to open one", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = renderOrders();
    await user.click(screen.getByRole('button', { name: "Alice Chen's orders" }));
    const panel = await screen.findByRole('dialog', { name: "Alice Chen's orders with this store" });
    expect(sent[0]).toEqual({ type: 'buyerOrdersRequest', payload: { requestId: expect.any(String), account: 'c_demo1' } });
    const rows = await within(panel).findAllByTestId('customer-order');
    expect(rows.map((row) => within(row).getByTestId('customer-order-no').textContent)).toEqual(['Order 20261102000041', 'Order 20261001000012']);
    expect(rows.map((row) => within(row).getByTestId('customer-order-amount').textContent)).toEqual(['¥1299.00', '¥0.05']);
    expect(rows.map((row) => within(row).getByTestId('customer-order-status').textContent)).toEqual(['to ship', 'completed']);
    expect(within(rows[0]).getByTestId('customer-order-time')).toHaveTextContent('2026-11-02 09:30:00');
    expect(rows[0]).toHaveTextContent('3 items');
    expect(rows[1]).toHaveTextContent('1 item');
    expect(rows[1]).not.toHaveTextContent('1 items');
    expect(rows[0]).toHaveTextContent('Oak chair × 2');

    await user.click(within(rows[1]).getByRole('button', { name: 'Open order 20261001000012 in the console' }));
    expect(sent.at(-1)).toEqual({ type: 'openOrder', payload: { orderId: 12 } });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the customer has no orders', async () => {
    const user = userEvent.setup({ delay: null });
    renderOrders({ list: [] });
    await user.click(screen.getByRole('button', { name: "Alice Chen's orders" }));
    expect(await screen.findByText('This customer has no orders with this store yet.')).toBeInTheDocument();
  });

  it('refuses an answer naming another store', async () => {
    const user = userEvent.setup({ delay: null });
    renderOrders({ storeId: 1006 });
    await user.click(screen.getByRole('button', { name: "Alice Chen's orders" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The console signed in to another store; reload the page');
    expect(screen.queryAllByTestId('customer-order')).toHaveLength(0);
  });

  it('has no orders button in a team conversation', () => {
    renderOrders({ sessionId: 'team-42' });
    expect(screen.queryByTestId('customer-orders-open')).not.toBeInTheDocument();
  });
});

describe("the customer's orders (zh-CN)", () => {
  it('names the panel, statuses and actions in Chinese', async () => {
    const user = userEvent.setup({ delay: null });
    renderOrders({ language: 'zh-CN' });
    await user.click(screen.getByRole('button', { name: 'Alice Chen 的订单' }));
    const panel = await screen.findByRole('dialog', { name: 'Alice Chen 在本店的订单' });
    const rows = await within(panel).findAllByTestId('customer-order');
    expect(rows.map((row) => within(row).getByTestId('customer-order-status').textContent)).toEqual(['待发货', '已完成']);
    expect(within(rows[0]).getByRole('button', { name: '在后台查看订单 20261102000041' })).toHaveTextContent('查看订单');
    expect(rows[0]).toHaveTextContent('共 3 件');
  });
});
