// One stream per store across tabs: the lock holder streams and broadcasts, the others listen; the
// lock passes on when the leader closes; other stores' tabs never share; no locks, no sharing.
import { shareStoreEventStream, type TabChannel, type TabLocks } from './sharedStoreEvents';

/** Web Locks and BroadcastChannel as a browser gives them to tabs of one origin. */
function fakeBrowser() {
  const holders = new Map<string, boolean>();
  const queues = new Map<string, Array<() => void>>();
  const channels = new Map<string, Set<TabChannel>>();
  const locks: TabLocks = {
    request(name, { signal }, callback) {
      return new Promise((resolve, reject) => {
        const run = () => {
          holders.set(name, true);
          void callback().then(() => {
            holders.set(name, false);
            const next = queues.get(name)?.shift();
            next?.();
            resolve(undefined);
          });
        };
        if (!holders.get(name)) run();
        else {
          const queue = queues.get(name) ?? [];
          queue.push(run);
          queues.set(name, queue);
          signal.addEventListener('abort', () => {
            queues.set(name, (queues.get(name) ?? []).filter((waiting) => waiting !== run));
            reject(new Error('aborted'));
          });
        }
      });
    },
  };
  const createChannel = (name: string): TabChannel => {
    const set = channels.get(name) ?? new Set<TabChannel>();
    channels.set(name, set);
    const channel: TabChannel = {
      onmessage: null,
      postMessage: (message) => {
        for (const other of set) if (other !== channel) other.onmessage?.({ data: structuredClone(message) });
      },
      close: () => set.delete(channel),
    };
    set.add(channel);
    return channel;
  };
  return { locks, createChannel };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const order = (orderId: number) => ({ orderId, amountCents: 100, paidAt: 1_760_000_000 });

function tab(browser: ReturnType<typeof fakeBrowser>, storeKey: string) {
  const received: number[] = [];
  let emit: ((o: ReturnType<typeof order>) => void) | null = null;
  let streams = 0;
  let closedStreams = 0;
  const shared = shareStoreEventStream({
    storeKey,
    locks: browser.locks,
    createChannel: browser.createChannel,
    onOrderPaid: (o) => received.push(o.orderId),
    connect: (onOrderPaid) => {
      streams += 1;
      emit = onOrderPaid;
      return { close: () => (closedStreams += 1) };
    },
  });
  return {
    received,
    shared,
    streams: () => streams,
    closedStreams: () => closedStreams,
    serverSends: (o: ReturnType<typeof order>) => emit?.(o),
  };
}

describe('one store event stream per browser', () => {
  it('the first tab streams and passes events to the other tabs of its store, not to another store', async () => {
    const browser = fakeBrowser();
    const first = tab(browser, '1001');
    const second = tab(browser, '1001');
    const otherStore = tab(browser, '1006');
    await flush();
    expect([first.streams(), second.streams(), otherStore.streams()]).toEqual([1, 0, 1]);
    first.serverSends(order(7));
    expect(first.received).toEqual([7]);
    expect(second.received).toEqual([7]);
    expect(otherStore.received).toEqual([]);
  });

  it('hands the stream to a waiting tab when the leading tab closes, and a closed waiting tab never leads', async () => {
    const browser = fakeBrowser();
    const first = tab(browser, '1001');
    const second = tab(browser, '1001');
    const third = tab(browser, '1001');
    await flush();
    third.shared.close();
    first.shared.close();
    await flush();
    expect(first.closedStreams()).toBe(1);
    expect([second.streams(), third.streams()]).toEqual([1, 0]);
    second.serverSends(order(8));
    expect(second.received).toEqual([8]);
    expect(first.received).toEqual([]);
    expect(third.received).toEqual([]);
  });

  it('ignores malformed broadcasts, and streams in every tab without Web Locks', async () => {
    const browser = fakeBrowser();
    const leading = tab(browser, '1001');
    const listening = tab(browser, '1001');
    await flush();
    const intruder = browser.createChannel('merchant-console-store-events:1001');
    intruder.postMessage({ orderId: 'x' });
    expect(listening.received).toEqual([]);
    expect(leading.received).toEqual([]);

    let streams = 0;
    shareStoreEventStream({ storeKey: '1001', locks: null, createChannel: browser.createChannel, onOrderPaid: () => undefined, connect: () => ((streams += 1), { close: () => undefined }) });
    shareStoreEventStream({ storeKey: '1001', locks: null, createChannel: browser.createChannel, onOrderPaid: () => undefined, connect: () => ((streams += 1), { close: () => undefined }) });
    expect(streams).toBe(2);
    expect([leading.streams(), listening.streams()]).toEqual([1, 0]);
  });
});
