// The console's end of the new-order channel: fresh ticket per connection, reconnect with growing
// jittered delays, the last event id carried over, bad events dropped, no retry after a final refusal.
import { connectStoreEventStream, reconnectDelayMs, streamUrl, type EventSourceLike } from './storeEventStream';

class FakeEventSource implements EventSourceLike {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, (event: { data?: unknown; lastEventId?: string }) => void>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: { data?: unknown; lastEventId?: string }) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown, lastEventId = '') {
    this.listeners.get(type)?.({ data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId });
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ticket = (n: number) => ({ ticket: `t${n}`, streamPath: '/v1/store/notifications/events' });

function harness(fetchTicket: () => Promise<{ ticket: string; streamPath: string }>) {
  FakeEventSource.opened = [];
  const timers: Array<{ run: () => void; ms: number }> = [];
  const orders: unknown[] = [];
  const stops: string[] = [];
  const stream = connectStoreEventStream({
    apiBase: 'http://127.0.0.1:3100',
    fetchTicket,
    onOrderPaid: (order) => orders.push(order),
    onStop: (reason) => stops.push(reason),
    isFinalRefusal: (error) => (error as { code?: string }).code === '10100003',
    createEventSource: (url) => new FakeEventSource(url),
    random: () => 0.5,
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
  });
  return { stream, timers, orders, stops };
}

describe('store event stream', () => {
  it('grows the reconnect delay exponentially up to the cap, half of it jittered', () => {
    const policy = { initialDelayMs: 1000, maxDelayMs: 30_000 };
    expect([0, 1, 2, 5, 10].map((attempt) => reconnectDelayMs(policy, attempt, 0))).toEqual([500, 1000, 2000, 15_000, 15_000]);
    expect(reconnectDelayMs(policy, 0, 0.999)).toBe(1000);
    expect(reconnectDelayMs(policy, 99, 0.999)).toBe(29_985);
  });

  it('builds the stream address from the API base, the ticket and the last event id', () => {
    expect(streamUrl('http://127.0.0.1:3100', ticket(1), null)).toBe('http://127.0.0.1:3100/v1/store/notifications/events?ticket=t1');
    expect(streamUrl('http://127.0.0.1:3100/', { ticket: 'a+b', streamPath: '/e' }, 'x-7')).toBe('http://127.0.0.1:3100/e?ticket=a%2Bb&lastEventId=x-7');
  });

  it('passes valid paid orders on, drops malformed ones, and reconnects with a new ticket and the last event id', async () => {
    let issued = 0;
    const { stream, timers, orders } = harness(async () => ticket((issued += 1)));
    await flush();
    const first = FakeEventSource.opened[0]!;
    expect(first.url).toContain('ticket=t1');
    first.onopen?.();
    first.emit('orderPaid', { orderId: 7, amountCents: 1999, paidAt: 1_760_000_000 }, 'boot-1');
    first.emit('orderPaid', 'not json', 'boot-2');
    first.emit('orderPaid', { orderId: -1, amountCents: 1, paidAt: 1 }, 'boot-3');
    expect(orders).toEqual([{ orderId: 7, amountCents: 1999, paidAt: 1_760_000_000 }]);

    first.onerror?.();
    expect(first.closed).toBe(true);
    expect(timers.map((timer) => timer.ms)).toEqual([750]);
    timers[0]!.run();
    await flush();
    const second = FakeEventSource.opened[1]!;
    expect(second.url).toContain('ticket=t2');
    // The last event that carried an id, even a malformed one, is where the server resumes.
    expect(second.url).toContain('lastEventId=boot-3');

    // Failing again before it opened: the delay grows.
    second.onerror?.();
    expect(timers.map((timer) => timer.ms)).toEqual([750, 1500]);
    stream.close();
    timers[1]!.run();
    await flush();
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('retries a failed ticket call later, and stops for good when it is refused for good', async () => {
    let calls = 0;
    const { timers, stops } = harness(() => {
      calls += 1;
      return Promise.reject(calls === 1 ? new Error('network') : { code: '10100003' });
    });
    await flush();
    expect(timers).toHaveLength(1);
    timers[0]!.run();
    await flush();
    expect(calls).toBe(2);
    expect(timers).toHaveLength(1);
    expect(stops).toEqual(['refused']);
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});
