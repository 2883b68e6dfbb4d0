// In the signed-in shell: a paid order on the store's stream raises a notice in the merchant's
// language linking to the order, and counts on the orders menu entry until the order list opens.
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS } from '@merchant/api-contracts';
import { act } from 'react';
import { renderSignedIn, waitForPath } from '../../../test/renderConsole';
import { createFakeStoreServer, DEMO_USER, type FakeUser } from '../../../test/fakeStoreServer';
import { fakeOrder, installOrdersFake } from '../orders/ordersFake';

type Listener = (event: { data?: unknown; lastEventId?: string }) => void;

class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, Listener>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown, lastEventId: string) {
    act(() => this.listeners.get(type)?.({ data: JSON.stringify(data), lastEventId }));
  }
}

const TICKET_PATH = '/v1/store/notifications/createEventStreamTicket';
const orderViewer: FakeUser = { ...DEMO_USER, token: 'token-order-viewer', info: { ...DEMO_USER.info, permissions: [PERMISSIONS.orderView] } };

// The shell's chunk loads once per file; on a busy machine that first import outlasts a test's wait.
beforeAll(() => import('../../layout/AppShell'), 60_000);

beforeEach(() => {
  FakeEventSource.opened = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

async function signedInWithStream(user: FakeUser = orderViewer, path = '/dashboard') {
  const server = createFakeStoreServer([user]);
  const { orders } = installOrdersFake(server, [fakeOrder(41, 1)]);
  server.on(TICKET_PATH, () => ({
    code: '00000000',
    msg: 'success',
    data: { ticket: 'ticket-1', expiresAt: 1_900_000_000, streamPath: '/v1/store/notifications/events' },
  }));
  return { ...(await renderSignedIn({ server, token: user.token, path })), orders };
}

describe('new order notifications', () => {
  it('opens the stream with a ticket from store-server', async () => {
    const { server } = await signedInWithStream();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(server.callsTo(TICKET_PATH)).toHaveLength(1);
    expect(FakeEventSource.opened[0]!.url).toBe('http://127.0.0.1:3100/v1/store/notifications/events?ticket=ticket-1');
  });

  it('opens no stream for a user without the order view permission', async () => {
    // The chat's frame (it needs im:chat) mounts once the first page settled, like the stream would.
    const chatOnly: FakeUser = { ...DEMO_USER, info: { ...DEMO_USER.info, permissions: [PERMISSIONS.imChat] } };
    const { server } = await signedInWithStream(chatOnly);
    await screen.findByTestId('im-frame');
    expect(server.callsTo(TICKET_PATH)).toHaveLength(0);
    expect(FakeEventSource.opened).toHaveLength(0);
  });

  it('announces a paid order with a link to it and counts it on the orders menu until the list is opened', async () => {
    const { user, location } = await signedInWithStream();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.opened[0]!;
    expect(screen.queryByTestId('new-orders-badge')).not.toBeInTheDocument();
    source.emit('orderPaid', { orderId: 42, amountCents: 1999, paidAt: 1_760_000_000 }, 'b-1');
    const notice = await screen.findByTestId('notification');
    expect(notice).toHaveTextContent('You have a new paid order');
    expect(screen.getByTestId('new-orders-badge')).toHaveTextContent('1');
    expect(screen.getByTestId('new-orders-badge')).toHaveAttribute('aria-label', '1 new order');
    source.emit('orderPaid', { orderId: 43, amountCents: 500, paidAt: 1_760_000_001 }, 'b-2');
    await waitFor(() => expect(screen.getByTestId('new-orders-badge')).toHaveTextContent('2'));
    expect(screen.getByTestId('new-orders-badge')).toHaveAttribute('aria-label', '2 new orders');
    // The newer order's toast replaced the first one (one toast per topic, issue 35 §7): its link opens order 43.
    await waitFor(() => expect(notice).not.toBeInTheDocument());
    expect(screen.getAllByTestId('notification')).toHaveLength(1);

    await user.click(within(screen.getByTestId('notification')).getByRole('link', { name: 'view order' }));
    await waitForPath(location, '/order/orderDetails?id=43');
    expect(screen.getByTestId('new-orders-badge')).toHaveTextContent('2');
    act(() => {
      void screen.getByTestId('new-orders-badge').closest('a')?.click();
    });
    await waitForPath(location, '/order/orderList');
    await waitFor(() => expect(screen.queryByTestId('new-orders-badge')).not.toBeInTheDocument());
  });

  it('refreshes an open order list when a paid order arrives', async () => {
    const { server } = await signedInWithStream(orderViewer, '/order/orderList');
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    await waitFor(() => expect(server.callsTo('/order/list').length).toBeGreaterThan(0));
    const before = server.callsTo('/order/list').length;
    FakeEventSource.opened[0]!.emit('orderPaid', { orderId: 44, amountCents: 100, paidAt: 1_760_000_002 }, 'b-3');
    await waitFor(() => expect(server.callsTo('/order/list').length).toBeGreaterThan(before));
    // Seen already: the merchant is on the list.
    expect(screen.queryByTestId('new-orders-badge')).not.toBeInTheDocument();
  });

  it('refreshes the dashboard order counts and chart when a paid order arrives', async () => {
    const { server, orders } = await signedInWithStream();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(await screen.findByTestId('dashboard-order-total')).toHaveTextContent('Total orders: 1');
    expect(screen.getByTestId('dashboard-order-count-1')).toHaveTextContent('to ship1');
    const before = server.callsTo('/order/queryStoreOrderCount').length;
    orders.push(fakeOrder(45, 1));
    FakeEventSource.opened[0]!.emit('orderPaid', { orderId: 45, amountCents: 100, paidAt: 1_760_000_003 }, 'b-4');
    await waitFor(() => expect(screen.getByTestId('dashboard-order-total')).toHaveTextContent('Total orders: 2'));
    expect(screen.getByTestId('dashboard-order-count-1')).toHaveTextContent('to ship2');
    expect(server.callsTo('/order/queryStoreOrderCount')).toHaveLength(before + 1);
  });
});
