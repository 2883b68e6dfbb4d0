// Issue 34 §2 "Two store-server instances": two real store-server processes on one PostgreSQL database share
// nothing else. What one process used to keep in memory and the other needs now lives in the database
// (docs/operations.md "Running more than one instance"); each test crosses from one instance to the other.
// jest.int.config.cjs leaves this file out when DATABASE_URL is not set (PGlite is one process's database).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { EXPORT_JOB_STATE, GOODS_STATUS, STORE_EVENT_STREAM_PATH, exportEndpoints, type ExportJob } from '@merchant/api-contracts';
import { SESSION_PATHS, createMemoryStorage, createSecureClient, type SecureClient } from '@merchant/secure-transport';
import { sql } from 'kysely';
import { DEV_BUYER_KEY } from '../src/config';
import { DEMO_BUYERS, DEMO_ORDER_SIMULATOR_TASK } from '../src/modules/orders';
import { eventually } from '../src/testing/eventually';
import { openStream, type OpenStream } from '../src/testing/sse-client';
import { createTestDatabase, type TestDatabase } from '../src/testing/test-database';
import { ChildStoreServer, freePort } from './support/child-store-server';

const { DATABASE_URL } = process.env;
const OK = '00000000';
const DEMO_STORE = 1001;
const LOGIN = '/v1/store/eshop/store/user/login';
const TICKET = '/v1/store/notifications/createEventStreamTicket';
/** The shortest interval the simulator accepts (orders.simulator.ts). */
const SIMULATOR_SECONDS = 5;

interface Sent {
  target: string;
  path: string;
  init: { method: string; headers: Record<string, string>; body: string };
}

describe('two store-server instances on one PostgreSQL', () => {
  let database: TestDatabase;
  let a: ChildStoreServer;
  let b: ChildStoreServer;
  let dataDir: string;
  const streams: OpenStream[] = [];
  const clients: SecureClient[] = [];
  const startSeconds = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    if (!DATABASE_URL) throw new Error('two-instances.int.spec.ts needs DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
    database = await createTestDatabase();
    // One media folder for both, as on one machine (several machines: S3, docs/operations.md).
    dataDir = mkdtempSync(join(tmpdir(), 'store-two-instances-'));
    const env = (id: string) => ({
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      ENABLE_TEST_HOOKS: '1',
      STORE_INSTANCE_ID: id,
      DEMO_ORDER_SIMULATOR: '1',
      DEMO_ORDER_SIMULATOR_INTERVAL_SECONDS: String(SIMULATOR_SECONDS),
    });
    a = new ChildStoreServer(await freePort(), env('a'));
    b = new ChildStoreServer(await freePort(), env('b'));
    // One after the other: the first creates the envelope's RSA pair, the second reads it.
    await a.start();
    await b.start();
  }, 120_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    for (const client of clients) client.dispose();
    await a?.stop();
    await b?.stop();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** An envelope client whose calls alternate between the instances, as a round-robin balancer sends them. */
  const roundRobinClient = (mode: 'none' | 'aes' = 'aes') => {
    const sent: Sent[] = [];
    const storage = createMemoryStorage();
    let next = 0;
    const client = createSecureClient({
      baseUrl: 'http://balancer.invalid',
      mode,
      storage,
      getLanguage: () => 'en-US',
      fetch: (url, init) => {
        const target = [a.url, b.url][next++ % 2]!;
        const path = new URL(url).pathname;
        sent.push({ target, path, init });
        return fetch(`${target}${path}`, init);
      },
    });
    clients.push(client);
    return { client, sent, storage };
  };

  const login = async (client: SecureClient) => {
    const answer = await client.request<{ accessToken: string }>(LOGIN, { userName: 'demo_merchant', password: 'Demo12345' });
    expect(answer.code).toBe(OK);
    client.setAccessToken(answer.data.accessToken);
    return answer.data.accessToken;
  };

  it('a secure session set up across both instances serves calls, renews on either, and a request replayed to the other is refused', async () => {
    const { client, sent, storage } = roundRobinClient('aes');
    await login(client);
    for (let i = 0; i < 4; i++) expect((await client.request(TICKET, {})).code).toBe(OK);
    // Set-up (create, handshake), sign-in and calls went to both.
    expect(new Set(sent.map((s) => s.target))).toEqual(new Set([a.url, b.url]));
    expect(sent.map((s) => s.path)).toEqual(expect.arrayContaining([SESSION_PATHS.createSession, SESSION_PATHS.handshake, LOGIN]));

    // Renewal is due (as after renewTime): the next call renews first, on whichever instance its turn is.
    const sessionKey = 'merchant.secure.session';
    const session = JSON.parse(storage.getItem(sessionKey)!) as { renewTime: number };
    storage.setItem(sessionKey, JSON.stringify({ ...session, renewTime: 0 }));
    const before = sent.length;
    expect((await client.request(TICKET, {})).code).toBe(OK);
    expect(sent.slice(before).map((s) => s.path)).toEqual([SESSION_PATHS.renewSession, TICKET]);
    expect((await client.request(TICKET, {})).code).toBe(OK);

    // The last call accepted by one instance, sent again word for word to the other: its nonce was used.
    const last = sent[sent.length - 1]!;
    const other = last.target === a.url ? b.url : a.url;
    const replayed = await fetch(`${other}${last.path}`, { method: last.init.method, headers: last.init.headers, body: last.init.body });
    expect(await replayed.text()).toContain('10301008');
  });

  const unpaidOrder = async (amountCents: number) => {
    const buyerAccid = `c_two_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const row = await database.db
      .insertInto('store_order')
      .values({ store_id: DEMO_STORE, status: 0, amount_cents: amountCents, created_at: Math.floor(Date.now() / 1000), buyer_accid: buyerAccid })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { orderId: row.id, buyerAccid };
  };
  const payThrough = async (server: ChildStoreServer, order: { orderId: number; buyerAccid: string }) => {
    const response = await fetch(`${server.url}/buyer/orders/${order.orderId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-buyer-key': DEV_BUYER_KEY },
      body: JSON.stringify({ buyerAccid: order.buyerAccid }),
    });
    expect(response.status).toBe(200);
  };
  const streamOn = async (server: ChildStoreServer, client: SecureClient, lastEventId?: string) => {
    const ticket = await client.request<{ ticket: string }>(TICKET, {});
    const query = `ticket=${encodeURIComponent(ticket.data.ticket)}${lastEventId ? `&lastEventId=${encodeURIComponent(lastEventId)}` : ''}`;
    const stream = await openStream(`${server.url}${STORE_EVENT_STREAM_PATH}?${query}`);
    streams.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };
  /** The next event of one of this test's orders (the demo simulators pay orders of the same store meanwhile). */
  const nextOrder = async (stream: OpenStream, orderIds: number[]) => {
    for (;;) {
      const message = await stream.nextEvent();
      if (orderIds.includes(JSON.parse(message.data ?? '{}').orderId)) return message;
    }
  };

  it('an order paid through one instance reaches a console connected to the other, and a reconnect to the first replays what it missed', async () => {
    const { client } = roundRobinClient('none');
    await login(client);
    const onB = await streamOn(b, client);
    const first = await unpaidOrder(4_321);
    await payThrough(a, first);
    const seen = await nextOrder(onB, [first.orderId]);
    expect(JSON.parse(seen.data!)).toEqual({ orderId: first.orderId, amountCents: 4_321, paidAt: expect.any(Number) });
    onB.close();

    // Paid through B while no stream is open; the console reconnects to A with the id it saw on B.
    const missed = await unpaidOrder(1_234);
    await payThrough(b, missed);
    const onA = await streamOn(a, client, seen.id);
    const replayed = await nextOrder(onA, [missed.orderId, first.orderId]);
    expect(JSON.parse(replayed.data!).orderId).toBe(missed.orderId);
    // And live again on A for an order paid through B.
    const live = await unpaidOrder(999);
    await payThrough(b, live);
    expect(JSON.parse((await nextOrder(onA, [live.orderId])).data!).orderId).toBe(live.orderId);
  });

  it('export jobs created on both instances each run exactly once, and download from either', async () => {
    const { client } = roundRobinClient('none');
    await login(client);
    // Three jobs (the per-store limit), their create calls alternating between the instances.
    const jobIds: number[] = [];
    for (const name of ['first', 'second', 'third']) {
      const created = await client.request<ExportJob>(exportEndpoints.create.path, {
        resource: 'goods.list',
        filters: { status: GOODS_STATUS.onShelf },
        fileName: `two-instances-${name}`,
      });
      expect(created.code).toBe(OK);
      jobIds.push(created.data.jobId);
    }
    const jobs = await eventually(
      async () =>
        (await sql<{ id: number; state: number; attempts: number }>`select id, state, attempts from store_export_job where id in (${sql.join(jobIds)}) order by id`.execute(database.db))
          .rows,
      (rows) => rows.every((row) => row.state === EXPORT_JOB_STATE.done),
    );
    // Claimed once each (FOR UPDATE SKIP LOCKED): no job was started twice.
    expect(jobs).toEqual(jobIds.map((id) => ({ id, state: EXPORT_JOB_STATE.done, attempts: 1 })));
    for (const jobId of jobIds) {
      const status = await client.request<ExportJob>(exportEndpoints.status.path, { jobId });
      const file = await fetch(status.data.downloadUrl);
      expect([file.status, file.headers.get('content-type')]).toEqual([200, expect.stringContaining('spreadsheetml')]);
    }
  });

  it('the demo order simulator places one order per turn across both instances, and the survivor takes the turns when one dies', async () => {
    const turnRow = () => database.db.selectFrom('store_task_turn').select(['turn', 'last_run_by']).where('task', '=', DEMO_ORDER_SIMULATOR_TASK).executeTakeFirst();
    const accids = DEMO_BUYERS.map((buyer) => buyer.accid);
    /** Plain orders the simulator placed since this file began (the promotion simulator's carry a promotion or coupon). */
    const simulatorOrders = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from store_order
            where store_id = ${DEMO_STORE} and created_at >= ${startSeconds} and buyer_accid in (${sql.join(accids)})
              and coupon_id is null and promotion_kind is null and paid_at is not null`.execute(database.db)
        ).rows[0]!.n,
      );
    /** Orders and turns read together, orders first: an order is placed only after its turn was taken. */
    const ordersAndTurns = async () => {
      const orders = await simulatorOrders();
      const row = await turnRow();
      return { orders, turns: row ? Number(row.turn) + 1 : 0, by: row?.last_run_by };
    };

    // Both instances tick every interval, but turns are an interval apart: each take sets next_run_at to the
    // database's now() + interval - 1 s, so consecutive turns' next_run_at differ by at least that. (Were each
    // instance to run on its own ticks, two instances would take turns at two phases, one gap of every two at most
    // half an interval.) Read often enough to see consecutive turns.
    const takenAt = new Map<number, number>();
    const pairs = () => [...takenAt].filter(([turn]) => takenAt.has(turn + 1)).map(([turn, at]) => takenAt.get(turn + 1)! - at);
    const deadline = Date.now() + 60_000;
    while (pairs().length < 3 && Date.now() < deadline) {
      const row = await database.db.selectFrom('store_task_turn').select(['turn', 'next_run_at']).where('task', '=', DEMO_ORDER_SIMULATOR_TASK).executeTakeFirst();
      if (row) takenAt.set(Number(row.turn), new Date(row.next_run_at).getTime());
      // fixed wait: the poll interval of this deadline-bounded read of turns the two processes take
      await delay(40);
    }
    expect(pairs().length).toBeGreaterThanOrEqual(3);
    for (const gap of pairs()) expect(gap).toBeGreaterThanOrEqual((SIMULATOR_SECONDS - 1) * 1000);
    // And each turn placed exactly one order.
    const settled = await eventually(ordersAndTurns, ({ orders, turns }) => turns >= 3 && orders === turns, { timeoutMs: 60_000 });
    expect(settled.orders).toBe(settled.turns);

    // A dies without a goodbye; B alone takes the next turns.
    await a.kill();
    const afterLoss = await eventually(
      ordersAndTurns,
      ({ orders, turns, by }) => by === 'b' && turns >= settled.turns + 2 && orders >= turns - 1,
      { timeoutMs: 60_000 },
    );
    expect(afterLoss.by).toBe('b');
    expect(afterLoss.turns).toBeGreaterThanOrEqual(settled.turns + 2);
    // Never more orders than turns (A's last turn may have died with it before its order committed).
    await b.stop();
    const final = await ordersAndTurns();
    expect(final.orders).toBeLessThanOrEqual(final.turns);
    expect(final.orders).toBeGreaterThanOrEqual(final.turns - 1);
  });
});
