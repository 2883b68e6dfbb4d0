// The expiry sweeper of events, subscriptions and signalling channels (docs/im-extend.md "Expiry sweep"):
// rows past their time are removed, others stay. A real server whose clock the test moves: after a sweep
// the clock goes back, where a row left behind would be answered again; a swept one is not.
import { sleep } from './support/im-core-clients';
import { RawImClient } from './support/raw-client';
import { errMsg } from './support/team-helpers';
import { account, startServer, type StartedServer } from './support/test-server';
import { ResponseCode, SignalingCode } from '../src/protocol';

const SHORT = 100101;
const LONG = 100102;
const HOUR_MS = 60 * 60 * 1000;

describe('expiry sweeper: events, subscriptions, signalling channels', () => {
  let server: StartedServer;
  const start = Date.now();
  let clock = start;
  const clients: RawImClient[] = [];
  const open = async (name: string) => {
    const client = await RawImClient.loggedIn(server.wsUrl, account(name));
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startServer({ now: () => clock, expirySweepIntervalMs: 50 });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.server.close();
  });

  /** Lets the sweeper run at `forward`, then looks at `start` until `swept()` holds. */
  const sweepAt = async (forward: number, swept: () => Promise<boolean>) => {
    for (let i = 0; i < 40; i++) {
      clock = forward;
      // fixed wait: the sweeper runs on its own 50 ms timer; the clock stays moved for a few of its runs
      await sleep(150);
      clock = start;
      if (await swept()) return;
    }
    throw new Error('the expired rows were not swept');
  };

  it('removes expired events and subscriptions and keeps valid ones; keeps an expired channel for its 9102 grace, then removes it', async () => {
    const pub = account('sw_pub');
    const publisher = await open('sw_pub');
    const fan = await open('sw_fan');
    expect((await publisher.request('publishEvent', { event: { type: SHORT, value: 1, validTime: 60 } })).code).toBe(200);
    expect((await publisher.request('publishEvent', { event: { type: LONG, value: 2 } })).code).toBe(200);
    expect((await fan.request('subscribeEvent', { type: SHORT, accounts: [pub], subscribeTime: 60 })).code).toBe(200);
    expect((await fan.request('subscribeEvent', { type: LONG, accounts: [pub] })).code).toBe(200);
    const query = async (client: RawImClient, type: number) => (await client.request('querySubscribeEvents', { type, accounts: [pub] })).body.events ?? [];
    expect(await query(fan, SHORT)).toEqual([expect.objectContaining({ value: 1 })]);
    const created = await publisher.request('signalingCreate', { type: 1, channelName: account('sw_room') });
    expect(created.code).toBe(200);
    const channelId = created.body.channel?.channelId as string;

    // 61 s later the short event and subscription are past their time: swept. A new subscriber sees no event.
    const late = await open('sw_late');
    expect((await late.request('subscribeEvent', { type: SHORT, accounts: [pub] })).code).toBe(200);
    await sweepAt(start + 61_000, async () => (await query(late, SHORT)).length === 0);
    // The fan's subscription went too: an event published now does not reach its query.
    expect((await publisher.request('publishEvent', { event: { type: SHORT, value: 3, validTime: 60 } })).code).toBe(200);
    expect(await query(late, SHORT)).toEqual([expect.objectContaining({ value: 3 })]);
    expect(await query(fan, SHORT)).toEqual([]);
    // The long event and its subscription stay, and so does the channel.
    expect(await query(fan, LONG)).toEqual([expect.objectContaining({ value: 2 })]);

    // Expired, within the grace: a join is 9102 "closed or expired", the row stays.
    clock = start + 2 * HOUR_MS + 60_000;
    // fixed wait: sweeper runs (50 ms timer) pass inside the grace and must keep the channel row
    await sleep(300);
    const inGrace = await fan.request('signalingJoin', { channelId });
    expect([inGrace.code, errMsg(inGrace)]).toEqual([ResponseCode.CHANNEL_INVALID, `channel ${channelId} is closed or expired`]);
    clock = start;
    expect((await fan.request('signalingJoin', { channelId, uid: 1 })).code).toBe(200);
    expect((await fan.request('signalingLeave', { channelId })).code).toBe(200);

    // Past the grace: gone, so even at the old time the channel is unknown (10404).
    await sweepAt(start + 3 * HOUR_MS + 1000, async () => (await fan.request('signalingJoin', { channelId, uid: 2 })).code === SignalingCode.ROOM_NOT_EXIST);
    expect(await query(fan, LONG)).toEqual([expect.objectContaining({ value: 2 })]);
  });
});
