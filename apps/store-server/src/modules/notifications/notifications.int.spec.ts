// The new-order channel (decision 0006): a single-use, short-lived ticket bound to the caller's
// store opens a Server-Sent Events stream; a buyer's payment reaches the streams of its store only.
import { EVENT_STREAM_TICKET_TTL_SECONDS, STORE_EVENT_STREAM_PATH } from '@merchant/api-contracts';
import { DEV_BUYER_KEY } from '../../config';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { ManualClock } from '../../testing/manual-clock';
import { openStream, type OpenStream } from '../../testing/sse-client';

const TICKET = '/v1/store/notifications/createEventStreamTicket';
const OK = '00000000';
const DEMO_STORE = 1001;
const OTHER_STORE = 1006;
const CONSOLE_ORIGIN = 'http://localhost:4200';

interface TicketData {
  ticket: string;
  expiresAt: number;
  streamPath: string;
}

describe('new-order event stream', () => {
  let h: TestHarness;
  const clock = new ManualClock(Date.now());
  const streams: OpenStream[] = [];
  beforeAll(async () => {
    h = await startTestServer({ clock, config: { buyerKey: DEV_BUYER_KEY } });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await h.close();
  });

  const ticketFor = async (token: string): Promise<TicketData> => {
    const answer = await h.call<TicketData>(TICKET, {}, token);
    expect(answer.code).toBe(OK);
    return answer.data;
  };
  const streamUrl = (ticket: string, lastEventId?: string) =>
    `${h.url}${STORE_EVENT_STREAM_PATH}?ticket=${encodeURIComponent(ticket)}${lastEventId ? `&lastEventId=${encodeURIComponent(lastEventId)}` : ''}`;
  const open = async (ticket: string, lastEventId?: string, headers?: Record<string, string>) => {
    const stream = await openStream(streamUrl(ticket, lastEventId), headers);
    streams.push(stream);
    return stream;
  };

  /** An unpaid order of `storeId` with a per-run buyer, as a buyer leaves it before paying. */
  const unpaidOrder = async (storeId: number, amountCents: number) => {
    const buyerAccid = `c_live_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const nowSeconds = Math.floor(clock.now().getTime() / 1000);
    const row = await h.database.db
      .insertInto('store_order')
      .values({ store_id: storeId, status: 0, amount_cents: amountCents, created_at: nowSeconds, buyer_accid: buyerAccid })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { orderId: row.id, buyerAccid };
  };
  const pay = async (order: { orderId: number; buyerAccid: string }) => {
    expect((await h.keyed(`/buyer/orders/${order.orderId}/pay`, { buyerAccid: order.buyerAccid }, DEV_BUYER_KEY)).status).toBe(200);
  };

  it('issues a ticket for the signed-in caller only, valid for the stated time', async () => {
    expect((await h.call(TICKET, {})).code).toBe('10302006');
    const token = await h.login('demo_merchant', 'Demo12345');
    const data = await ticketFor(token);
    expect(data.streamPath).toBe(STORE_EVENT_STREAM_PATH);
    expect(data.expiresAt).toBe(Math.floor(clock.now().getTime() / 1000) + EVENT_STREAM_TICKET_TTL_SECONDS);
    const other = await ticketFor(token);
    expect(other.ticket).not.toBe(data.ticket);
  });

  it('refuses a missing, forged, reused or expired ticket with 401 and a clear code', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const missing = await openStream(`${h.url}${STORE_EVENT_STREAM_PATH}`);
    expect([missing.status, JSON.parse(missing.body).code]).toEqual([401, '10302006']);
    expect(JSON.parse(missing.body).msg).toBe('event stream ticket is invalid');
    const inChinese = await openStream(`${h.url}${STORE_EVENT_STREAM_PATH}?ticket=x`, { 'accept-language': 'zh-CN' });
    expect(JSON.parse(inChinese.body).msg).toBe('事件流票据无效');

    // Another store's id put into a genuine ticket: the signature no longer matches.
    const { ticket } = await ticketFor(token);
    const [body, signature] = ticket.split('.');
    const claims = JSON.parse(Buffer.from(body as string, 'base64url').toString('utf8')) as { s: number };
    const forgedBody = Buffer.from(JSON.stringify({ ...claims, s: OTHER_STORE })).toString('base64url');
    const forged = await openStream(streamUrl(`${forgedBody}.${signature}`));
    expect([forged.status, JSON.parse(forged.body).msg]).toEqual([401, 'event stream ticket is invalid']);

    const first = await open(ticket);
    expect(first.status).toBe(200);
    first.close();
    const reused = await openStream(streamUrl(ticket));
    expect([reused.status, JSON.parse(reused.body).code, JSON.parse(reused.body).msg]).toEqual([401, '10302006', 'event stream ticket was already used']);

    const late = await ticketFor(token);
    clock.advanceSeconds(EVENT_STREAM_TICKET_TTL_SECONDS + 1);
    const expired = await openStream(streamUrl(late.ticket));
    expect([expired.status, JSON.parse(expired.body).msg]).toEqual([401, 'event stream ticket has expired']);
  });

  it("sends a paid order to its own store's streams and never to another store's", async () => {
    const demo = await open((await ticketFor(await h.login('demo_merchant', 'Demo12345'))).ticket, undefined, { origin: CONSOLE_ORIGIN });
    const other = await open((await ticketFor(await h.login('demo_service', 'Demo12345'))).ticket);
    expect([demo.status, other.status]).toEqual([200, 200]);
    expect(demo.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // CORS as on the server's other routes: the console's origin may read the stream.
    expect(demo.headers.get('access-control-allow-origin')).toBe(CONSOLE_ORIGIN);

    const demoOrder = await unpaidOrder(DEMO_STORE, 12_345);
    await pay(demoOrder);
    const received = await demo.nextEvent();
    expect(received.event).toBe('orderPaid');
    expect(JSON.parse(received.data ?? '')).toEqual({ orderId: demoOrder.orderId, amountCents: 12_345, paidAt: expect.any(Number) });

    // The other store's stream carries its own payment first: the demo store's was never sent to it
    // (one connection delivers in order).
    const otherOrder = await unpaidOrder(OTHER_STORE, 500);
    await pay(otherOrder);
    const otherReceived = await other.nextEvent();
    expect(JSON.parse(otherReceived.data ?? '').orderId).toBe(otherOrder.orderId);
  });

  it('replays what a reconnecting console missed after its Last-Event-ID, and only its store', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const first = await open((await ticketFor(token)).ticket);
    const before = await unpaidOrder(DEMO_STORE, 100);
    await pay(before);
    const seen = await first.nextEvent();
    first.close();

    const missed = await unpaidOrder(DEMO_STORE, 200);
    await pay(missed);
    await pay(await unpaidOrder(OTHER_STORE, 300));
    const again = await open((await ticketFor(token)).ticket, seen.id);
    const replayed = await again.nextEvent();
    expect(JSON.parse(replayed.data ?? '').orderId).toBe(missed.orderId);
    expect(replayed.id).not.toBe(seen.id);

    // The browser's own reconnect sends the header instead of the query.
    const viaHeader = await open((await ticketFor(token)).ticket, undefined, { 'last-event-id': seen.id ?? '' });
    expect(JSON.parse((await viaHeader.nextEvent()).data ?? '').orderId).toBe(missed.orderId);
  });
});
